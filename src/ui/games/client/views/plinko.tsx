// Plinko (engines/plinko.ts): a ball falls through 8 to 16 rows of pegs, left or right at each, into
// a slot whose multiplier pays. The ball follows the round's own path (transforms only).
import { Trans, useLingui } from '@lingui/react/macro'
import { useLayoutEffect, useRef } from 'react'
import { css } from 'styled-system/css'
import { DEFAULT_PLINKO_RULES, PLINKO_RISKS, validatePlinkoBet, type PlinkoBet, type PlinkoRisk, type PlinkoRound, type PlinkoRules } from '../../../../shared/games/engines/plinko'
import { Select } from '../../../kit/Select'
import { multiplier } from '../format'
import { Choice, stateOf, useReveal, viewRoot } from '../view-parts'
import type { GameViewProps } from './view-types'

const DROP_MS = 1800
const WIDTH = 400
const HEIGHT = 300
const TOP = 22
/** Height of a slot's box (SVG units): tall enough for its multiplier written upright on a narrow board. */
const SLOT_HEIGHT = 38

function betOf(bet: Record<string, unknown>, rules: PlinkoRules): PlinkoBet {
  const candidate = { rows: bet.rows as number, risk: bet.risk as PlinkoRisk }
  return validatePlinkoBet(rules, candidate) === null ? candidate : { rows: rules.minRows, risk: 'low' }
}

/** Where the pegs and slots sit for a number of rows, in the SVG's units. */
export function plinkoGeometry(rows: number) {
  const gap = (WIDTH - 40) / (rows + 2)
  const rowHeight = (HEIGHT - TOP - SLOT_HEIGHT - 22) / rows
  const peg = (row: number, i: number) => ({ x: WIDTH / 2 + (i - (row + 2) / 2) * gap, y: TOP + row * rowHeight })
  const slotX = (k: number) => WIDTH / 2 + (k - rows / 2) * gap
  return { gap, rowHeight, peg, slotX, slotY: TOP + rows * rowHeight + 8 }
}

/** The ball's points: above the top peg, then beside each row's peg it passes, then into its slot. */
export function ballPath(path: readonly (0 | 1)[], rows: number): { x: number; y: number }[] {
  const g = plinkoGeometry(rows)
  const points = [{ x: WIDTH / 2, y: TOP - g.rowHeight * 0.8 }]
  let rights = 0
  path.forEach((step, row) => {
    rights += step
    points.push({ x: WIDTH / 2 + (rights - (row + 1) / 2) * g.gap, y: TOP + row * g.rowHeight + g.rowHeight * 0.55 })
  })
  points.push({ x: g.slotX(rights), y: g.slotY + SLOT_HEIGHT / 2 - 8 })
  return points
}

/** A slot's multiplier in two significant figures ("0.22", "3", "1K"): the rules give every exact figure. */
function compact(m: number, locale: string): string {
  return new Intl.NumberFormat(locale, { notation: 'compact', maximumSignificantDigits: m < 1 ? 2 : m < 100 ? 3 : 2, numberingSystem: 'latn' }).format(m)
}

function slotColour(m: number, top: number): string {
  const share = Math.log(Math.max(m, 0.1) / 0.1) / Math.log(top / 0.1)
  const hue = 210 - Math.max(0, Math.min(1, share)) * 190
  return `hsl(${hue} 75% ${m < 1 ? 34 : 44}%)`
}

export default function PlinkoView(props: GameViewProps) {
  const { t, i18n } = useLingui()
  const locale = i18n.locale
  const rules = (props.title.rules as PlinkoRules | null) ?? DEFAULT_PLINKO_RULES
  const chosen = betOf(props.bet, rules)
  const round = stateOf<PlinkoRound>(props.round, 'plinko')
  const reveal = useReveal(props, DROP_MS)
  const editable = (props.phase === 'idle' || props.phase === 'result') && !props.locked
  // A round being shown keeps its own board; between rounds the board is the player's choice.
  const showing = round !== null && (reveal.running || props.phase === 'result')
  const bet = showing && round ? { rows: round.rows, risk: round.risk } : chosen
  const slots = rules.tables[bet.rows]?.[bet.risk] ?? []
  const g = plinkoGeometry(bet.rows)
  const top = Math.max(...slots)
  const ball = useRef<SVGCircleElement>(null)

  useLayoutEffect(() => {
    const el = ball.current
    if (!el || !round || !reveal.running) return
    props.sound('spin')
    const points = ballPath(round.path, round.rows)
    if (reveal.duration === 0 || typeof el.animate !== 'function') return
    const animation = el.animate(
      points.map((p, i) => ({ transform: `translate(${p.x}px, ${p.y}px)`, offset: i / (points.length - 1) })),
      { duration: reveal.duration, easing: 'linear', fill: 'forwards' },
    )
    // Cancelled when the round is skipped: that is no error.
    animation.finished?.catch(() => {})
    return () => animation.cancel()
    // One drop per round shown.
  }, [reveal.running])

  const end = round ? ballPath(round.path, round.rows).at(-1)! : null
  const landed = round ? multiplier(round.multiplier, locale) : ''
  const rowCount = bet.rows
  const label = round && showing ? t`The ball landed on ${landed}` : t`A board of ${rowCount} rows`
  const rowsOptions = Array.from({ length: rules.maxRows - rules.minRows + 1 }, (_, i) => rules.minRows + i)

  return (
    <div className={viewRoot} data-view="plinko">
      <div role="img" aria-label={label} className={css({ position: 'relative', w: 'full', aspectRatio: '4 / 3', bg: 'surface', borderRadius: 'lg', border: '1px solid token(colors.border)', overflow: 'hidden' })}>
        <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className={css({ w: 'full', h: 'full' })} aria-hidden="true">
          {Array.from({ length: bet.rows }, (_, row) =>
            Array.from({ length: row + 3 }, (_, i) => {
              const p = g.peg(row, i)
              return <circle key={`${row}-${i}`} cx={p.x} cy={p.y} r={Math.max(1.6, 4 - bet.rows * 0.15)} fill="var(--colors-text-muted)" />
            }),
          )}
          {slots.map((m, k) => {
            const x = g.slotX(k)
            const hit = showing && round && !reveal.running && round.slot === k
            return (
              <g key={k}>
                <rect x={x - g.gap / 2 + 1} y={g.slotY - 8} width={g.gap - 2} height={SLOT_HEIGHT} rx="3" fill={slotColour(m, top)} opacity={hit ? 1 : 0.8} stroke={hit ? 'var(--colors-text)' : 'none'} strokeWidth="1.5" />
              </g>
            )
          })}
          {round && showing ? (
            <circle
              ref={ball}
              r={Math.max(4, 8 - bet.rows * 0.25)}
              cx="0"
              cy="0"
              fill="var(--colors-warning)"
              style={{ transform: reveal.running ? `translate(${WIDTH / 2}px, 0px)` : `translate(${end!.x}px, ${end!.y}px)` }}
            />
          ) : null}
        </svg>
        {/* The slots' multipliers as text over their boxes: readable on a phone, where SVG text would be a few pixels. */}
        <ol
          aria-hidden="true"
          className={css({ position: 'absolute', listStyle: 'none', m: 0, p: 0, display: 'grid', alignItems: 'center', pointerEvents: 'none' })}
          style={{
            left: `${((WIDTH / 2 - ((bet.rows + 1) / 2) * g.gap) / WIDTH) * 100}%`,
            width: `${(((bet.rows + 1) * g.gap) / WIDTH) * 100}%`,
            top: `${((g.slotY - 8) / HEIGHT) * 100}%`,
            height: `${(SLOT_HEIGHT / HEIGHT) * 100}%`,
            gridTemplateColumns: `repeat(${bet.rows + 1}, minmax(0, 1fr))`,
          }}
        >
          {slots.map((m, k) => (
            <li
              key={k}
              className={css({ display: 'grid', placeItems: 'center', h: 'full', fontWeight: 'semibold', color: 'white', fontVariantNumeric: 'tabular-nums', overflow: 'hidden', whiteSpace: 'nowrap', lineHeight: 1 })}
              // Upright on a board of many rows, where a slot is narrower than four figures.
              style={bet.rows > 10 ? { writingMode: 'vertical-rl', transform: 'rotate(180deg)', fontSize: '0.6875rem' } : { fontSize: '0.6875rem' }}
            >
              {compact(m, locale)}
            </li>
          ))}
        </ol>
      </div>
      <p className={css({ textStyle: 'label', minH: '5', textAlign: 'center', transitionProperty: 'opacity', transitionDuration: 'normal' })} style={{ opacity: showing && !reveal.running ? 1 : 0 }} aria-hidden="true">
          {round && props.round ? (
            round.multiplier >= 1 ? (
              <span className={css({ color: 'success' })}>
                ▲ {landed} · +{props.formatMoney(props.round.payout ?? '0')}
              </span>
            ) : (
              <span className={css({ color: 'danger' })}>
                ▼ {landed} · {props.formatMoney(props.round.payout ?? '0')}
              </span>
            )
          ) : null}
      </p>
      <div className={css({ display: 'grid', gap: '3', gridTemplateColumns: { base: '1fr', tablet: '2fr 1fr' }, alignItems: 'end' })}>
        <Choice
          label={<Trans>Risk</Trans>}
          value={chosen.risk}
          disabled={!editable}
          onChange={(risk) => props.onBetChange({ ...props.bet, risk, rows: chosen.rows })}
          options={PLINKO_RISKS.map((risk) => ({ value: risk, label: risk === 'low' ? <Trans>Low</Trans> : risk === 'medium' ? <Trans>Medium</Trans> : <Trans>High</Trans> }))}
        />
        <Select label={<Trans>Rows</Trans>} value={String(chosen.rows)} disabled={!editable} onChange={(e) => props.onBetChange({ ...props.bet, rows: Number(e.currentTarget.value), risk: chosen.risk })}>
          {rowsOptions.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </Select>
      </div>
    </div>
  )
}
