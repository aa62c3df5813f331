// Actors of the reset-password dialog. The default fails loudly: the dialog binds it to the page's
// API client with `resetPasswordMachine.provide` (src/ui/auth/reset-password/reset-password-provider.ts).
import { fromPromise } from 'xstate'
import type { SubmitResetInput, SubmitResetResult } from './reset-password.types'

/** POST auth/resetPassword (token, password). */
export const submitReset = fromPromise<SubmitResetResult, SubmitResetInput>(async () => {
  throw new Error('resetPasswordMachine: actor "submitReset" not provided; bind it to the API client with .provide()')
})
