// Actors of the hints. The default fails loudly; the browser provides `hintFactsLoader(...)` bound
// to the API client, the clock and storage (src/ui/app/hint-provider.ts), tests their own.
import { fromPromise } from 'xstate'
import { confirmSentKey, dismissedHintKey, loginContactConfirmed, neededFacts, type HintKind } from './hints.rules'
import type { LoadHintFactsInput, LoadHintFactsResult } from './hints.types'

export const loadHintFacts = fromPromise<LoadHintFactsResult, LoadHintFactsInput>(async () => {
  throw new Error('hintsMachine: actor "loadHintFacts" not provided; bind it with hintFactsLoader() and .provide()')
})

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
  return fromPromise<LoadHintFactsResult, LoadHintFactsInput>(async ({ input }) => {
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
  })
}
