// Actors the root actor invokes. Defaults fail loudly: the browser and server providers bind them
// to the per-request API client with `appMachine.provide({ actors: { ... } })` (ARCHITECTURE §1, §3).
import { fromPromise } from 'xstate'
import type { FetchAccountInput, FetchAccountResult } from './app.types'

/** Re-reads the account (SPEC §7 GET account/getInfo); resolves API errors as `{ ok: false }`. */
export const fetchAccount = fromPromise<FetchAccountResult, FetchAccountInput>(async () => {
  throw new Error('appMachine: actor "fetchAccount" not provided; bind it to the API client with .provide()')
})
