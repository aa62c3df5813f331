// Pieces the studio's table and card views share (roulette, baccarat, mines, high-low, blackjack,
// video poker): cards drawn in CSS, the reveal clock that deals a landed round and then tells the
// shell its result is on screen, chips, the polite announcer, and amounts in minor units. The
// shell's ../view-parts.tsx holds what every view uses (stage, option controls); this is what the
// table and card games add. Views are lazy chunks; this module is the chunk these six share.
import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useEffectEvent, useLayoutEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react'
import { css, cx } from 'styled-system/css'
import type { Round } from '../../../../services/api/contract/games'
import { CURRENCY_EXPONENTS, isCurrency, minorToMajor, parseDecimal } from '../../../../shared/money'
import type { Card } from '../../../../shared/games/engines/cards'
import { Button } from '../../../kit/Button'
import type { GameViewProps } from './view-types'

// ── amounts ──────────────────────────────────────────────────────────────────

/** Minor units of a major-units decimal string as the shell and the API carry them ("1.50" → 150n). */
export function unitsOf(amount: string | null | undefined): bigint {
  if (!amount) return 0n
  try {
    const d = parseDecimal(amount)
    return d.negative ? -d.units : d.units
  } catch {
    return 0n
  }
}

/**
 * The currency's decimals: from the round's currency when there is a round, else from the stake,
 * which the shell keeps with exactly its currency's decimals ("1.00", "100", "0.00000200").
 */
export function scaleOf(round: Round | null, stake: string): number {
  if (round && isCurrency(round.currency)) return CURRENCY_EXPONENTS[round.currency]
  const dot = stake.indexOf('.')
  return dot < 0 ? 0 : stake.length - dot - 1
}

/** Minor units back to the decimal string formatMoney takes. */
export function amountOf(units: bigint | number, scale: number): string {
  return minorToMajor(typeof units === 'bigint' ? units : BigInt(Math.trunc(units)), scale)
}

/** What a stake pays at a multiplier, in minor units: floor(stake × multiplier at 4 decimals), as kinds.payoutOf. */
export function payoutUnits(stake: bigint, multiplier: number): bigint {
  return (stake * BigInt(Math.round(multiplier * 10000))) / 10000n
}

/**
 * The round's result for the view's looks: paid more than staked, nothing, or something between (a
 * push). The shell itself plays the result's sound and says what the round paid once it shows the
 * result; a view says what happened on its table (the number, the hands), never the payout again.
 */
export function outcomeOf(round: Round): 'win' | 'loss' | 'push' {
  const paid = unitsOf(round.payout)
  const staked = unitsOf(round.totalStake)
  return paid > staked ? 'win' : paid === 0n ? 'loss' : 'push'
}

/** A title's rules, or the engine's defaults when the catalogue has none. */
export function rulesOf<R>(title: GameViewProps['title'], fallback: R): R {
  return (title.rules as R | null | undefined) ?? fallback
}

/** A round's public state as the view's engine shape, or null when there is none of that shape. */
export function stateOf<S>(round: Round | null, has: string): S | null {
  const state = round?.state as Record<string, unknown> | null | undefined
  return state && typeof state === 'object' && has in state ? (state as S) : null
}

/** The player decides only while the shell waits for a decision in an open round. */
export function canDecide(props: Pick<GameViewProps, 'phase' | 'round'>): boolean {
  return props.phase === 'awaitingAction' && props.round?.status === 'open'
}

/** Options (chips, mines) change between rounds only, the shell takes them in these phases, and never while autoplay runs (`locked`). */
export function canChangeBet(props: Pick<GameViewProps, 'phase' | 'locked'>): boolean {
  return !props.locked && (props.phase === 'idle' || props.phase === 'result')
}

// ── numbers ──────────────────────────────────────────────────────────────────

/** Multipliers (to the engines' 4 decimals, never rounded up), chances and chip faces in the player's locale. */
export function useFormats() {
  const { i18n } = useLingui()
  return {
    times: (m: number) => `${i18n.number(m, { minimumFractionDigits: 2, maximumFractionDigits: 4 })}×`,
    percent: (p: number) => i18n.number(p, { style: 'percent', maximumFractionDigits: 2 }),
    /** A chip's face: short enough for a 24 px disc (1.5, 20, 1.5K, 0.000002). */
    chip: (amount: string) => i18n.number(Number(amount), { notation: 'compact', maximumSignificantDigits: 3 }),
  }
}

// ── the reveal clock ─────────────────────────────────────────────────────────

export interface Reveal {
  /** Delay (ms) of each item dealt in this batch; items already on show are absent and just sit there. */
  readonly delays: ReadonlyMap<string, number>
  /** Counts batches, so an item dealt again (the same card in a new round) animates again. */
  readonly batch: number
  /** The batch is on screen: results, totals and highlights may show. */
  readonly done: boolean
}

export interface RevealOptions {
  /** Turbo or reduced motion: the end state at once. */
  readonly instant: boolean
  /** Between two items of a batch. */
  readonly stepMs: number
  /** Of one item (the last one's ends the batch). */
  readonly durationMs: number
  /** Once per batch when it is on screen; `mounted` is the batch the view opened with (nothing was dealt). */
  readonly onDone: (mounted: boolean) => void
  /** When a batch starts moving (not in turbo): its sound. */
  readonly onDeal?: () => void
  /**
   * The shell's phase. A batch that started while the shell waited for it ('playing') and sees the
   * phase move on was skipped by the player: it ends at once, at its end state. (A step game's last
   * move lands straight in 'result', and its batch plays as usual.)
   */
  readonly phase: GameViewProps['phase']
}

/**
 * Deals what changed on the table. `key` names the round; `items` are what is on the table in
 * dealing order (a card, a tile, the ball). Items new since the last render of the same key (all of
 * them for a new key) form a batch dealt `stepMs` apart; what the view opened with is shown as it
 * is. Every item is in the DOM at once, in its place, and only its transform and opacity move, so
 * nothing shifts; what depends on the result (totals, highlights, words) waits for `done`.
 */
export function useReveal(key: string | null, items: readonly string[], options: RevealOptions): Reveal {
  const signature = `${key ?? ''}\u0000${items.join('\u0001')}`
  const [track, setTrack] = useState(() => ({ signature, key, items, delays: new Map<string, number>(), batch: 0, total: 0, awaited: false }))
  let current = track
  if (track.signature !== signature) {
    const seen = new Set(track.key === key ? track.items : [])
    const fresh = options.instant ? [] : items.filter((item) => !seen.has(item))
    current = {
      signature,
      key,
      items,
      delays: new Map(fresh.map((item, n) => [item, n * options.stepMs])),
      batch: track.batch + 1,
      total: fresh.length ? (fresh.length - 1) * options.stepMs + options.durationMs : 0,
      awaited: options.phase === 'playing',
    }
    // Derived state, set while rendering (react.dev "storing information from previous renders").
    setTrack(current)
  }
  const [doneBatch, setDoneBatch] = useState(-1)
  const lastDone = useRef(-1)
  const finish = useEffectEvent((batch: number) => {
    setDoneBatch(batch)
    // Strict mode runs effects twice: one result, one sound.
    if (lastDone.current === batch) return
    lastDone.current = batch
    options.onDone(batch === 0)
  })
  const deal = useEffectEvent(() => options.onDeal?.())
  const skipped = current.awaited && options.phase !== 'playing'
  const total = skipped ? 0 : current.total
  const { batch } = current
  useEffect(() => {
    if (total === 0) return finish(batch)
    deal()
    const timer = setTimeout(() => finish(batch), total)
    return () => clearTimeout(timer)
  }, [batch, total])
  const done = total === 0 || doneBatch === batch
  return { delays: done ? NO_DELAYS : current.delays, batch, done }
}

const NO_DELAYS: ReadonlyMap<string, number> = new Map()

/** The enter motion of a dealt item: transforms and opacity only, held invisible through its delay. */
export function useEnter<E extends HTMLElement>(delay: number | undefined, batch: number, motion: 'deal' | 'flip' = 'deal') {
  const ref = useRef<E>(null)
  const running = useRef<Animation | null>(null)
  useLayoutEffect(() => {
    const el = ref.current
    // The batch is over (or was skipped): whatever still moves jumps to where it ends.
    if (delay === undefined) return void running.current?.finish()
    if (!el || typeof el.animate !== 'function') return
    const from = motion === 'flip' ? 'scaleX(0)' : 'translateY(-40%) scale(0.9)'
    running.current = el.animate([{ transform: from, opacity: 0 }, { transform: 'none', opacity: 1 }], { duration: DEAL_MS, delay, easing: 'cubic-bezier(0.2, 0, 0, 1)', fill: 'backwards' })
  }, [delay, batch, motion])
  return ref
}

/** One card's travel; between two cards of a deal, DEAL_STEP_MS. */
export const DEAL_MS = 260
export const DEAL_STEP_MS = 320

// ── cards ────────────────────────────────────────────────────────────────────

const RANK_TEXT = ['', 'A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'] as const
const SUIT_TEXT = ['♣', '♦', '♥', '♠'] as const

/** The words for a card, for names and announcements: "Queen of hearts", or "Queen" for a rank alone. */
export function useCardNames() {
  const { t } = useLingui()
  const rank = (r: number): string => {
    switch (r) {
      case 1:
        return t`Ace`
      case 11:
        return t`Jack`
      case 12:
        return t`Queen`
      case 13:
        return t`King`
      default:
        return String(r)
    }
  }
  const suit = (s: number): string => [t`clubs`, t`diamonds`, t`hearts`, t`spades`][s] ?? ''
  return {
    rank,
    card: (card: Card): string => {
      const rankName = rank(card.rank)
      const suitName = suit(card.suit)
      return t`${rankName} of ${suitName}`
    },
    faceDown: () => t`Face-down card`,
  }
}

// Atomic classes of one property must not meet on one element (their order in the sheet decides,
// not the order of cx), so the face and the back each bring their own colours and border.
const cardBox = css({
  position: 'relative',
  display: 'inline-block',
  flexShrink: 0,
  w: 'var(--card-w, 64px)',
  aspectRatio: '5 / 7',
  borderRadius: 'calc(var(--card-w, 64px) * 0.08)',
  boxShadow: '0 2px 6px rgb(0 0 0 / 0.35)',
  fontWeight: 'semibold',
  lineHeight: '1',
  userSelect: 'none',
  willChange: 'transform, opacity',
})
const faceBlack = css({ bg: '#fbfbf8', color: '#1a1d24', border: '1px solid rgb(0 0 0 / 0.15)' })
// #c62828 on the card's face is 5.4:1 (WCAG AA for text).
const faceRed = css({ bg: '#fbfbf8', color: '#c62828', border: '1px solid rgb(0 0 0 / 0.15)' })
const corner = css({ position: 'absolute', top: '6%', left: '8%', display: 'grid', justifyItems: 'center', gap: '0.5', fontSize: 'calc(var(--card-w, 64px) * 0.24)' })
const cornerSuit = css({ fontSize: 'calc(var(--card-w, 64px) * 0.2)' })
const pip = css({ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center', fontSize: 'calc(var(--card-w, 64px) * 0.46)', pt: '12%' })
const rankPip = css({ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center', fontSize: 'calc(var(--card-w, 64px) * 0.5)' })
const back = css({
  bg: 'accent',
  backgroundImage: 'repeating-linear-gradient(45deg, rgb(255 255 255 / 0.18) 0 4px, transparent 4px 9px)',
  border: '3px solid #fbfbf8',
})

export interface PlayingCardProps {
  /** The card; null face down. A suit of null draws the rank alone (high-low deals ranks). */
  readonly card: { readonly rank: number; readonly suit: number | null } | null
  /** Its name for screen readers (the view words it). */
  readonly label: string
  /** When it was dealt in the current batch (see useReveal), or undefined when it just sits there. */
  readonly delay?: number | undefined
  readonly batch?: number
  readonly motion?: 'deal' | 'flip'
  readonly className?: string
  readonly style?: CSSProperties
}

/** A card drawn in CSS: rank and suit as text, the suit's colour, a patterned back face down. */
export function PlayingCard({ card, label, delay, batch = 0, motion = 'deal', className, style }: PlayingCardProps) {
  const ref = useEnter<HTMLSpanElement>(delay, batch, motion)
  if (!card) return <span ref={ref} role="img" aria-label={label} className={cx(cardBox, back, className)} style={style} data-card="back" />
  const red = card.suit === 1 || card.suit === 2
  const rank = RANK_TEXT[card.rank] ?? '?'
  const suit = card.suit === null ? null : SUIT_TEXT[card.suit]
  return (
    <span ref={ref} role="img" aria-label={label} className={cx(cardBox, red ? faceRed : faceBlack, className)} style={style} data-card={`${rank}${suit ?? ''}`}>
      {suit ? (
        <>
          <span className={corner} aria-hidden="true">
            <span>{rank}</span>
            <span className={cornerSuit}>{suit}</span>
          </span>
          <span className={pip} aria-hidden="true">
            {suit}
          </span>
        </>
      ) : (
        <span className={rankPip} aria-hidden="true">
          {rank}
        </span>
      )}
    </span>
  )
}

// ── chips and words ──────────────────────────────────────────────────────────

const chipDisc = css({
  display: 'inline-grid',
  placeItems: 'center',
  minW: '6',
  h: '6',
  px: '1',
  borderRadius: 'full',
  bg: 'accent',
  color: 'accentText',
  fontSize: '0.625rem',
  fontWeight: 'semibold',
  lineHeight: '1',
  border: '2px dashed rgb(255 255 255 / 0.7)',
  boxShadow: '0 1px 3px rgb(0 0 0 / 0.5)',
  pointerEvents: 'none',
  fontVariantNumeric: 'tabular-nums',
  whiteSpace: 'nowrap',
  '&[data-fate=won]': { bg: 'success' },
  '&[data-fate=lost]': { opacity: 0.45 },
})

/** A stack of chips on a spot: its amount, and its fate once the round is on show. Decorative: the spot's name says it. */
export function Chip({ text, fate, className }: { text: string; fate?: 'won' | 'lost' | null; className?: string }) {
  return (
    <span aria-hidden="true" className={cx(chipDisc, className)} data-fate={fate ?? undefined}>
      {fate === 'won' ? `✓${text}` : text}
    </span>
  )
}

const liveLine = css({ minH: '6', textStyle: 'small', color: 'text', textAlign: 'center' })

/** The view's polite announcer; it also shows the words, so sighted players read what is said. */
export function Announcer({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <p role="status" aria-live="polite" aria-atomic="true" className={cx(liveLine, className)} data-testid="view-status">
      {children}
    </p>
  )
}

// ── shared looks ─────────────────────────────────────────────────────────────

export const looks = {
  /** The view's column: stage, then controls; centred, phone first. */
  // minmax(0, 1fr): a long word in a control shrinks or wraps inside the view, never widens it past the phone.
  root: css({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: '3', w: 'full', maxW: '960px', mx: 'auto', containerType: 'inline-size' }),
  /** The play area: a fixed aspect ratio, so a landing round moves nothing. */
  stage: css({
    position: 'relative',
    w: 'full',
    bg: 'surface',
    borderRadius: 'lg',
    border: '1px solid token(colors.border)',
    overflow: 'hidden',
    backgroundImage: 'radial-gradient(ellipse at 50% 0%, rgb(255 255 255 / 0.06), transparent 70%)',
  }),
  /** A button in a narrow column: its label wraps (and hyphenates in the page's language) rather than overflow. */
  wraps: css({ whiteSpace: 'normal', textAlign: 'center', overflowWrap: 'break-word', hyphens: 'auto', lineHeight: '1.15', minW: 0 }),
  label: css({ textStyle: 'small', color: 'textMuted' }),
  figure: css({ textStyle: 'amount', fontSize: 'md' }),
  /** Win and loss words keep a sign beside the colour (DESIGN: never colour alone). */
  win: css({ color: 'success' }),
  loss: css({ color: 'danger' }),
  pressed: css({ '&[aria-pressed=true]': { bg: 'accent', color: 'accentText', borderColor: 'accent' } }),
}

// ── chips on a table (roulette, baccarat) ────────────────────────────────────

/** One spot's chips: the spot's key in the view's own terms and its stake in minor units. */
export interface Placed {
  readonly key: string
  readonly stake: number
}

/**
 * Chips placed, undone and cleared. The shell owns the bet; the view keeps the steps that led to it,
 * and forgets them when the bet changes from elsewhere (a reload restoring it, another tab).
 */
export function useChipHistory(current: readonly Placed[], send: (placed: readonly Placed[]) => void) {
  const signature = JSON.stringify(current)
  const [history, setHistory] = useState<{ readonly stack: readonly (readonly Placed[])[]; readonly last: string | null }>({ stack: [], last: null })
  const valid = history.last === signature
  const stack = valid ? history.stack : []
  return {
    canUndo: stack.length > 0,
    place(next: readonly Placed[]) {
      setHistory({ stack: [...stack, current], last: JSON.stringify(next) })
      send(next)
    },
    undo() {
      const previous = stack.at(-1)
      if (!previous) return
      setHistory({ stack: stack.slice(0, -1), last: JSON.stringify(previous) })
      send(previous)
    },
  }
}

/** A spot's chips after one more of `chip` units; null when the table's limits refuse it. */
export function addChip(placed: readonly Placed[], key: string, chip: number, limits: { maxBets: number; maxStakePerBet: number }): Placed[] | null {
  const at = placed.findIndex((p) => p.key === key)
  if (at < 0) return placed.length >= limits.maxBets || chip > limits.maxStakePerBet ? null : [...placed, { key, stake: chip }]
  const stake = placed[at]!.stake + chip
  if (stake > limits.maxStakePerBet) return null
  return placed.map((p, i) => (i === at ? { key, stake } : p))
}

export const totalOf = (placed: readonly Placed[]): number => placed.reduce((sum, p) => sum + p.stake, 0)

const chipFooter = css({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) auto auto', alignItems: 'center', gap: '2' })

/** Under a table of chips (roulette, baccarat): the total, the chip's value, Undo and Clear. */
export function ChipFooter(props: {
  readonly testPrefix: string
  readonly totalText: string
  readonly chipText: string
  readonly canUndo: boolean
  readonly canClear: boolean
  readonly onUndo: () => void
  readonly onClear: () => void
}) {
  const { testPrefix, totalText, chipText } = props
  return (
    <div className={chipFooter}>
      <div>
        <div className={looks.figure} data-testid={`${testPrefix}-total`}>
          <Trans>Total bet {totalText}</Trans>
        </div>
        <div className={looks.label}>
          <Trans>Each chip {chipText}</Trans>
        </div>
      </div>
      <Button size="sm" variant="secondary" disabled={!props.canUndo} onClick={props.onUndo} data-testid={`${testPrefix}-undo`}>
        <Trans>Undo</Trans>
      </Button>
      <Button size="sm" variant="secondary" disabled={!props.canClear} onClick={props.onClear} data-testid={`${testPrefix}-clear`}>
        <Trans>Clear</Trans>
      </Button>
    </div>
  )
}
