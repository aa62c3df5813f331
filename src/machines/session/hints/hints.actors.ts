// Actors of the hints. The default reads the facts from the API, the clock and browser storage
// itself (ARCHITECTURE §3); tests build their own with `hintFactsLoader(...)` and .provide().
import { fromPromise } from 'xstate'
import { browserApiClient } from '../../../services/api/browser-client'
import { getDepositSummary, getprofileinfo } from '../../../services/api/contract/account'
import { isStored, store } from '../../../services/storage/local'
import { confirmSentKey, dismissedHintKey, loginContactConfirmed, neededFacts, type HintKind } from './hints.rules'
import type { LoadHintFactsInput, LoadHintFactsResult } from './hints.types'

export interface HintFactsSources {
  readonly now: () => number
  /** account/getDepositSummary's deposit_count. */
  readonly depositCount: () => Promise<number>
  /** account/getprofileinfo's contacts. */
  readonly contacts: () => Promise<readonly { readonly contact: string; readonly is_confirmed: boolean }[]>
  /** Whether a key is stored (browser storage; false when storage is off). */
  readonly stored: (key: string) => boolean
}

const KINDS: readonly HintKind[] = ['registration', 'confirmContacts']

/**
 * Reads only the facts still worth reading at this moment (none once both windows are over), both
 * calls at once. A failing call fails the load: the machine then shows nothing rather than a hint
 * built on a guess.
 */
export function hintFactsLoader(sources: HintFactsSources) {
  return fromPromise<LoadHintFactsResult, LoadHintFactsInput>(({ input }) => readHintFacts(sources, input))
}

async function readHintFacts(sources: HintFactsSources, input: LoadHintFactsInput): Promise<LoadHintFactsResult> {
  const checkedAt = sources.now()
  const needed = neededFacts(input.regTime, checkedAt)
  const [hasDeposit, loginConfirmed] = await Promise.all([
    needed.deposits ? sources.depositCount().then((n) => n > 0) : Promise.resolve(null),
    needed.contacts ? sources.contacts().then((list) => loginContactConfirmed(input.login, list)) : Promise.resolve(null),
  ])
  return {
    checkedAt,
    hasDeposit,
    loginContactConfirmed: loginConfirmed,
    confirmSent: sources.stored(confirmSentKey(input.uid)),
    dismissed: KINDS.filter((kind) => sources.stored(dismissedHintKey(input.uid, kind))),
  }
}

/** The facts of this browser: account/getDepositSummary, account/getprofileinfo, localStorage. */
export const loadHintFacts = fromPromise<LoadHintFactsResult, LoadHintFactsInput>(({ input }) => {
  const api = browserApiClient()
  const sources: HintFactsSources = {
    now: () => Date.now(),
    depositCount: async () => (await api.call(getDepositSummary)).deposit_count,
    contacts: async () => (await api.call(getprofileinfo, { fields: 'contacts' })).contacts ?? [],
    stored: isStored,
  }
  return readHintFacts(sources, input)
})

/** Remembers a closed hint for the player in browser storage (the default rememberDismissed). */
export function rememberDismissedHint(uid: number, kind: HintKind): void {
  store(dismissedHintKey(uid, kind), new Date().toISOString())
}
