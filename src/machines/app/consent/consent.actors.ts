// Default actors of the consent flow: they call src/services in the browser; tests and the server
// replace them with `consentMachine.provide({ actors })`.
import { fromPromise } from 'xstate'
import { loadFingerprintSession } from '../../../services/analytics/fingerprint'
import { recordVisit } from '../../../services/analytics/visit'
import type { FingerprintInput, FingerprintResult, HitInput } from './consent.types'

/** Loads the device-fingerprint script from its host and asks it for a session; a failure is `{ ok: false }`. */
export const loadFingerprint = fromPromise<FingerprintResult, FingerprintInput>(({ input }) => loadFingerprintSession(input.settings))

/** GET /hit with the landing page's referrer and query and the fingerprint session (SPEC §7). */
export const sendHit = fromPromise<void, HitInput>(({ input }) => recordVisit({ seonSession: input.seonSession }))
