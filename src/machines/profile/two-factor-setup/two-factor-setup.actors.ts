// Actors of the two-factor set-up: the defaults call the API and the clipboard from the browser
// (ARCHITECTURE §3), settling API errors as values; tests swap them with
// `twoFactorSetupMachine.provide({ actors })`.
import { fromPromise } from 'xstate'
import { browserApiClient } from '../../../services/api/browser-client'
import { changeTwoFactorAuth, confirmTwoFactorAuth } from '../../../services/api/contract/account'
import { settleAuthCall } from '../../auth/auth.results'
import type {
  ConfirmSetupInput,
  ConfirmSetupResult,
  CopyCodesInput,
  DisableInput,
  DisableResult,
  StartSetupInput,
  StartSetupResult,
} from './two-factor-setup.types'

/** POST account/changeTwoFactorAuth enable=1 with the password: the pending secret to scan. */
export const startSetup = fromPromise<StartSetupResult, StartSetupInput>(({ input }) =>
  settleAuthCall(async () => {
    const data = await browserApiClient().call(changeTwoFactorAuth, { enable: true, password: input.password })
    if (!data.pending) throw new Error('changeTwoFactorAuth answered no pending secret to enable')
    const { secret, otpauth_uri: otpauthUri, qr } = data.pending
    // Only an image the page can show as one: a QR code the server drew as SVG.
    return { pending: { secret, otpauthUri, ...(qr && /^data:image\/svg\+xml;base64,[A-Za-z0-9+/=]+$/.test(qr) ? { qr } : {}) } }
  }),
)

/** POST account/confirmTwoFactorAuth with the code: the recovery codes, shown once. */
export const confirmSetup = fromPromise<ConfirmSetupResult, ConfirmSetupInput>(({ input }) =>
  settleAuthCall(async () => ({ recoveryCodes: (await browserApiClient().call(confirmTwoFactorAuth, { code: input.code })).recovery_codes })),
)

/** POST account/changeTwoFactorAuth enable=0 with a code or a recovery code. */
export const disableTwoFactor = fromPromise<DisableResult, DisableInput>(({ input }) =>
  settleAuthCall(async () => {
    await browserApiClient().call(changeTwoFactorAuth, { enable: false, code: input.code })
    return {}
  }),
)

/** Writes the recovery codes to the clipboard; rejects when the browser refuses. */
export const copyCodes = fromPromise<void, CopyCodesInput>(async ({ input }) => {
  if (!navigator.clipboard) throw new Error('no clipboard')
  await navigator.clipboard.writeText(input.text)
})

/**
 * The server now answers UserBannedException to this session: a full load renders the
 * user-blocked page with its 403 (SPEC §8). The machine's default `showBlockedPage`.
 */
export function reloadPage(): void {
  window.location.reload()
}
