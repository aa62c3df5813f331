// Actors of the transaction history; the default fails loudly until bound to cashier/gethistory.
import { fromPromise } from 'xstate'
import type { LoadHistoryInput, LoadHistoryResult } from './history.types'

/** Reads one page of cashier/gethistory for the query; an API error comes back as a value. */
export const loadHistory = fromPromise<LoadHistoryResult, LoadHistoryInput>(async () => {
  throw new Error('historyMachine: actor "loadHistory" not provided; bind it to the API client with .provide()')
})
