// What views read from the social-login flow (ARCHITECTURE §7 rule 4).
import type { SnapshotFrom } from 'xstate'
import { SOCIAL_LOGIN_TAGS, type socialLoginMachine } from './social-login.machine'
import type { SocialLoginMessageId, SocialService } from './social-login.types'

export type SocialLoginSnapshot = SnapshotFrom<typeof socialLoginMachine>

/** The buttons to render; empty while loading, when none are configured, and once finished. */
export const selectSocialServices = (snapshot: SocialLoginSnapshot): readonly SocialService[] =>
  snapshot.hasTag(SOCIAL_LOGIN_TAGS.buttons) ? snapshot.context.services : []

/** A window is open or its outcome is being checked. */
export const selectSocialBusy = (snapshot: SocialLoginSnapshot): boolean => snapshot.hasTag(SOCIAL_LOGIN_TAGS.busy)

/** The service whose window is open (its button shows loading). */
export const selectActiveService = (snapshot: SocialLoginSnapshot): string | null =>
  snapshot.hasTag(SOCIAL_LOGIN_TAGS.busy) ? snapshot.context.service : null

export const selectSocialAlert = (snapshot: SocialLoginSnapshot): SocialLoginMessageId | null => snapshot.context.alert

export const selectCanCancelSocial = (snapshot: SocialLoginSnapshot): boolean => snapshot.can({ type: 'social.cancel' })

/** For `data-state` (ARCHITECTURE §7 rule 5): 'social.ready', 'social.waiting', ... */
export const selectSocialDataState = (snapshot: SocialLoginSnapshot): string =>
  `social.${typeof snapshot.value === 'string' ? snapshot.value : Object.keys(snapshot.value)[0]}`
