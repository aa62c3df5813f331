// The hints' bindings: loadHintFacts on the API client, the clock and browser storage;
// rememberDismissed on storage. Browser only.
import { dismissedHintKey } from '../../machines/session/hints.rules'
import { hintFactsLoader } from '../../machines/session/hints.actors'
import { hintsMachine } from '../../machines/session/hints.machine'
import { getDepositSummary, getprofileinfo } from '../../services/api/contract/account'
import { isAccountStateError } from './expected-errors'
import type { AppServices } from './AppProviders'

function stored(key: string): boolean {
  try {
    return window.localStorage.getItem(key) !== null
  } catch {
    return false
  }
}

export function provideHints(services: AppServices) {
  return hintsMachine.provide({
    actors: {
      loadHintFacts: hintFactsLoader({
        now: () => Date.now(),
        depositCount: async () => (await services.api.call(getDepositSummary)).deposit_count,
        contacts: async () => (await services.api.call(getprofileinfo, { fields: 'contacts' })).contacts ?? [],
        stored,
      }),
    },
    actions: {
      rememberDismissed: (_, { uid, kind }) => {
        try {
          window.localStorage.setItem(dismissedHintKey(uid, kind), new Date().toISOString())
        } catch {
          // Storage off (private mode): the hint comes back on the next page, nothing worse.
        }
      },
      // A hint is a nicety: when its facts cannot be read it stays hidden. A session that ended
      // elsewhere (another tab, the server's idle expiry), a ban or maintenance is no fault of the
      // page; the inactivity watcher and the system pages deal with them, so only other failures are reported.
      reportError: (_, { error }) => {
        if (isAccountStateError(error)) return
        console.error('hints:', error)
      },
    },
  })
}
