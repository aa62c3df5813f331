// What the sports bets views read.
import type { SnapshotFrom } from 'xstate'
import { SB_BETS_TAGS, type sbBetsMachine } from './bets.machine'
import { hasMore } from './bets.rules'
import type { AmountProblem, BetFilter, BetsFailure, CashOutMode, CashOutNotice, CashOutOffer, SbBet } from './bets.types'

export type SbBetsSnapshot = SnapshotFrom<typeof sbBetsMachine>

export type BetsView = 'loading' | 'shown' | 'empty' | 'failed'
export const selectBetsView = (s: SbBetsSnapshot): BetsView => {
  if (s.matches({ list: 'shown' })) return 'shown'
  if (s.matches({ list: 'empty' })) return 'empty'
  if (s.matches({ list: 'failed' })) return 'failed'
  return 'loading'
}
export const selectBetsLoading = (s: SbBetsSnapshot): boolean => s.hasTag(SB_BETS_TAGS.loading)
export const selectLoadingMore = (s: SbBetsSnapshot): boolean => s.hasTag(SB_BETS_TAGS.loadingMore)
export const selectMoreFailed = (s: SbBetsSnapshot): boolean => s.matches({ list: { shown: 'moreFailed' } })
export const selectBets = (s: SbBetsSnapshot): readonly SbBet[] => s.context.bets
export const selectFilter = (s: SbBetsSnapshot): BetFilter => s.context.filter
export const selectHasMore = (s: SbBetsSnapshot): boolean => s.matches({ list: 'shown' }) && hasMore(s.context.bets, s.context.total)
export const selectFailure = (s: SbBetsSnapshot): BetsFailure | null => s.context.failure

export type CashOutView = 'idle' | 'quoting' | 'offered' | 'confirming' | 'cashing' | 'unavailable' | 'quoteFailed' | 'failed' | 'done'
export const selectCashOutView = (s: SbBetsSnapshot): CashOutView => {
  for (const view of ['quoting', 'offered', 'confirming', 'cashing', 'unavailable', 'quoteFailed', 'failed', 'done'] as const) {
    if (s.matches({ cashout: view })) return view
  }
  return 'idle'
}
/** The bet whose cash-out panel is open; null when none is. */
export const selectCashOutBet = (s: SbBetsSnapshot): string | null => (s.matches({ cashout: 'idle' }) ? null : s.context.betId)
export const selectOffer = (s: SbBetsSnapshot): CashOutOffer | null => s.context.offer
/** The offer is being asked again while shown (a quiet "updating" beside it). */
export const selectOfferRefreshing = (s: SbBetsSnapshot): boolean => s.matches({ cashout: { offered: 'refreshing' } })
export const selectMode = (s: SbBetsSnapshot): CashOutMode => s.context.mode
export const selectAmountText = (s: SbBetsSnapshot): string => s.context.amountText
export const selectAmountProblem = (s: SbBetsSnapshot): AmountProblem | null => s.context.amountProblem
export const selectNotice = (s: SbBetsSnapshot): CashOutNotice => s.context.notice
/** What the confirmed cash-out pays (major units); null before one is confirmed. */
export const selectTaking = (s: SbBetsSnapshot): string | null => s.context.taking
export const selectCashing = (s: SbBetsSnapshot): boolean => s.hasTag(SB_BETS_TAGS.cashing)
/** "Cash out" is offered on a row while no other cash-out is open. */
export const selectCanOpen = (s: SbBetsSnapshot): boolean => s.matches({ cashout: 'idle' })
export const selectCanClose = (s: SbBetsSnapshot): boolean => s.can({ type: 'cashout.close' })
