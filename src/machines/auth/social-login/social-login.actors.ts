// Actors the social-login flow invokes. Defaults fail loudly: src/ui/auth/social-login/social-login-provider.ts
// binds them to the API client and the browser window (ARCHITECTURE §3).
import { fromCallback, fromPromise } from 'xstate'
import type { LoadSocialSettingsResult, RefreshUserResult, SocialLoginEvent, WatchWindowInput } from './social-login.types'

/** GET oauth/getsettings: the buttons to show and the redirect allowlist. */
export const loadSettings = fromPromise<LoadSocialSettingsResult>(async () => {
  throw new Error('socialLoginMachine: actor "loadSettings" not provided')
})

/** GET account/getInfo after the window finished: is this page's session a player now? */
export const refreshUser = fromPromise<RefreshUserResult>(async () => {
  throw new Error('socialLoginMachine: actor "refreshUser" not provided')
})

/**
 * Watches the window openWindow opened: sends 'social.window.result' for its message,
 * 'social.window.closed' when it closes without one, 'social.window.blocked' when there is none.
 */
export const watchWindow = fromCallback<SocialLoginEvent, WatchWindowInput>(() => {
  throw new Error('socialLoginMachine: actor "watchWindow" not provided')
})
