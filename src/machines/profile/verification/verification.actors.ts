// Actors of identity verification; the defaults call this browser page's API client, settling API
// errors as values (auth.results). Tests swap them with `.provide({ actors })`.
import { fromPromise } from 'xstate'
import { browserApiClient } from '../../../services/api/browser-client'
import { createApplicant, getAccessToken, getVerificationStatus, setUserOnVerification } from '../../../services/api/contract/verification'
import { settleAuthCall } from '../../auth/auth.results'
import type { LoadVerificationResult, OpenSdkResult, SdkSession } from './verification.types'

const token = async (): Promise<SdkSession> => {
  const answer = await browserApiClient().call(getAccessToken, {})
  return { url: answer.sdk_url, token: answer.token, expiresAt: answer.expires_at }
}

/** GET verification/getStatus. */
export const loadStatus = fromPromise<LoadVerificationResult>(() => settleAuthCall(async () => ({ state: await browserApiClient().call(getVerificationStatus, {}) })))

/** POST verification/createApplicant (the same one when it exists), then getAccessToken for the SDK. */
export const openSdk = fromPromise<OpenSdkResult>(() =>
  settleAuthCall(async () => {
    await browserApiClient().call(createApplicant, {})
    return { sdk: await token() }
  }),
)

/** POST verification/getAccessToken: a new token when the SDK's ran out. */
export const renewToken = fromPromise<OpenSdkResult>(() => settleAuthCall(async () => ({ sdk: await token() })))

/** POST account/setUserOnVerification (the server asks the provider), then the status it led to. */
export const submitDocuments = fromPromise<LoadVerificationResult>(() =>
  settleAuthCall(async () => {
    await browserApiClient().call(setUserOnVerification, {})
    return { state: await browserApiClient().call(getVerificationStatus, {}) }
  }),
)
