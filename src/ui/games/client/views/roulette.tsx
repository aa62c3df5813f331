// European roulette (engines/roulette.ts): a wheel with the last numbers beside it, and the betting
// layout where chips of the shell's stake are placed by tap, click or keyboard. Inside bets are the
// numbers and the hotspots on their edges and corners (splits, streets, corners, six lines); the
// keyboard and screen readers reach every one of them through the bet shape, which says what a
// number places. The layout stands up on phones (0 on top, three columns) and lies down from tablet.
import { Trans, useLingui } from '@lingui/react/macro'
import { memo, useCallback, useLayoutEffect, useRef, useState, type CSSProperties, type KeyboardEvent, type ReactNode } from 'react'
import { css, cx } from 'styled-system/css'
import { DEFAULT_ROULETTE_RULES, rouletteColor, rouletteCoverage, type RouletteBetKind, type RouletteRound, type RouletteRules, type RouletteWager } from '../../../../shared/games/engines/roulette'
import { Button } from '../../../kit/Button'
import type { GameViewProps } from './view-types'
import {
  addChip,
  amountOf,
  Announcer,
  canChangeBet,
  Chip,
  ChipFooter,
  looks,
  outcomeOf,
  rulesOf,
  scaleOf,
  stateOf,
  totalOf,
  unitsOf,
  useChipHistory,
  useFormats,
  useReveal,
  type Placed,
} from './table-parts'

// ── bets as keys ─────────────────────────────────────────────────────────────

/** A spot on the layout as a key: `straight:17`, `split:1-2`, `dozen:2`, `red`. */
function spotKey(wager: RouletteWager): string | null {
  const coverage = rouletteCoverage(wager)
  if (typeof coverage === 'string') return null
  if (wager.kind === 'dozen' || wager.kind === 'column') return `${wager.kind}:${wager.index}`
  if (wager.numbers && wager.kind !== 'firstFour') return `${wager.kind}:${[...wager.numbers].sort((a, b) => a - b).join('-')}`
  return wager.kind
}

function wagerOf(key: string): RouletteWager {
  const [kind, rest] = key.split(':') as [RouletteBetKind, string | undefined]
  if (kind === 'dozen' || kind === 'column') return { kind, index: Number(rest) }
  return rest ? { kind, numbers: rest.split('-').map(Number) } : { kind }
}

/** The chips of the shell's bet (what the player placed, or what a reload restored), merged by spot. */
function placedOf(bet: Record<string, unknown>): Placed[] {
  const placed: Placed[] = []
  if (!Array.isArray(bet.bets)) return placed
  for (const item of bet.bets as unknown[]) {
    const { bet: wager, stake } = (item ?? {}) as { bet?: unknown; stake?: unknown }
    if (typeof stake !== 'number' || !Number.isSafeInteger(stake) || stake < 1 || typeof wager !== 'object' || wager === null) continue
    const key = spotKey(wager as RouletteWager)
    if (!key) continue
    const at = placed.findIndex((p) => p.key === key)
    if (at < 0) placed.push({ key, stake })
    else placed[at] = { key, stake: placed[at]!.stake + stake }
  }
  return placed
}

/** The bet the round is played with: stakes in minor units, adding up to the chips on the table. */
const betOf = (placed: readonly Placed[]) => ({ bets: placed.map((p) => ({ bet: wagerOf(p.key), stake: p.stake })) })

// ── the layout ───────────────────────────────────────────────────────────────

const row = (n: number) => Math.floor((n - 1) / 3)
const col = (n: number) => (n - 1) % 3
const NUMBERS = Array.from({ length: 36 }, (_, i) => i + 1)
const EVEN_MONEY = ['low', 'even', 'red', 'black', 'odd', 'high'] as const

/**
 * Where a cell sits: grid row and column standing up (phones) and lying down (tablet and wider),
 * as CSS variables one class reads, so the layout turns without a second tree.
 */
function at(vertical: [string, string], horizontal: [string, string]): CSSProperties {
  return { '--vr': vertical[0], '--vc': vertical[1], '--hr': horizontal[0], '--hc': horizontal[1] } as CSSProperties
}
const NUMBER_AT = Array.from({ length: 37 }, (_, n) => at([`${2 + row(n)}`, `${3 + col(n)}`], [`${3 - col(n)}`, `${2 + row(n)}`]))
const numberAt = (n: number) => NUMBER_AT[n]!
const ZERO_AT = at(['1', '3 / span 3'], ['1 / span 3', '1'])

const wheelOrder = [0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14, 31, 9, 22, 18, 29, 7, 28, 12, 35, 3, 26]
const POCKET = 360 / 37
const SPIN_MS = 2600

type Shape = 'straight' | 'split' | 'street' | 'corner' | 'sixLine'

/** What a number places in a shape: the shape that holds it (corners and six lines shift to fit the layout). */
function shapeWager(shape: Exclude<Shape, 'split'>, n: number): RouletteWager {
  if (shape === 'straight' || n === 0) return shape === 'corner' && n === 0 ? { kind: 'firstFour' } : { kind: 'straight', numbers: [n] }
  const start = n - col(n)
  if (shape === 'street') return { kind: 'street', numbers: [start, start + 1, start + 2] }
  if (shape === 'sixLine') {
    const first = row(n) === 11 ? start - 3 : start
    return { kind: 'sixLine', numbers: [first, first + 1, first + 2, first + 3, first + 4, first + 5] }
  }
  let a = col(n) === 2 ? n - 1 : n
  if (row(n) === 11) a -= 3
  return { kind: 'corner', numbers: [a, a + 1, a + 3, a + 4] }
}

const adjacent = (a: number, b: number) => typeof rouletteCoverage({ kind: 'split', numbers: [a, b] }) !== 'string'

/** Arrow keys move as the layout lies: three across on phones, three up from tablet. */
function moveFrom(n: number, key: string, lying: boolean): number | null {
  const r = row(n)
  const c = col(n)
  const along = (step: 1 | -1) => (n === 0 ? (step === 1 ? 1 : 0) : step === 1 ? (c < 2 ? n + 1 : n) : c > 0 ? n - 1 : n)
  const across = (step: 1 | -1) => (n === 0 ? (step === 1 ? 2 : 0) : step === 1 ? (r < 11 ? n + 3 : n) : r > 0 ? n - 3 : 0)
  switch (key) {
    case 'Home':
      return 0
    case 'End':
      return 36
    case 'ArrowRight':
      return lying ? across(1) : along(1)
    case 'ArrowLeft':
      return lying ? across(-1) : along(-1)
    case 'ArrowDown':
      return lying ? along(-1) : across(1)
    case 'ArrowUp':
      return lying ? along(1) : across(-1)
    default:
      return null
  }
}

// ── looks ────────────────────────────────────────────────────────────────────

const POCKET_COLOURS = { red: '#b3261e', black: '#23262e', green: '#11703a' } as const

const stage = css({ display: 'grid', gridTemplateColumns: 'auto 1fr', alignItems: 'center', gap: { base: '3', tablet: '6' }, p: { base: '3', tablet: '4' }, aspectRatio: { base: '16 / 7', tablet: '16 / 4' } })
const wheelBox = css({ position: 'relative', h: 'full', aspectRatio: '1', maxH: '220px' })
const wheelSvg = css({ position: 'absolute', inset: 0, w: 'full', h: 'full', willChange: 'transform' })
const pointer = css({ position: 'absolute', left: '50%', top: '-2px', w: '0', h: '0', transform: 'translateX(-50%)', borderLeft: '7px solid transparent', borderRight: '7px solid transparent', borderTop: '12px solid token(colors.warning)' })
const ball = css({ position: 'absolute', left: '50%', top: '7%', w: '7%', h: '7%', borderRadius: 'full', bg: '#fff', transform: 'translateX(-50%)', boxShadow: '0 0 4px rgb(0 0 0 / 0.6)', transitionProperty: 'opacity', transitionDuration: 'fast' })
const resultPanel = css({ display: 'grid', gap: '2', alignContent: 'center', minW: 0 })
const bigPocket = css({ display: 'inline-grid', placeItems: 'center', w: { base: '12', tablet: '16' }, h: { base: '12', tablet: '16' }, borderRadius: 'full', color: '#fff', fontSize: { base: 'xl', tablet: '2xl' }, fontWeight: 'semibold', border: '2px solid rgb(255 255 255 / 0.6)' })
const resultLine = css({ display: 'flex', alignItems: 'center', gap: '3', minH: { base: '12', tablet: '16' } })
const recentStrip = css({ display: 'flex', gap: '1', overflow: 'hidden', listStyle: 'none', p: 0, m: 0, h: '6' })
const recentItem = css({ flexShrink: 0, display: 'grid', placeItems: 'center', minW: '6', h: '6', px: '1', borderRadius: 'sm', color: '#fff', fontSize: 'xs', fontWeight: 'semibold' })
const winWords = css({ textStyle: 'label', minH: '5' })

const layout = css({
  display: 'grid',
  w: 'full',
  gridTemplateColumns: { base: '0.8fr 0.8fr 1fr 1fr 1fr', tablet: 'repeat(14, 1fr)' },
  gridTemplateRows: { base: 'repeat(14, 1fr)', tablet: 'repeat(3, 1fr) 0.8fr 0.8fr' },
  aspectRatio: { base: '3 / 5', tablet: '14 / 5' },
  bg: '#0d4d2b',
  p: '1',
  gap: '2px',
  borderRadius: 'lg',
  userSelect: 'none',
  touchAction: 'manipulation',
})
const placed = css({ gridRow: { base: 'var(--vr)', tablet: 'var(--hr)' }, gridColumn: { base: 'var(--vc)', tablet: 'var(--hc)' }, position: 'relative', minW: 0, minH: 0 })
const spot = css({
  position: 'relative',
  w: 'full',
  h: 'full',
  display: 'grid',
  placeItems: 'center',
  color: '#fff',
  fontWeight: 'semibold',
  fontSize: { base: 'sm', tablet: 'md' },
  border: '1px solid rgb(255 255 255 / 0.35)',
  borderRadius: 'sm',
  bg: 'transparent',
  cursor: 'pointer',
  _hover: { filter: 'brightness(1.2)' },
  _disabled: { cursor: 'not-allowed' },
  '&[data-winning=true]': { outline: '3px solid token(colors.warning)', outlineOffset: '-3px', zIndex: 1 },
})
const chipOnSpot = css({ position: 'absolute', bottom: '2px', right: '2px' })
const hotspot = css({
  position: 'absolute',
  zIndex: 2,
  w: { base: '18px', tablet: '20px' },
  h: { base: '18px', tablet: '20px' },
  p: 0,
  display: 'grid',
  placeItems: 'center',
  borderRadius: 'full',
  border: 'none',
  bg: 'transparent',
  cursor: 'pointer',
  _hover: { bg: 'rgb(255 255 255 / 0.4)' },
  _disabled: { cursor: 'not-allowed', _hover: { bg: 'transparent' } },
})
// Each hotspot sits on the edge or corner it names, wherever the layout turns it.
const onNextInRow = css({ top: { base: '50%', tablet: '0' }, left: { base: '100%', tablet: '50%' }, transform: 'translate(-50%, -50%)' })
const onNextRow = css({ top: { base: '100%', tablet: '50%' }, left: { base: '50%', tablet: '100%' }, transform: 'translate(-50%, -50%)' })
const onCorner = css({ top: { base: '100%', tablet: '0' }, left: '100%', transform: 'translate(-50%, -50%)' })
const onStreet = css({ top: { base: '50%', tablet: '100%' }, left: { base: '0', tablet: '50%' }, transform: 'translate(-50%, -50%)' })
const onSixLine = css({ top: '100%', left: { base: '0', tablet: '100%' }, transform: 'translate(-50%, -50%)' })
const onZero = css({ top: { base: '0', tablet: '50%' }, left: { base: '50%', tablet: '0' }, transform: 'translate(-50%, -50%)' })
const outside = css({ fontSize: { base: 'xs', tablet: 'sm' }, textAlign: 'center', lineHeight: '1.1', px: '0.5' })
const writingUp = css({ writingMode: { base: 'vertical-rl', tablet: 'horizontal-tb' }, transform: { base: 'rotate(180deg)', tablet: 'none' } })
const diamond = css({ display: 'block', w: '50%', maxW: '5', aspectRatio: '1', transform: 'rotate(45deg)', border: '1px solid rgb(255 255 255 / 0.6)' })
const shapes = css({ display: 'grid', gap: '2', gridTemplateColumns: { base: 'repeat(3, minmax(0, 1fr))', tablet: 'repeat(5, minmax(0, 1fr))' } })

// ── the wheel ────────────────────────────────────────────────────────────────

const polar = (deg: number, radius: number) => `${(Math.sin((deg * Math.PI) / 180) * radius).toFixed(2)} ${(-Math.cos((deg * Math.PI) / 180) * radius).toFixed(2)}`
const WEDGES = wheelOrder.map((n, i) => ({
  n,
  d: `M 0 0 L ${polar((i - 0.5) * POCKET, 98)} A 98 98 0 0 1 ${polar((i + 0.5) * POCKET, 98)} Z`,
  fill: POCKET_COLOURS[rouletteColor(n)],
  angle: i * POCKET,
}))

/** The turn that brings `n` under the pointer: forward from `from`, with whole turns when it spins. */
function turnTo(from: number, n: number, spin: boolean): number {
  const target = -wheelOrder.indexOf(n) * POCKET
  const base = from + (spin ? 4 * 360 : 0)
  return base + ((((target - base) % 360) + 360) % 360)
}

function Wheel({ angle, spinning, settled }: { angle: number; spinning: boolean; settled: boolean }) {
  return (
    <div className={wheelBox} aria-hidden="true">
      <svg
        className={wheelSvg}
        viewBox="-100 -100 200 200"
        style={{ transform: `rotate(${angle}deg)`, transition: spinning ? `transform ${SPIN_MS}ms cubic-bezier(0.12, 0.6, 0.2, 1)` : 'none' }}
      >
        {WEDGES.map((w) => (
          <g key={w.n}>
            <path d={w.d} fill={w.fill} stroke="rgb(255 255 255 / 0.35)" strokeWidth="0.6" />
            <text transform={`rotate(${w.angle}) translate(0 -84)`} textAnchor="middle" dominantBaseline="middle" fontSize="9" fill="#fff" fontWeight="600">
              {w.n}
            </text>
          </g>
        ))}
        <circle r="62" fill="#3a2a1c" stroke="#c9a75a" strokeWidth="3" />
        <circle r="18" fill="#c9a75a" />
      </svg>
      <span className={pointer} />
      <span className={ball} style={{ opacity: settled ? 1 : 0 }} />
    </div>
  )
}

// ── a number and its hotspots ────────────────────────────────────────────────

interface HotSpot {
  readonly key: string
  readonly name: string
  /** The class that puts it on its edge or corner. */
  readonly where: string
  readonly chip: string | null
  readonly fate: 'won' | 'lost' | null
}

interface NumberCellProps {
  readonly n: number
  readonly name: string
  readonly pressed: boolean | undefined
  readonly winning: boolean
  readonly disabled: boolean
  readonly chip: string | null
  readonly fate: 'won' | 'lost' | null
  readonly tabStop: boolean
  readonly hots: readonly HotSpot[]
  readonly onPress: (n: number) => void
  readonly onPlace: (key: string) => void
  readonly onKey: (event: KeyboardEvent<HTMLButtonElement>, n: number) => void
  readonly register: (n: number, el: HTMLButtonElement | null) => void
}

const sameHots = (a: readonly HotSpot[], b: readonly HotSpot[]) =>
  a.length === b.length && a.every((h, i) => h.key === b[i]!.key && h.name === b[i]!.name && h.chip === b[i]!.chip && h.fate === b[i]!.fate && h.where === b[i]!.where)

/**
 * A number with the hotspots on its edges and corners. Hotspots are buttons with names, out of the
 * tab order: a pointer (or a screen reader's touch) finds them on the layout, the keyboard places
 * the same bets through the bet shape.
 */
const NumberCell = memo(
  function NumberCell({ n, name, pressed, winning, disabled, chip, fate, tabStop, hots, onPress, onPlace, onKey, register }: NumberCellProps) {
    const style = n === 0 ? ZERO_AT : numberAt(n)
    return (
      <div className={placed} style={style}>
        <button
          ref={(el) => register(n, el)}
          type="button"
          className={spot}
          style={{ background: POCKET_COLOURS[rouletteColor(n)] }}
          tabIndex={tabStop ? 0 : -1}
          aria-label={name}
          aria-pressed={pressed}
          disabled={disabled}
          data-winning={winning}
          data-number={n}
          onClick={() => onPress(n)}
          onKeyDown={(e) => onKey(e, n)}
        >
          {n}
          {chip && <Chip className={chipOnSpot} text={chip} fate={fate} />}
        </button>
        {hots.map((h) => (
          <button key={h.key} type="button" tabIndex={-1} className={cx(hotspot, h.where)} aria-label={h.name} disabled={disabled} onClick={() => onPlace(h.key)} data-spot={h.key}>
            {h.chip && <Chip text={h.chip} fate={h.fate} />}
          </button>
        ))}
      </div>
    )
  },
  (a, b) =>
    a.n === b.n &&
    a.name === b.name &&
    a.pressed === b.pressed &&
    a.winning === b.winning &&
    a.disabled === b.disabled &&
    a.chip === b.chip &&
    a.fate === b.fate &&
    a.tabStop === b.tabStop &&
    a.onPress === b.onPress &&
    a.onPlace === b.onPlace &&
    a.onKey === b.onKey &&
    a.register === b.register &&
    sameHots(a.hots, b.hots),
)

// ── the view ─────────────────────────────────────────────────────────────────

export default function RouletteView(props: GameViewProps) {
  const { title, round, phase, bet, onBetChange, turbo, reducedMotion, sound, onAnimationEnd, formatMoney, stake } = props
  const { t } = useLingui()
  const formats = useFormats()
  const rules = rulesOf<RouletteRules>(title, DEFAULT_ROULETTE_RULES)
  const result = stateOf<RouletteRound>(round, 'number')
  const scale = scaleOf(round, stake)
  const chipUnits = Number(unitsOf(stake))
  const editable = canChangeBet(props) && chipUnits > 0
  const instant = turbo || reducedMotion

  const chips = placedOf(bet)
  const history = useChipHistory(chips, (next) => onBetChange(betOf(next)))
  const [shape, setShape] = useState<Shape>('straight')
  const [splitFrom, setSplitFrom] = useState<number | null>(null)
  const [said, setSaid] = useState('')
  // The numbers' one tab stop moves with the arrow keys without re-rendering the table (a ref, not state).
  const focusNumber = useRef(0)
  const numberButtons = useRef(new Map<number, HTMLButtonElement>())
  function moveStop(to: number) {
    numberButtons.current.get(focusNumber.current)?.setAttribute('tabindex', '-1')
    focusNumber.current = to
    numberButtons.current.get(to)?.setAttribute('tabindex', '0')
  }

  // The wheel turns to each new number; the view opens on the last one without turning.
  const [wheel, setWheel] = useState(() => ({ id: round?.id ?? null, angle: result ? turnTo(0, result.number, false) : 0, spinning: false }))
  if (result && round && wheel.id !== round.id) setWheel({ id: round.id, angle: turnTo(wheel.angle, result.number, !instant), spinning: !instant })

  const [recent, setRecent] = useState<readonly { id: string; n: number }[]>(() => (result && round ? [{ id: round.id, n: result.number }] : []))
  const reveal = useReveal(round?.id ?? null, result ? [`ball:${result.number}`] : [], {
    phase,
    instant,
    stepMs: 0,
    durationMs: SPIN_MS,
    onDeal: () => sound('spin'),
    onDone: (mounted) => {
      if (!round || !result || round.status === 'open') return
      onAnimationEnd()
      if (mounted) return
      setRecent((list) => (list[0]?.id === round.id ? list : [{ id: round.id, n: result.number }, ...list].slice(0, 12)))
      setSaid(resultWordsOf(result))
    },
  })
  const spinning = reveal.delays.size > 0 && !reveal.done

  // Win marks while the chips on the table are the ones the round was played with.
  const fates = new Map<string, 'won' | 'lost'>()
  if (result && reveal.done && JSON.stringify(placedOf(round?.bet as Record<string, unknown>)) === JSON.stringify(chips)) {
    for (const b of result.bets) {
      const key = spotKey(b.bet)
      if (key) fates.set(key, b.won ? 'won' : 'lost')
    }
  }
  const winning = result && reveal.done ? result.number : null

  const money = (units: number) => formatMoney(amountOf(units, scale))
  const stakeOn = (key: string) => chips.find((p) => p.key === key)?.stake ?? 0
  const colourName = (n: number) => ({ red: t`red`, black: t`black`, green: t`green` })[rouletteColor(n)]

  /** The number and which of the bets it won; the shell says what the round paid. */
  function resultWordsOf(landed: RouletteRound): string {
    const number = landed.number
    const colour = colourName(number)
    const winners = landed.bets.filter((b) => b.won).map((b) => nameOf(b.bet))
    if (winners.length === 0) return t`${number} ${colour}. No bet wins.`
    const list = winners.join(', ')
    return t`${number} ${colour}. Winning bets: ${list}.`
  }

  function nameOf(wager: RouletteWager): string {
    const list = (wager.numbers ?? []).slice().sort((a, b) => a - b)
    const numbers = list.join(', ')
    const first = list[0] ?? 0
    const last = list.at(-1) ?? 0
    const index = wager.index ?? 0
    const from = (index - 1) * 12 + 1
    const to = index * 12
    switch (wager.kind) {
      case 'straight':
        return `${first} ${colourName(first)}`
      case 'split':
        return t`Split ${first} and ${last}`
      case 'street':
        return t`Street ${numbers}`
      case 'corner':
        return t`Corner ${numbers}`
      case 'sixLine':
        return t`Six line ${first} to ${last}`
      case 'firstFour':
        return t`First four, 0 to 3`
      case 'red':
        return t`Red`
      case 'black':
        return t`Black`
      case 'odd':
        return t`Odd`
      case 'even':
        return t`Even`
      case 'low':
        return t`1 to 18`
      case 'high':
        return t`19 to 36`
      case 'dozen':
        return t`Dozen ${from} to ${to}`
      case 'column':
        return t`Column ${index}`
    }
  }

  /** A spot's accessible name: what it is and what is on it. */
  function spotName(wager: RouletteWager): string {
    const name = nameOf(wager)
    const key = spotKey(wager)
    const on = key ? stakeOn(key) : 0
    if (!on) return name
    const amount = money(on)
    return t`${name}, ${amount} on it`
  }

  function place(wager: RouletteWager) {
    const key = spotKey(wager)
    if (!key || !editable) return
    const next = addChip(chips, key, chipUnits, rules)
    if (!next) {
      const max = rules.maxBets
      setSaid(t`The table takes no more on this bet (at most ${max} bets in all).`)
      return
    }
    sound('click')
    history.place(next)
    const name = nameOf(wager)
    const amount = money(next.find((p) => p.key === key)!.stake)
    const total = money(totalOf(next))
    setSaid(t`${name}: ${amount}. Total bet ${total}.`)
  }

  function pressNumber(n: number) {
    moveStop(n)
    if (shape !== 'split') return place(shapeWager(shape, n))
    if (splitFrom === null || splitFrom === n || !adjacent(splitFrom, n)) {
      const from = splitFrom === n ? null : n
      setSplitFrom(from)
      setSaid(from === null ? t`Split cancelled.` : t`Now choose a number next to ${n}.`)
      return
    }
    place({ kind: 'split', numbers: [splitFrom, n] })
    setSplitFrom(null)
  }

  function numberName(n: number): string {
    if (shape === 'straight') return spotName({ kind: 'straight', numbers: [n] })
    if (shape !== 'split') return spotName(shapeWager(shape, n))
    if (splitFrom !== null && splitFrom !== n && adjacent(splitFrom, n)) return spotName({ kind: 'split', numbers: [splitFrom, n] })
    return splitFrom === n ? t`${n}: cancel this split` : t`${n}: start a split here`
  }

  function onNumberKey(event: KeyboardEvent<HTMLButtonElement>, n: number) {
    const lying = typeof window.matchMedia === 'function' && window.matchMedia('(min-width: 768px)').matches
    const next = moveFrom(n, event.key, lying)
    if (next === null) return
    event.preventDefault()
    moveStop(next)
    numberButtons.current.get(next)?.focus()
  }

  function chooseShape(next: Shape) {
    setShape(next)
    setSplitFrom(null)
  }

  // The layout's cells are memoised (a chip re-renders only the cells it touches); their handlers
  // are stable and reach the latest render through a ref.
  const handlers = useRef({ pressNumber, place, onNumberKey })
  useLayoutEffect(() => {
    handlers.current = { pressNumber, place, onNumberKey }
  })
  const onPress = useCallback((n: number) => handlers.current.pressNumber(n), [])
  const onPlace = useCallback((key: string) => handlers.current.place(wagerOf(key)), [])
  const onKey = useCallback((event: KeyboardEvent<HTMLButtonElement>, n: number) => handlers.current.onNumberKey(event, n), [])
  const register = useCallback((n: number, el: HTMLButtonElement | null) => (el ? numberButtons.current.set(n, el) : numberButtons.current.delete(n)), [])

  const chipOf = (key: string) => {
    const on = stakeOn(key)
    return on > 0 ? formats.chip(amountOf(on, scale)) : null
  }
  const hotOf = (wager: RouletteWager, where: string): HotSpot => {
    const key = spotKey(wager)!
    return { key, name: spotName(wager), where, chip: chipOf(key), fate: fates.get(key) ?? null }
  }

  const spotButton = (wager: RouletteWager, style: CSSProperties, content: ReactNode, extra?: string) => {
    const key = spotKey(wager)!
    const chip = chipOf(key)
    return (
      <div key={key} className={placed} style={style}>
        <button type="button" className={cx(spot, extra)} aria-label={spotName(wager)} disabled={!editable} onClick={() => place(wager)} data-spot={key}>
          {content}
          {chip && <Chip className={chipOnSpot} text={chip} fate={fates.get(key) ?? null} />}
        </button>
      </div>
    )
  }

  const numberCell = (n: number) => {
    const r = row(n)
    const c = col(n)
    const hots: HotSpot[] = []
    if (n > 0) {
      if (r === 0) hots.push(hotOf({ kind: 'split', numbers: [0, n] }, onZero))
      if (c < 2) hots.push(hotOf({ kind: 'split', numbers: [n, n + 1] }, onNextInRow))
      if (r < 11) hots.push(hotOf({ kind: 'split', numbers: [n, n + 3] }, onNextRow))
      if (c < 2 && r < 11) hots.push(hotOf({ kind: 'corner', numbers: [n, n + 1, n + 3, n + 4] }, onCorner))
      if (c === 0) hots.push(hotOf({ kind: 'street', numbers: [n, n + 1, n + 2] }, onStreet))
      if (c === 0 && r < 11) hots.push(hotOf({ kind: 'sixLine', numbers: [n, n + 1, n + 2, n + 3, n + 4, n + 5] }, onSixLine))
    }
    const key = `straight:${n}`
    return (
      <NumberCell
        key={n}
        n={n}
        name={numberName(n)}
        pressed={shape === 'split' ? splitFrom === n : undefined}
        winning={winning === n}
        disabled={!editable}
        chip={chipOf(key)}
        fate={fates.get(key) ?? null}
        tabStop={n === focusNumber.current}
        hots={hots}
        onPress={onPress}
        onPlace={onPlace}
        onKey={onKey}
        register={register}
      />
    )
  }

  const total = totalOf(chips)
  const totalText = money(total)
  const chipText = formatMoney(stake)
  const shown = result && reveal.done ? result : null
  const paid = round?.payout ?? '0'
  const paidText = formatMoney(paid)
  const shapeNames: Record<Shape, string> = { straight: t`Number`, split: t({ message: 'Split', context: 'roulette bet on two numbers' }), street: t`Street`, corner: t`Corner`, sixLine: t`Six line` }

  return (
    <section className={looks.root} aria-label={t`Roulette table`} data-testid="roulette-view" data-phase={phase}>
      <div className={cx(looks.stage, stage)}>
        <Wheel angle={wheel.angle} spinning={wheel.spinning && spinning} settled={!!result && reveal.done} />
        <div className={resultPanel}>
          <div className={resultLine}>
            <span className={bigPocket} style={{ background: shown ? POCKET_COLOURS[shown.color] : 'transparent' }} data-testid="roulette-number" aria-hidden="true">
              {shown ? shown.number : ''}
            </span>
            <span className={winWords}>
              {shown && round && outcomeOf(round) === 'win' ? (
                <span className={looks.win}>
                  <Trans>✓ Win {paidText}</Trans>
                </span>
              ) : shown && round && outcomeOf(round) === 'push' ? (
                <span className={looks.label}>
                  <Trans>Back {paidText}</Trans>
                </span>
              ) : shown ? (
                <span className={looks.label}>
                  <Trans>No win</Trans>
                </span>
              ) : spinning ? (
                <span className={looks.label}>
                  <Trans>No more bets</Trans>
                </span>
              ) : (
                <span className={looks.label}>
                  <Trans>Place your chips</Trans>
                </span>
              )}
            </span>
          </div>
          <ol className={recentStrip} aria-label={t`Last numbers`} data-testid="roulette-recent">
            {recent.map((r) => (
              <li key={r.id} className={recentItem} style={{ background: POCKET_COLOURS[rouletteColor(r.n)] }}>
                {r.n}
                <span className={css({ srOnly: true })}> {colourName(r.n)}</span>
              </li>
            ))}
          </ol>
        </div>
      </div>

      <div className={shapes} role="group" aria-label={t`Bet type placed by a number`}>
        {(['straight', 'split', 'street', 'corner', 'sixLine'] as const).map((s) => (
          <Button key={s} size="sm" variant="secondary" className={cx(looks.pressed, looks.wraps)} aria-pressed={shape === s} onClick={() => chooseShape(s)} data-shape={s}>
            {shapeNames[s]}
          </Button>
        ))}
      </div>

      <div className={layout} data-testid="roulette-layout">
        {spotButton({ kind: 'firstFour' }, at(['1', '1 / span 2'], ['4 / span 2', '1']), <span className={outside}>0·1·2·3</span>)}
        <div role="group" aria-label={t`Numbers: arrow keys move, Enter places a chip`} style={{ display: 'contents' }}>
          {numberCell(0)}
          {NUMBERS.map(numberCell)}
        </div>
        {[1, 2, 3].map((index) =>
          spotButton({ kind: 'column', index }, at(['14', `${2 + index}`], [`${4 - index}`, '14']), <span className={outside}>2:1</span>),
        )}
        {[1, 2, 3].map((index) =>
          spotButton(
            { kind: 'dozen', index },
            at([`${2 + 4 * (index - 1)} / span 4`, '2'], ['4', `${2 + 4 * (index - 1)} / span 4`]),
            <span className={cx(outside, writingUp)}>{index === 1 ? t`1st 12` : index === 2 ? t`2nd 12` : t`3rd 12`}</span>,
          ),
        )}
        {EVEN_MONEY.map((kind, i) =>
          spotButton(
            { kind },
            at([`${2 + 2 * i} / span 2`, '1'], ['5', `${2 + 2 * i} / span 2`]),
            kind === 'red' || kind === 'black' ? (
              <span className={diamond} style={{ background: POCKET_COLOURS[kind] }} />
            ) : (
              <span className={cx(outside, writingUp)}>{nameOf({ kind })}</span>
            ),
          ),
        )}
      </div>

      <ChipFooter
        testPrefix="roulette"
        totalText={totalText}
        chipText={chipText}
        canUndo={editable && history.canUndo}
        canClear={editable && chips.length > 0}
        onUndo={history.undo}
        onClear={() => {
          history.place([])
          setSaid(t`Chips cleared.`)
        }}
      />
      <Announcer>{said}</Announcer>
    </section>
  )
}
