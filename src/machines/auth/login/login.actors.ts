// Actors the login flow invokes. Defaults fail loudly: the browser binds them to the per-request
// API client with `loginMachine.provide({ actors: { ... } })` (ARCHITECTURE §1, §3), wrapping each
// call in `settleAuthCall` so API errors come back as values.
import { fromPromise } from 'xstate'
import { settleAuthCall } from '../auth.results'
import type { AccountInfo, LoyaltyInfo, PlayerProfile } from '../auth.types'
import type { LoadSessionInput, LoadSessionResult, SubmitLoginInput, SubmitLoginResult } from './login.types'

/** POST auth/login (SPEC §7) with login, password and, in the twofa step, code. */
export const submitLogin = fromPromise<SubmitLoginResult, SubmitLoginInput>(async () => {
  throw new Error('loginMachine: actor "submitLogin" not provided; bind it to the API client with .provide()')
})

/** Loads user, profile and loyalty after the server accepted the login; see createLoadSession. */
export const loadSession = fromPromise<LoadSessionResult, LoadSessionInput>(async () => {
  throw new Error('loginMachine: actor "loadSession" not provided; build it with createLoadSession()')
})

export interface SessionLoaders {
  /** GET account/getInfo. */
  readonly loadUser: () => Promise<AccountInfo>
  /** GET account/getprofileinfo. */
  readonly loadProfile: () => Promise<PlayerProfile>
  /** GET loyalty/getinfo; null when the player has no programme. */
  readonly loadLoyalty: () => Promise<LoyaltyInfo | null>
}

/**
 * The `loadSession` actor from three calls made at once (SPEC §4 'Login': user, profile and
 * loyalty load). User and profile are the session: an API error in either is a failed login.
 * Loyalty is an extra (SPEC §8: a single loyalty failure is swallowed inside a settled group), so
 * its failure gives `loyalty: null` and the login goes on.
 */
export function createLoadSession(loaders: SessionLoaders) {
  return fromPromise<LoadSessionResult, LoadSessionInput>(() =>
    settleAuthCall(async () => {
      const [account, profile, loyalty] = await Promise.all([
        loaders.loadUser(),
        loaders.loadProfile(),
        loaders.loadLoyalty().catch(() => null),
      ])
      return { session: { account, profile, loyalty } }
    }),
  )
}
