// A 5 × 3 line slot (engines/line-slot.ts): the reels spin while the round is asked for, stop one by
// one on the base spin, light the winning lines, and then, when the scatters awarded free spins,
// play each free spin as the feature. Reels move by transforms only (the Web Animations API), and
// with reduced motion they simply show where they stopped.
import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import { css, cx } from 'styled-system/css'
import { SLOT_REELS, SLOT_ROWS, type LineSlotRound, type LineSlotRules, type SlotSpin } from '../../../../shared/games/engines/line-slot'
import { SlotSymbol, useSymbolName } from '../slot-symbols'
import { payoutFor, revealDuration, stateOf } from '../view-parts'
import type { GameViewProps } from './view-types'

/** Milliseconds of each part of a spin at normal speed. */
export const SLOT_TIMING = { firstStop: 420, stagger: 170, wins: 900, noWin: 250, freeSpin: 320, freeStagger: 90, freeWins: 600 }

const LINE_COLOURS = ['#fbbf24', '#60a5fa', '#f472b6', '#34d399', '#a78bfa', '#fb923c', '#22d3ee', '#f87171', '#a3e635', '#e879f9']

interface Shown {
  /** Index into the round's spins. */
  readonly spin: number
  /** Reels stopped so far (the rest spin). */
  readonly stopped: number
  /** The spin's wins are lit. */
  readonly wins: boolean
  /** Win so far in the round, in units of the total bet. */
  readonly total: number
}

const reelsRow = css({ position: 'absolute', inset: '3%', display: 'grid', gridTemplateColumns: 'repeat(5, minmax(0, 1fr))', gap: '1.5%' })
const reel = css({ position: 'relative', overflow: 'hidden', borderRadius: 'md', bg: 'bg', display: 'grid', gridTemplateRows: 'repeat(3, minmax(0, 1fr))' })
const cell = css({ position: 'relative', p: '6%', transitionProperty: 'opacity, transform', transitionDuration: 'normal' })
const dim = css({ opacity: 0.35 })
const lit = css({ transform: 'scale(1.06)' })
const blur = css({ position: 'absolute', inset: 0, display: 'flex', flexDirection: 'column', willChange: 'transform', opacity: 0.75 })

function useSlotSequence(props: GameViewProps, round: LineSlotRound | null): Shown {
  const { phase, turbo, reducedMotion } = props
  const roundId = props.round?.id ?? null
  const lastSpin = round ? round.spins.length - 1 : 0
  const [shown, setShown] = useState<Shown>({ spin: lastSpin, stopped: SLOT_REELS, wins: true, total: round?.multiplier ?? 0 })
  const revealed = useRef<string | null>(roundId)
  const featured = useRef<string | null>(null)
  const end = useRef(props.onAnimationEnd)
  end.current = props.onAnimationEnd
  const sound = useRef(props.sound)
  sound.current = props.sound

  // A new request: every reel spins until its round arrives.
  const requesting = phase === 'playing' && roundId === revealed.current
  useEffect(() => {
    if (requesting) {
      setShown((s) => ({ ...s, stopped: 0, wins: false }))
      sound.current('spin')
    }
  }, [requesting])

  // The base spin: reels stop left to right, then its wins are lit.
  useEffect(() => {
    if (phase !== 'playing' || !round || roundId === null || roundId === revealed.current) return
    revealed.current = roundId
    const pace = (ms: number) => revealDuration(ms, turbo, reducedMotion)
    const base = round.spins[0]!
    const timers: ReturnType<typeof setTimeout>[] = []
    setShown({ spin: 0, stopped: 0, wins: false, total: 0 })
    for (let r = 0; r < SLOT_REELS; r++) {
      timers.push(
        setTimeout(() => {
          setShown((s) => ({ ...s, stopped: r + 1 }))
          sound.current('reveal')
        }, pace(SLOT_TIMING.firstStop + r * SLOT_TIMING.stagger)),
      )
    }
    const stopped = pace(SLOT_TIMING.firstStop + (SLOT_REELS - 1) * SLOT_TIMING.stagger)
    timers.push(setTimeout(() => setShown((s) => ({ ...s, wins: true, total: base.win })), stopped))
    timers.push(setTimeout(() => end.current(), stopped + pace(base.win > 0 ? SLOT_TIMING.wins : SLOT_TIMING.noWin)))
    return () => timers.forEach(clearTimeout)
  }, [phase, round, roundId, turbo, reducedMotion])

  // The feature: each free spin in turn, its win added to the round's.
  useEffect(() => {
    if (phase !== 'feature' || !round || roundId === null || featured.current === roundId) return
    featured.current = roundId
    const pace = (ms: number) => revealDuration(ms, turbo, reducedMotion)
    const timers: ReturnType<typeof setTimeout>[] = []
    let at = 0
    let total = round.spins[0]!.win
    for (let i = 1; i < round.spins.length; i++) {
      const spin = round.spins[i]!
      const start = at
      timers.push(setTimeout(() => setShown((s) => ({ ...s, spin: i, stopped: 0, wins: false })), start))
      const stopAt = start + pace(SLOT_TIMING.freeSpin)
      for (let r = 0; r < SLOT_REELS; r++) timers.push(setTimeout(() => setShown((s) => ({ ...s, stopped: r + 1 })), stopAt + pace(r * SLOT_TIMING.freeStagger)))
      const winsAt = stopAt + pace((SLOT_REELS - 1) * SLOT_TIMING.freeStagger)
      total += spin.win
      const after = total
      timers.push(setTimeout(() => setShown((s) => ({ ...s, wins: true, total: after })), winsAt))
      at = winsAt + pace(spin.win > 0 ? SLOT_TIMING.freeWins : SLOT_TIMING.noWin)
    }
    timers.push(setTimeout(() => end.current(), at))
    return () => timers.forEach(clearTimeout)
  }, [phase, round, roundId, turbo, reducedMotion])

  // Skipped to the result (or a resumed table): the last spin, at rest, with the round's whole win.
  useEffect(() => {
    if (phase === 'result' && round) setShown({ spin: round.spins.length - 1, stopped: SLOT_REELS, wins: true, total: round.multiplier })
  }, [phase, round])

  return shown
}

/** A reel while it spins: its strip sliding down, on the compositor. */
function SpinningStrip({ strip, symbols, title, reducedMotion }: { strip: readonly string[]; symbols: LineSlotRules['symbols']; title: string; reducedMotion: boolean }) {
  const ref = useRef<HTMLDivElement>(null)
  useLayoutEffect(() => {
    const el = ref.current
    if (!el || reducedMotion || typeof el.animate !== 'function') return
    const animation = el.animate([{ transform: 'translateY(-50%)' }, { transform: 'translateY(0)' }], { duration: 260, iterations: Infinity, easing: 'linear' })
    // Cancelled when the reel stops: that is no error.
    animation.finished?.catch(() => {})
    return () => animation.cancel()
  }, [reducedMotion])
  const items = [...strip.slice(0, 6), ...strip.slice(0, 6)]
  return (
    <div ref={ref} className={blur} style={{ height: `${(items.length / SLOT_ROWS) * 100}%` }} aria-hidden="true">
      {items.map((id, i) => {
        const index = symbols.findIndex((s) => s.id === id)
        return (
          <div key={i} className={css({ flex: 1, p: '6%' })}>
            <SlotSymbol symbol={symbols[index] ?? { id, kind: 'regular' }} index={index} title={title} />
          </div>
        )
      })}
    </div>
  )
}

export default function LineSlotView(props: GameViewProps) {
  const { t } = useLingui()
  const rules = props.title.rules as LineSlotRules
  const round = stateOf<LineSlotRound>(props.round, 'line_slot')
  const shown = useSlotSequence(props, round)
  const spin: SlotSpin | null = round?.spins[shown.spin] ?? null
  const title = props.title.sysname
  const symbolIndex = new Map(rules.symbols.map((s, i) => [s.id, i]))
  const name = useSymbolName()

  // Which cells win: the first `count` reels of each winning line, and every scatter when they paid.
  const winning = new Set<string>()
  if (spin && shown.wins) {
    for (const w of spin.lineWins) for (let r = 0; r < w.count; r++) winning.add(`${r}:${rules.paylines[w.line]![r]}`)
    if (spin.scatterWin > 0) spin.window.forEach((col, r) => col.forEach((id, row) => id === rules.symbols.find((s) => s.kind === 'scatter')?.id && winning.add(`${r}:${row}`)))
  }
  const anyWin = winning.size > 0
  const spinning = (r: number) => props.phase === 'playing' || props.phase === 'feature' ? r >= shown.stopped : false
  const free = round && shown.spin > 0 ? { n: shown.spin, of: round.spins.length - 1 } : null
  const winAmount = props.round && shown.total > 0 ? props.formatMoney(payoutFor(props.round.totalStake, shown.total)) : null
  const windowText = spin ? spin.window.map((col) => col.map(name).join(', ')).join('; ') : ''
  const lineCount = rules.paylines.length
  const label = spin ? (anyWin && winAmount ? t`Reels show ${windowText}. Win ${winAmount}` : t`Reels show ${windowText}. No win`) : t`Five reels, three rows, ${lineCount} lines`
  const awarded = round?.spins[0]?.awarded ?? 0
  const nFree = free?.n ?? 0
  const ofFree = free?.of ?? 0

  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '3', minW: 0 })} data-view="line-slot">
      <div className={css({ display: 'flex', justifyContent: 'space-between', alignItems: 'center', minH: '7', gap: '2', textStyle: 'label' })} aria-hidden="true" data-testid="slot-bar">
        <span className={css({ color: free ? 'warning' : 'textMuted' })}>
          {free ? <Trans>Free spin {nFree} of {ofFree}</Trans> : <Trans>{lineCount} lines</Trans>}
        </span>
        <span className={cx(css({ fontVariantNumeric: 'tabular-nums', transitionProperty: 'opacity', transitionDuration: 'fast' }), winAmount ? css({ color: 'success' }) : css({ opacity: 0 }))}>
          {winAmount ? <>▲ {winAmount}</> : '—'}
        </span>
      </div>
      <div
        role="img"
        aria-label={label}
        data-testid="slot-reels"
        data-spin={shown.spin}
        className={css({ position: 'relative', w: 'full', aspectRatio: '5 / 3.15', borderRadius: 'lg', bg: 'surface', border: '1px solid token(colors.border)', overflow: 'hidden', contain: 'layout paint' })}
      >
        <div className={reelsRow}>
          {Array.from({ length: SLOT_REELS }, (_, r) => (
            <div key={r} className={reel}>
              {spinning(r) ? (
                <SpinningStrip strip={rules.reels[r]!} symbols={rules.symbols} title={title} reducedMotion={props.reducedMotion} />
              ) : (
                Array.from({ length: SLOT_ROWS }, (_, row) => {
                  const id = spin?.window[r]?.[row] ?? rules.reels[r]![row]!
                  const index = symbolIndex.get(id) ?? 0
                  const on = winning.has(`${r}:${row}`)
                  return (
                    <div key={row} className={cx(cell, anyWin && !on && dim, on && lit)} data-symbol={id} data-win={on || undefined}>
                      <SlotSymbol symbol={rules.symbols[index] ?? { id, kind: 'regular' }} index={index} title={title} />
                    </div>
                  )
                })
              )}
            </div>
          ))}
        </div>
        {spin && shown.wins && spin.lineWins.length > 0 && (
          <svg viewBox="0 0 500 300" preserveAspectRatio="none" className={css({ position: 'absolute', inset: '3%', w: '94%', h: '94%', pointerEvents: 'none' })} aria-hidden="true">
            {spin.lineWins.map((w, i) => (
              <polyline
                key={`${w.line}-${i}`}
                points={rules.paylines[w.line]!.map((row, r) => `${r * 100 + 50},${row * 100 + 50}`).join(' ')}
                fill="none"
                stroke={LINE_COLOURS[w.line % LINE_COLOURS.length]}
                strokeWidth="5"
                strokeLinejoin="round"
                strokeLinecap="round"
                opacity="0.85"
                vectorEffect="non-scaling-stroke"
              />
            ))}
          </svg>
        )}
        {awarded > 0 && props.phase !== 'idle' && shown.spin === 0 && shown.wins && (
          <div className={css({ position: 'absolute', left: '50%', top: '50%', transform: 'translate(-50%, -50%)', px: '4', py: '2', borderRadius: 'lg', bg: 'warning', color: 'bg', textStyle: 'title', boxShadow: 'raised', whiteSpace: 'nowrap' })}>
            <Trans>{awarded} free spins!</Trans>
          </div>
        )}
      </div>
      <p className={css({ textStyle: 'small', color: 'textMuted', minH: '5' })}>
        {spin && shown.wins && spin.lineWins.length > 0 ? (
          spin.lineWins
            .slice(0, 4)
            .map((w) => {
              const line = w.line + 1
              const count = w.count
              const symbol = name(w.symbol)
              return t`Line ${line}: ${count} × ${symbol}`
            })
            .join(' · ')
        ) : (
          <Trans>Three scatters anywhere start the free spins.</Trans>
        )}
      </p>
    </div>
  )
}
