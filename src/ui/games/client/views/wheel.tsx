// Wheel (engines/wheel.ts): 10 to 50 equal segments, each a multiplier; the wheel turns until the
// segment the round landed on sits under the pointer. Drawn in SVG, turned by a CSS transform.
import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useRef, useState } from 'react'
import { css } from 'styled-system/css'
import { DEFAULT_WHEEL_RULES, WHEEL_RISKS, WHEEL_SEGMENTS, validateWheelBet, type WheelBet, type WheelRisk, type WheelRound, type WheelRules } from '../../../../shared/games/engines/wheel'
import { multiplier } from '../format'
import { Choice, stateOf, useReveal, viewRoot } from '../view-parts'
import type { GameViewProps } from './view-types'

const SPIN_MS = 2600

/** A colour per multiplier: nothing is dark, the more it pays the warmer. */
export function segmentColour(m: number): string {
  if (m === 0) return 'var(--colors-surface-raised)'
  if (m < 1.5) return '#3b82f6'
  if (m < 2) return '#14b8a6'
  if (m < 3) return '#22c55e'
  if (m < 5) return '#eab308'
  if (m < 10) return '#f97316'
  return '#ec4899'
}

function betOf(bet: Record<string, unknown>, rules: WheelRules): WheelBet {
  const candidate = { segments: bet.segments as number, risk: bet.risk as WheelRisk }
  return validateWheelBet(rules, candidate) === null ? candidate : { segments: 10, risk: 'medium' }
}

/** A segment of the ring as an SVG path: from angle a to b (degrees clockwise from the top). */
function arc(a: number, b: number, r: number, inner: number): string {
  const point = (deg: number, radius: number) => {
    const rad = ((deg - 90) * Math.PI) / 180
    return `${100 + radius * Math.cos(rad)} ${100 + radius * Math.sin(rad)}`
  }
  const large = b - a > 180 ? 1 : 0
  return `M ${point(a, r)} A ${r} ${r} 0 ${large} 1 ${point(b, r)} L ${point(b, inner)} A ${inner} ${inner} 0 ${large} 0 ${point(a, inner)} Z`
}

export default function WheelView(props: GameViewProps) {
  const { t, i18n } = useLingui()
  const locale = i18n.locale
  const rules = (props.title.rules as WheelRules | null) ?? DEFAULT_WHEEL_RULES
  const round = stateOf<WheelRound>(props.round, 'wheel')
  const bet = round && props.phase !== 'idle' && props.phase !== 'result' ? { segments: round.segments, risk: round.risk } : betOf(props.bet, rules)
  const shownBet = round && props.phase === 'result' ? { segments: round.segments, risk: round.risk } : bet
  const table = rules.tables[shownBet.risk][shownBet.segments] ?? []
  const reveal = useReveal(props, SPIN_MS)
  const editable = (props.phase === 'idle' || props.phase === 'result') && !props.locked
  const step = 360 / Math.max(1, table.length)

  // The wheel only ever turns forward: each round adds whole turns and lands its segment at the top.
  const [turn, setTurn] = useState(() => (round ? -(round.segment + 0.5) * step : 0))
  const shownId = useRef(props.round?.id ?? null)
  useEffect(() => {
    if (!reveal.running || !round || !props.round || shownId.current === props.round.id) return
    shownId.current = props.round.id
    props.sound('spin')
    setTurn((previous) => {
      const landing = -(round.segment + 0.5) * (360 / round.segments)
      const base = previous - (((previous - landing) % 360) + 360) % 360
      return base - 360 * 4
    })
  }, [reveal.running, round, props])

  const settled = round !== null && !reveal.running && props.phase !== 'playing'
  const counts = new Map<number, number>()
  for (const m of table) counts.set(m, (counts.get(m) ?? 0) + 1)
  const landed = round ? multiplier(round.multiplier, locale) : ''
  const segmentCount = table.length
  const label = round ? t`The wheel stopped on ${landed}` : t`A wheel of ${segmentCount} segments`

  return (
    <div className={viewRoot} data-view="wheel">
      <div role="img" aria-label={label} className={css({ position: 'relative', w: 'full', maxW: '26rem', mx: 'auto', aspectRatio: '1 / 1' })}>
        <svg viewBox="0 0 200 200" className={css({ w: 'full', h: 'full', overflow: 'visible' })} aria-hidden="true">
          <g
            style={{ transform: `rotate(${turn}deg)`, transformOrigin: '100px 100px', transitionProperty: 'transform', transitionDuration: `${reveal.running ? reveal.duration : 0}ms`, transitionTimingFunction: 'cubic-bezier(0.15, 0.6, 0.15, 1)' }}
          >
            {table.map((m, i) => (
              <path key={i} d={arc(i * step, (i + 1) * step, 96, 58)} fill={segmentColour(m)} stroke="var(--colors-bg)" strokeWidth="0.8" />
            ))}
          </g>
          <circle cx="100" cy="100" r="56" fill="var(--colors-surface)" stroke="var(--colors-border)" />
          <path d="M100 14 L92 0 H108 Z" fill="var(--colors-text)" />
        </svg>
        <div className={css({ position: 'absolute', inset: '30%', display: 'grid', placeItems: 'center', textAlign: 'center' })}>
          <span
            data-testid="wheel-result"
            className={css({ fontSize: { base: '1.75rem', tablet: '2.25rem' }, fontWeight: 'semibold', fontVariantNumeric: 'tabular-nums', transitionProperty: 'opacity', transitionDuration: 'normal' })}
            style={{ opacity: settled ? 1 : 0.35, color: settled && round ? (round.multiplier > 0 ? 'var(--colors-success)' : 'var(--colors-danger)') : undefined }}
          >
            {round ? (settled ? `${round.multiplier > 0 ? '▲' : '▼'} ${landed}` : '…') : multiplier(0, locale)}
          </span>
        </div>
      </div>
      <ul className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', listStyle: 'none', p: 0, m: 0, justifyContent: 'center' })} aria-label={t`Multipliers on the wheel`}>
        {[...counts]
          .sort((a, b) => a[0] - b[0])
          .map(([m, n]) => {
            const times = multiplier(m, locale)
            return (
              <li key={m} className={css({ display: 'inline-flex', alignItems: 'center', gap: '1.5', textStyle: 'small', fontVariantNumeric: 'tabular-nums' })}>
                <span className={css({ w: '3', h: '3', borderRadius: 'sm', border: '1px solid token(colors.border)' })} style={{ background: segmentColour(m) }} aria-hidden="true" />
                <Trans>
                  {times} on {n}
                </Trans>
              </li>
            )
          })}
      </ul>
      <div className={css({ display: 'grid', gap: '3', gridTemplateColumns: { base: '1fr', tablet: '1fr 1fr' } })}>
        <Choice
          label={<Trans>Risk</Trans>}
          value={bet.risk}
          disabled={!editable}
          onChange={(risk) => props.onBetChange({ ...props.bet, risk, segments: bet.segments })}
          options={WHEEL_RISKS.map((risk) => ({ value: risk, label: risk === 'low' ? <Trans>Low</Trans> : risk === 'medium' ? <Trans>Medium</Trans> : <Trans>High</Trans> }))}
        />
        <Choice
          label={<Trans>Segments</Trans>}
          value={bet.segments}
          disabled={!editable}
          onChange={(segments) => props.onBetChange({ ...props.bet, segments, risk: bet.risk })}
          options={WHEEL_SEGMENTS.map((n) => ({ value: n, label: String(n) }))}
        />
      </div>
    </div>
  )
}
