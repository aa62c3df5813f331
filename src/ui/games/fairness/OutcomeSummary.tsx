import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { css, cx } from 'styled-system/css'

// A readable summary of a recomputed round, per engine: the roll, the cards, the slot window, the
// mines... Only what the engine's public view holds; the raw JSON is shown beside it.

const list = css({
  display: 'grid',
  gridTemplateColumns: { base: 'minmax(0, 1fr)', tablet: 'minmax(8rem, auto) minmax(0, 1fr)' },
  columnGap: '4',
  rowGap: { base: '0.5', tablet: '2' },
  m: '0',
  '& dt': { color: 'textMuted', fontSize: 'sm', mt: { base: '2', tablet: '0' } },
  '& dd': { m: '0', fontWeight: 'semibold', fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' },
})
const chips = css({ display: 'flex', flexWrap: 'wrap', gap: '1.5', listStyle: 'none', p: '0', m: '0' })
const chip = css({
  minW: '8',
  px: '1.5',
  py: '0.5',
  borderRadius: 'sm',
  border: '1px solid',
  borderColor: 'border',
  bg: 'surfaceRaised',
  textAlign: 'center',
  fontVariantNumeric: 'tabular-nums',
  '&[data-hit=true]': { borderColor: 'success', color: 'success' },
  '&[data-red=true]': { color: 'danger' },
})
const grid = css({ display: 'grid', gap: '1', w: 'fit-content', maxW: 'full' })
const cell = css({
  w: { base: '9', tablet: '10' },
  h: { base: '9', tablet: '10' },
  display: 'grid',
  placeItems: 'center',
  borderRadius: 'sm',
  border: '1px solid',
  borderColor: 'border',
  bg: 'surfaceRaised',
  fontSize: 'xs',
  fontWeight: 'semibold',
  '&[data-mine=true]': { bg: 'dangerSubtle', borderColor: 'danger', color: 'danger' },
  '&[data-revealed=true]': { borderColor: 'success', color: 'success' },
})
const slotTable = css({
  borderCollapse: 'separate',
  borderSpacing: '1',
  '& td': {
    px: '1.5',
    py: '1',
    minW: '10',
    textAlign: 'center',
    bg: 'surfaceRaised',
    border: '1px solid',
    borderColor: 'border',
    borderRadius: 'sm',
    fontSize: 'xs',
    fontWeight: 'semibold',
    whiteSpace: 'nowrap',
  },
})
const scroll = css({ overflowX: 'auto', maxW: 'full' })

const RANKS = ['', 'A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K']
const SUITS = ['♣', '♦', '♥', '♠']
type Card = { rank: number; suit: number }
const isCard = (x: unknown): x is Card => typeof x === 'object' && x !== null && typeof (x as Card).rank === 'number' && typeof (x as Card).suit === 'number'

function CardChip({ card }: { card: Card | null }) {
  if (!card) return <li className={chip}>?</li>
  return (
    <li className={chip} data-red={card.suit === 1 || card.suit === 2}>
      {RANKS[card.rank] ?? '?'}
      {SUITS[card.suit] ?? ''}
    </li>
  )
}

function Cards({ cards, label }: { cards: readonly (Card | null)[]; label: string }) {
  return (
    <ul className={chips} aria-label={label}>
      {cards.map((c, i) => (
        <CardChip key={i} card={c} />
      ))}
    </ul>
  )
}

function Numbers({ values, hits = [], label }: { values: readonly number[]; hits?: readonly number[]; label: string }) {
  return (
    <ul className={chips} aria-label={label}>
      {values.map((n, i) => (
        <li key={i} className={chip} data-hit={hits.includes(n)}>
          {n}
        </li>
      ))}
    </ul>
  )
}

/** A slot's window as it landed, rows top to bottom (window[reel][row]). */
function SlotWindow({ window: columns, label }: { window: readonly (readonly string[])[]; label: string }) {
  const rows = Math.max(0, ...columns.map((c) => c.length))
  return (
    <div className={scroll}>
      <table className={slotTable} aria-label={label} data-testid="fairness-slot-window">
        <tbody>
          {Array.from({ length: rows }, (_, row) => (
            <tr key={row}>
              {columns.map((column, reel) => (
                <td key={reel}>{column[row]}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/** Blackjack's running total, an ace counted 11 when it fits. */
function handTotal(cards: readonly (Card | null)[]): number {
  let total = 0
  let aces = 0
  for (const card of cards) {
    if (!card) continue
    total += Math.min(card.rank, 10)
    if (card.rank === 1) aces += 1
  }
  return aces > 0 && total + 10 <= 21 ? total + 10 : total
}

const POKER_HANDS: Readonly<Record<string, MessageDescriptor>> = {
  nothing: msg`No win`,
  jacksOrBetter: msg`Jacks or better`,
  twoPair: msg`Two pair`,
  threeOfAKind: msg`Three of a kind`,
  straight: msg`Straight`,
  flush: msg`Flush`,
  fullHouse: msg`Full house`,
  fourOfAKind: msg`Four of a kind`,
  straightFlush: msg`Straight flush`,
  royalFlush: msg`Royal flush`,
}

const HAND_RESULTS: Readonly<Record<string, MessageDescriptor>> = {
  blackjack: msg`Blackjack`,
  win: msg`Win`,
  push: msg`Push`,
  lose: msg`Loss`,
  bust: msg`Bust`,
}

interface Row {
  key: string
  label: ReactNode
  value: ReactNode
}

const num = (x: unknown): number | null => (typeof x === 'number' && Number.isFinite(x) ? x : null)
const arr = <T,>(x: unknown): readonly T[] => (Array.isArray(x) ? (x as T[]) : [])
const obj = (x: unknown): Record<string, unknown> => (typeof x === 'object' && x !== null && !Array.isArray(x) ? (x as Record<string, unknown>) : {})

/** The engine's public view of a finished round, made readable. */
export function OutcomeSummary({ kind, view, multiplier }: { kind: string; view: unknown; multiplier: number }) {
  const { t, i18n } = useLingui()
  const fmt = (n: number | null, digits = 4) => (n === null ? '—' : new Intl.NumberFormat(i18n.locale, { maximumFractionDigits: digits }).format(n))
  const fixed2 = (n: number | null) => (n === null ? '—' : new Intl.NumberFormat(i18n.locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n))
  const v = obj(view)
  const rows: Row[] = []
  const winLoss = (win: boolean) => (win ? t`Win` : t`Loss`)

  switch (kind) {
    case 'dice': {
      const direction = v.direction === 'under' ? t`under` : t`over`
      const target = fixed2(num(v.target))
      rows.push({ key: 'roll', label: <Trans>Roll</Trans>, value: <span data-testid="fairness-dice-roll">{fixed2(num(v.roll))}</span> })
      rows.push({ key: 'bet', label: <Trans>Bet</Trans>, value: <Trans>Roll {direction} {target}</Trans> })
      rows.push({ key: 'result', label: <Trans>Result</Trans>, value: winLoss(v.win === true) })
      break
    }
    case 'limbo': {
      rows.push({ key: 'result', label: <Trans>Multiplier drawn</Trans>, value: `×${fmt(num(v.result), 2)}` })
      rows.push({ key: 'target', label: <Trans>Target</Trans>, value: `×${fmt(num(v.target), 2)}` })
      rows.push({ key: 'win', label: <Trans>Result</Trans>, value: winLoss(v.win === true) })
      break
    }
    case 'wheel': {
      const segment = (num(v.segment) ?? 0) + 1
      const segments = num(v.segments) ?? 0
      rows.push({ key: 'segment', label: <Trans>Segment</Trans>, value: <Trans>{segment} of {segments}</Trans> })
      rows.push({ key: 'risk', label: <Trans>Risk</Trans>, value: String(v.risk ?? '') })
      break
    }
    case 'keno': {
      const hits = arr<number>(v.hits)
      const hitCount = hits.length
      rows.push({ key: 'drawn', label: <Trans>Numbers drawn</Trans>, value: <Numbers values={arr<number>(v.drawn)} hits={hits} label={t`Numbers drawn`} /> })
      rows.push({ key: 'picks', label: <Trans>Your picks</Trans>, value: <Numbers values={arr<number>(v.picks)} hits={hits} label={t`Your picks`} /> })
      rows.push({ key: 'hits', label: <Trans>Hits</Trans>, value: hitCount })
      break
    }
    case 'plinko': {
      const path = arr<number>(v.path)
        .map((step) => (step === 1 ? '↘' : '↙'))
        .join(' ')
      rows.push({ key: 'path', label: <Trans>Path (↙ left, ↘ right)</Trans>, value: path })
      rows.push({ key: 'slot', label: <Trans>Slot</Trans>, value: num(v.slot) ?? '—' })
      break
    }
    case 'roulette': {
      const colour = v.color === 'red' ? t`red` : v.color === 'black' ? t`black` : t`green`
      const number = num(v.number)
      rows.push({ key: 'number', label: <Trans>Number</Trans>, value: <Trans>{number} ({colour})</Trans> })
      break
    }
    case 'baccarat': {
      const playerTotal = num(v.playerTotal)
      const bankerTotal = num(v.bankerTotal)
      rows.push({ key: 'player', label: <Trans>Player ({playerTotal})</Trans>, value: <Cards cards={arr<Card>(v.playerCards).filter(isCard)} label={t`Player`} /> })
      rows.push({ key: 'banker', label: <Trans>Banker ({bankerTotal})</Trans>, value: <Cards cards={arr<Card>(v.bankerCards).filter(isCard)} label={t`Banker`} /> })
      rows.push({ key: 'winner', label: <Trans>Winner</Trans>, value: v.winner === 'player' ? t`Player` : v.winner === 'banker' ? t`Banker` : t`Tie` })
      break
    }
    case 'line_slot':
    case 'cluster_slot': {
      const spins = arr<Record<string, unknown>>(v.spins)
      const first = obj(spins[0])
      const window = arr<readonly string[]>(kind === 'line_slot' ? first.window : first.grid)
      const freeSpins = num(v.freeSpins) ?? 0
      rows.push({ key: 'window', label: <Trans>Reels as they landed</Trans>, value: <SlotWindow window={window} label={t`Reels as they landed`} /> })
      if (kind === 'line_slot') {
        const lineWins = arr(first.lineWins).length
        rows.push({ key: 'lines', label: <Trans>Winning lines</Trans>, value: lineWins })
      } else {
        const tumbles = arr(first.cascades).length
        rows.push({ key: 'tumbles', label: <Trans>Winning tumbles</Trans>, value: tumbles })
      }
      rows.push({ key: 'free', label: <Trans>Free spins</Trans>, value: freeSpins })
      break
    }
    case 'mines': {
      const mines = arr<number>(v.mines)
      const revealed = arr<number>(v.revealed)
      const tiles = num(v.tiles) ?? 25
      const side = Math.round(Math.sqrt(tiles))
      const mineList = mines.map((m) => m + 1).join(', ')
      const revealedList = revealed.map((m) => m + 1).join(', ') || '—'
      rows.push({
        key: 'board',
        label: <Trans>Board</Trans>,
        value: (
          <div className={grid} style={{ gridTemplateColumns: `repeat(${side}, auto)` }} role="img" aria-label={t`Mines at tiles ${mineList}; tiles turned ${revealedList}`} data-testid="fairness-mines-board">
            {Array.from({ length: tiles }, (_, tile) => (
              <span key={tile} className={cell} data-mine={mines.includes(tile)} data-revealed={revealed.includes(tile) && !mines.includes(tile)}>
                {mines.includes(tile) ? '✹' : revealed.includes(tile) ? '◆' : tile + 1}
              </span>
            ))}
          </div>
        ),
      })
      rows.push({ key: 'mines', label: <Trans>Mines (tiles counted from 1, row by row)</Trans>, value: mineList })
      rows.push({ key: 'revealed', label: <Trans>Tiles you turned</Trans>, value: revealedList })
      break
    }
    case 'high_low': {
      const cards = arr<number>(v.cards).map((rank) => RANKS[rank] ?? String(rank))
      const correct = num(v.correct) ?? 0
      rows.push({ key: 'cards', label: <Trans>Cards in order</Trans>, value: cards.join(' · ') })
      rows.push({ key: 'correct', label: <Trans>Correct guesses</Trans>, value: correct })
      break
    }
    case 'blackjack': {
      const dealer = arr<Card | null>(v.dealer)
      const dealerTotal = handTotal(dealer)
      rows.push({ key: 'dealer', label: <Trans>Dealer ({dealerTotal})</Trans>, value: <Cards cards={dealer} label={t`Dealer`} /> })
      arr<Record<string, unknown>>(v.hands).forEach((hand, i) => {
        const cards = arr<Card>(hand.cards).filter(isCard)
        const total = handTotal(cards)
        const n = i + 1
        const result = typeof hand.result === 'string' && HAND_RESULTS[hand.result] ? i18n._(HAND_RESULTS[hand.result]!) : ''
        rows.push({
          key: `hand-${i}`,
          label: (
            <Trans>
              Hand {n} ({total})
            </Trans>
          ),
          value: (
            <span className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'center' })}>
              <Cards cards={cards} label={t`Hand ${n}`} />
              <span>{result}</span>
            </span>
          ),
        })
      })
      break
    }
    case 'video_poker': {
      const cards = arr<Card>(v.cards).filter(isCard)
      const held = num(v.held)
      const heldCards = held === null ? [] : cards.slice(0, 5).filter((_, i) => (held & (1 << i)) !== 0)
      rows.push({ key: 'dealt', label: <Trans>Dealt</Trans>, value: <Cards cards={cards.slice(0, 5)} label={t`Dealt`} /> })
      rows.push({ key: 'held', label: <Trans>Held</Trans>, value: heldCards.length ? <Cards cards={heldCards} label={t`Held`} /> : '—' })
      rows.push({ key: 'final', label: <Trans>Final hand</Trans>, value: <Cards cards={arr<Card>(v.final).filter(isCard)} label={t`Final hand`} /> })
      rows.push({ key: 'hand', label: <Trans>Hand</Trans>, value: typeof v.hand === 'string' && POKER_HANDS[v.hand] ? i18n._(POKER_HANDS[v.hand]!) : t`No win` })
      break
    }
    default:
      break
  }
  rows.push({ key: 'multiplier', label: <Trans>Pays</Trans>, value: <Trans>×{fmt(multiplier)} the stake</Trans> })
  return (
    <dl className={cx(list)} data-testid="fairness-outcome" data-kind={kind}>
      {rows.map((row) => (
        <div key={row.key} className={css({ display: 'contents' })}>
          <dt>{row.label}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  )
}

