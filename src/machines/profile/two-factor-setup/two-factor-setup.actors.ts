// Actors of the two-factor set-up. Defaults fail loudly: the profile page binds them to the API
// client with `twoFactorSetupMachine.provide({ actors })`, settling API errors as values.
import { fromPromise } from 'xstate'
import type {
  ConfirmSetupInput,
  ConfirmSetupResult,
  CopyCodesInput,
  DisableInput,
  DisableResult,
  StartSetupInput,
  StartSetupResult,
} from './two-factor-setup.types'

const missing = (name: string) => async () => {
  throw new Error(`twoFactorSetupMachine: actor "${name}" not provided; bind it with .provide()`)
}

/** POST account/changeTwoFactorAuth enable=1 with the password. */
export const startSetup = fromPromise<StartSetupResult, StartSetupInput>(missing('startSetup'))
/** POST account/confirmTwoFactorAuth with the code. */
export const confirmSetup = fromPromise<ConfirmSetupResult, ConfirmSetupInput>(missing('confirmSetup'))
/** POST account/changeTwoFactorAuth enable=0 with a code or a recovery code. */
export const disableTwoFactor = fromPromise<DisableResult, DisableInput>(missing('disableTwoFactor'))
/** Writes the recovery codes to the clipboard; rejects when the browser refuses. */
export const copyCodes = fromPromise<void, CopyCodesInput>(missing('copyCodes'))
