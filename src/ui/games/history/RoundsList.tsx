import { Trans, useLingui } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import { Link } from 'react-router'
import { css, cx } from 'styled-system/css'
import { card, muted, pill, textLink } from 'styled-system/recipes'
import type { gameHistoryMachine } from '../../../machines/games/history/history.machine'
import { netLook } from '../../../machines/games/history/history.rules'
import { selectFiltered, selectHasMore, selectLoadingMore, selectMoreFailed, selectRounds, selectRoundsView, selectTotal } from '../../../machines/games/history/history.selectors'
import type { GameHistoryRow } from '../../../machines/games/history/history.types'
import { formatDateTime } from '../../../shared/format'
import { formatAmount, formatSignedAmount } from '../../../shared/format-money'
import { Alert } from '../../kit/Alert'
import { Button } from '../../kit/Button'
import { LoadFailed } from '../../kit/LoadFailed'
import { Skeleton } from '../../kit/Skeleton'

type HistoryRef = ActorRefFrom<typeof gameHistoryMachine>

const amount = css({ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', textAlign: 'right' })
// Colour with a sign, never colour alone (DESIGN: green and red only for win and loss).
const net = css({
  fontWeight: 'semibold',
  fontVariantNumeric: 'tabular-nums',
  whiteSpace: 'nowrap',
  '&[data-net=win]': { color: 'success' },
  '&[data-net=loss]': { color: 'danger' },
})
const badge = (mode: string) => pill({ tone: mode === 'real' ? 'accent' : 'neutral' })
const gameLink = css({ fontWeight: 'semibold', color: 'text', textDecoration: 'underline', textDecorationColor: 'border', textUnderlineOffset: '3px', _hover: { textDecorationColor: 'currentColor' } })
const verifyLink = cx(textLink(), css({ display: 'inline-flex', alignItems: 'center', minH: '6', whiteSpace: 'nowrap' }))

// From a tablet up: a table. On a phone: a card per round. Only one is displayed (display: none
// keeps the other out of the accessibility tree), so a screen reader meets each round once.
const table = css({
  display: { base: 'none', tablet: 'table' },
  w: 'full',
  borderCollapse: 'collapse',
  fontSize: 'sm',
  // Longhands: a `border` shorthand would reset the colour to the text's.
  '& th, & td': { py: '3', px: '2', borderBottomWidth: '1px', borderBottomStyle: 'solid', borderBottomColor: 'border', textAlign: 'left', verticalAlign: 'middle' },
  '& thead th': { color: 'textMuted', fontWeight: 'semibold', fontSize: 'xs', textTransform: 'uppercase', letterSpacing: '0.04em', py: '2' },
  '& tbody tr:last-child > *': { borderBottomWidth: '0' },
  '& th:first-child, & td:first-child': { pl: '0' },
  '& th:last-child, & td:last-child': { pr: '0' },
  '& [data-num]': { textAlign: 'right' },
})
const cards = css({ display: { base: 'grid', tablet: 'none' }, gap: '0', listStyle: 'none', p: '0', m: '0' })
const cardItem = css({
  display: 'grid',
  gap: '2',
  py: '3',
  borderBottomWidth: '1px',
  borderBottomStyle: 'solid',
  borderBottomColor: 'border',
  _last: { borderBottomWidth: '0' },
})
const cardTop = css({ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: '3', minW: '0', '& > a': { minW: '0', overflowWrap: 'anywhere' } })
const cardMeta = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2', fontSize: 'sm', color: 'textMuted' })
const cardFigures = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '1 4', fontSize: 'sm', m: '0', '& > div': { display: 'flex', gap: '1' }, '& dt': { color: 'textMuted' }, '& dd': { m: '0', fontVariantNumeric: 'tabular-nums' } })

/** The rounds: loading, failed, empty or shown, with "show more" under them. */
export function RoundsList({ actor }: { actor: HistoryRef }) {
  const view = useSelector(actor, selectRoundsView)
  const filtered = useSelector(actor, selectFiltered)
  if (view === 'loadFailed') {
    return (
      <LoadFailed onRetry={() => actor.send({ type: 'history.retry' })}>
        <Trans>We could not load your rounds.</Trans>
      </LoadFailed>
    )
  }
  if (view === 'invalidRange') {
    return (
      <Alert tone="error" data-testid="rounds-invalid-range">
        <Trans>The start date is after the end date. Change the dates and try again.</Trans>
      </Alert>
    )
  }
  if (view === 'empty') {
    return (
      <div className={cx(card(), css({ justifyItems: 'start' }))} data-testid="rounds-empty">
        <p className={muted()}>{filtered ? <Trans>No rounds match these filters.</Trans> : <Trans>You have not played any rounds yet.</Trans>}</p>
        {filtered ? null : (
          <Link to="/gamehall" className={textLink()}>
            <Trans>Find a game to play</Trans>
          </Link>
        )}
      </div>
    )
  }
  if (view === 'loading') {
    return (
      <div className={card()} data-testid="rounds-loading">
        {[0, 1, 2, 3, 4].map((i) => (
          <Skeleton key={i} height={40} />
        ))}
      </div>
    )
  }
  return <ShownRounds actor={actor} />
}

function ShownRounds({ actor }: { actor: HistoryRef }) {
  const { t, i18n } = useLingui()
  const rounds = useSelector(actor, selectRounds)
  const total = useSelector(actor, selectTotal) ?? rounds.length
  const hasMore = useSelector(actor, selectHasMore)
  const loadingMore = useSelector(actor, selectLoadingMore)
  const moreFailed = useSelector(actor, selectMoreFailed)
  const locale = i18n.locale
  const shown = rounds.length
  const labels = {
    real: t`Real money`,
    fun: t`Fun`,
    open: t`In play`,
    settled: t`Settled`,
    void: t`Void`,
  }
  const verify = (row: GameHistoryRow) => {
    const id = row.id
    return (
      <Link to={`/fairness?round=${encodeURIComponent(row.id)}`} className={verifyLink} data-testid="round-verify">
        <Trans>Verify</Trans>
        <span className={css({ srOnly: true })}>{` ${t`round ${id}`}`}</span>
      </Link>
    )
  }
  const money = (value: string, row: GameHistoryRow) => formatAmount({ amount: value, currency: row.currency }, locale)
  const netOf = (row: GameHistoryRow) => (
    <span className={net} data-net={netLook(row)} data-testid="round-net">
      {formatSignedAmount({ amount: row.net, currency: row.currency }, locale)}
    </span>
  )
  return (
    <div className={card()}>
      <table className={table} data-testid="rounds-table">
        <caption className={css({ srOnly: true })}>
          <Trans>Your casino rounds, newest first</Trans>
        </caption>
        <thead>
          <tr>
            <th scope="col">{t`Game`}</th>
            <th scope="col">{t`Played`}</th>
            <th scope="col">{t`Mode`}</th>
            <th scope="col" data-num>
              {t`Stake`}
            </th>
            <th scope="col" data-num>
              {t`Win`}
            </th>
            <th scope="col" data-num>
              {t`Net`}
            </th>
            <th scope="col">{t`Status`}</th>
            <th scope="col">
              <span className={css({ srOnly: true })}>{t`Fairness`}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rounds.map((row) => (
            <tr key={row.id} data-testid="round-row" data-round={row.id} data-mode={row.mode} data-status={row.status}>
              <th scope="row" className={css({ fontWeight: 'normal' })}>
                <Link to={`/game/${encodeURIComponent(row.game)}`} className={gameLink}>
                  {row.title}
                </Link>
              </th>
              <td className={css({ color: 'textMuted', whiteSpace: 'nowrap' })}>{formatDateTime(row.createdAt, locale)}</td>
              <td>
                <span className={badge(row.mode)} data-mode={row.mode}>
                  {labels[row.mode]}
                </span>
              </td>
              <td className={amount} data-num data-testid="round-stake">
                {money(row.stake, row)}
              </td>
              <td className={amount} data-num data-testid="round-payout">
                {money(row.payout, row)}
              </td>
              <td data-num>{netOf(row)}</td>
              <td className={css({ whiteSpace: 'nowrap' })}>{labels[row.status]}</td>
              <td>{verify(row)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul className={cards} aria-label={t`Your casino rounds, newest first`} data-testid="rounds-cards">
        {rounds.map((row) => (
          <li key={row.id} className={cardItem} data-testid="round-card" data-round={row.id} data-mode={row.mode} data-status={row.status}>
            <div className={cardTop}>
              <Link to={`/game/${encodeURIComponent(row.game)}`} className={gameLink}>
                {row.title}
              </Link>
              <span>
                <span className={css({ srOnly: true })}>{t`Net`}: </span>
                {netOf(row)}
              </span>
            </div>
            <div className={cardMeta}>
              <span>{formatDateTime(row.createdAt, locale)}</span>
              <span className={badge(row.mode)} data-mode={row.mode}>
                {labels[row.mode]}
              </span>
              <span>{labels[row.status]}</span>
            </div>
            <div className={css({ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: '3' })}>
              <dl className={cardFigures}>
                <div>
                  <dt>{t`Stake`}</dt>
                  <dd data-testid="round-stake">{money(row.stake, row)}</dd>
                </div>
                <div>
                  <dt>{t`Win`}</dt>
                  <dd data-testid="round-payout">{money(row.payout, row)}</dd>
                </div>
              </dl>
              {verify(row)}
            </div>
          </li>
        ))}
      </ul>
      <div className={css({ display: 'grid', gap: '3', justifyItems: 'center' })}>
        <p className={muted()} data-testid="rounds-count">
          <Trans>
            Showing {shown} of {total}
          </Trans>
        </p>
        {moreFailed ? (
          <Alert
            tone="error"
            className={css({ w: 'full' })}
            action={
              <Button variant="primary" size="sm" onClick={() => actor.send({ type: 'history.retry' })}>
                <Trans>Try again</Trans>
              </Button>
            }
            data-testid="rounds-more-failed"
          >
            <Trans>We could not load more rounds.</Trans>
          </Alert>
        ) : hasMore ? (
          <Button variant="secondary" onClick={() => actor.send({ type: 'history.more' })} loading={loadingMore} data-testid="rounds-more">
            <Trans>Show more rounds</Trans>
          </Button>
        ) : null}
      </div>
    </div>
  )
}
