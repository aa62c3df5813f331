import { Trans, useLingui } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { useEffect, useRef } from 'react'
import { Link } from 'react-router'
import { css, cx } from 'styled-system/css'
import { card, muted, textLink } from 'styled-system/recipes'
import { selectFeature } from '../../../machines/app/app/app.selectors'
import { sbBetsMachine } from '../../../machines/sportsbook/bets/bets.machine'
import { canCashOut } from '../../../machines/sportsbook/bets/bets.rules'
import {
  selectBets,
  selectBetsLoading,
  selectBetsView,
  selectCanOpen,
  selectCashOutBet,
  selectFilter,
  selectHasMore,
  selectLoadingMore,
  selectMoreFailed,
} from '../../../machines/sportsbook/bets/bets.selectors'
import { SB_BALANCE_STALE, type BetFilter } from '../../../machines/sportsbook/bets/bets.types'
import { useAppActor, useAppSelector } from '../../app/AppProviders'
import { useEmitted } from '../../app/useEmitted'
import { useFlowActor } from '../../app/useFlowActor'
import { Alert } from '../../kit/Alert'
import { Button } from '../../kit/Button'
import { LoadFailed } from '../../kit/LoadFailed'
import { Skeleton } from '../../kit/Skeleton'
import { BetCard } from './BetCard'
import { BetFilterTabs } from './BetFilterTabs'
import { CashOutPanel } from './CashOutPanel'

// One column that never grows past the page: the chips scroll inside it on a phone.
const section = css({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: '4', minW: '0' })
const title = css({ textStyle: 'title', mt: '2' })
const list = css({ display: 'grid', listStyle: 'none', p: '0', m: '0' })

const selectBetHistory = selectFeature('betHistory')

export interface SportsBetsProps {
  /** The filter the page asks for (/bets/won); the profile page starts on every bet. */
  readonly filter?: BetFilter
  /** Tabs as links to these paths; without it they are buttons. */
  readonly hrefOf?: (filter: BetFilter) => string
  /** Tests hand in the flow with their own actors. */
  readonly machine?: typeof sbBetsMachine
}

/**
 * "Sports bets": the player's bets under a status filter with the cash-out of an open one
 * (docs/sportsbook.md#the-bets-page). The site config's betHistory switch off shows a note
 * instead and starts nothing.
 */
export function SportsBets(props: SportsBetsProps) {
  const enabled = useAppSelector(selectBetHistory)
  if (!enabled) {
    return (
      <section className={section} aria-labelledby="sports-bets-title" data-testid="sports-bets" data-state="off">
        <h2 id="sports-bets-title" className={title}>
          <Trans>Sports bets</Trans>
        </h2>
        <Alert tone="info" role="note" data-testid="sports-bets-off">
          <Trans>The sports bet history is not available at the moment. Your bets still settle and pay as usual.</Trans>
        </Alert>
      </section>
    )
  }
  return <SportsBetsList {...props} />
}

function SportsBetsList({ filter = 'all', hrefOf, machine = sbBetsMachine }: SportsBetsProps) {
  // Typed amounts are read in the page's locale.
  const { i18n } = useLingui()
  const actor = useFlowActor(machine, { input: { filter, locale: i18n.locale } })
  const app = useAppActor()
  useEmitted(actor, SB_BALANCE_STALE, () => app.send({ type: 'balance.refresh' }))
  const shownFilter = useSelector(actor, selectFilter)
  // The page's path is the filter: a new path is a new filter for the flow.
  useEffect(() => {
    if (actor.getSnapshot().context.filter !== filter) actor.send({ type: 'bets.filter', filter })
  }, [actor, filter])
  const view = useSelector(actor, selectBetsView)
  const loading = useSelector(actor, selectBetsLoading)
  return (
    <section className={section} aria-labelledby="sports-bets-title" aria-busy={loading || undefined} data-testid="sports-bets" data-state={view} data-filter={shownFilter}>
      <h2 id="sports-bets-title" className={title}>
        <Trans>Sports bets</Trans>
      </h2>
      <BetFilterTabs filter={shownFilter} hrefOf={hrefOf} onPick={(f) => actor.send({ type: 'bets.filter', filter: f })} />
      <BetsBody actor={actor} />
    </section>
  )
}

type BetsRef = ReturnType<typeof useFlowActor<typeof sbBetsMachine>>

function BetsBody({ actor }: { actor: BetsRef }) {
  const view = useSelector(actor, selectBetsView)
  const filter = useSelector(actor, selectFilter)
  if (view === 'failed') {
    return (
      <LoadFailed onRetry={() => actor.send({ type: 'bets.retry' })}>
        <Trans>We could not load your bets.</Trans>
      </LoadFailed>
    )
  }
  if (view === 'empty') {
    return (
      <div className={cx(card(), css({ justifyItems: 'start' }))} data-testid="sports-bets-empty">
        <p className={muted()}>{filter === 'all' ? <Trans>You have not placed any sports bets yet.</Trans> : <Trans>No bets here.</Trans>}</p>
        {filter === 'all' ? (
          <Link to="/betting" className={textLink()}>
            <Trans>Find an event to bet on</Trans>
          </Link>
        ) : null}
      </div>
    )
  }
  if (view === 'loading') {
    return (
      <div className={card()} data-testid="sports-bets-loading">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={96} />
        ))}
      </div>
    )
  }
  return <ShownBets actor={actor} />
}

function ShownBets({ actor }: { actor: BetsRef }) {
  const bets = useSelector(actor, selectBets)
  const panelBet = useSelector(actor, selectCashOutBet)
  const canOpen = useSelector(actor, selectCanOpen)
  const hasMore = useSelector(actor, selectHasMore)
  const loadingMore = useSelector(actor, selectLoadingMore)
  const moreFailed = useSelector(actor, selectMoreFailed)
  // The row's "Cash out" button takes focus back when its panel closes.
  const openers = useRef(new Map<string, HTMLButtonElement>())
  const returnTo = useRef<string | null>(null)
  useEffect(() => {
    if (panelBet === null && returnTo.current) {
      // A bet cashed out in full has no button any more: its heading takes focus instead.
      const target = openers.current.get(returnTo.current) ?? document.getElementById(`bet-${returnTo.current}-title`)
      target?.focus()
      returnTo.current = null
    }
  }, [panelBet])
  return (
    <div className={card()}>
      <ul className={list} data-testid="sports-bets-list">
        {bets.map((bet) => (
          <li key={bet.id}>
            <BetCard
              bet={bet}
              buttonRef={(el) => {
                if (el) openers.current.set(bet.id, el)
                else openers.current.delete(bet.id)
              }}
              cashOut={canOpen && canCashOut(bet) ? () => actor.send({ type: 'cashout.open', bet: bet.id }) : null}
              panel={panelBet === bet.id ? <CashOutPanel actor={actor} betId={bet.id} onClosed={() => (returnTo.current = bet.id)} /> : null}
            />
          </li>
        ))}
      </ul>
      {moreFailed ? (
        <Alert tone="error">
          <Trans>We could not load more bets.</Trans>
        </Alert>
      ) : null}
      {hasMore || moreFailed ? (
        <Button variant="secondary" loading={loadingMore} onClick={() => actor.send({ type: moreFailed ? 'bets.retry' : 'bets.more' })} data-testid="sports-bets-more">
          {moreFailed ? <Trans>Try again</Trans> : <Trans>Show more</Trans>}
        </Button>
      ) : null}
    </div>
  )
}
