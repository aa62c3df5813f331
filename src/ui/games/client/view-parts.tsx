// Pieces the game client's views share: the reveal of a round that has just arrived (timed by the
// view, shortened by turbo, none at all with reduced motion), a fixed-ratio stage so nothing moves
// when a round lands, and the option controls every table uses (a choice of a few, a number).
import { useEffect, useId, useRef, useState, type CSSProperties, type ReactNode } from 'react'
import { css, cx } from 'styled-system/css'
import type { Round } from '../../../services/api/contract/games'
import type { GameViewProps } from './views/view-types'

type RevealProps = Pick<GameViewProps, 'round' | 'phase' | 'turbo' | 'reducedMotion' | 'onAnimationEnd'>

/** How long a reveal of `ms` takes for this player: a quarter with turbo, nothing with reduced motion. */
export function revealDuration(ms: number, turbo: boolean, reducedMotion: boolean): number {
  return reducedMotion ? 0 : turbo ? Math.round(ms / 4) : ms
}

export interface Reveal {
  /** The round's reveal is running. */
  readonly running: boolean
  /** 0 to 1 through the reveal (1 when none runs); only updated every frame with `frames`. */
  readonly progress: number
  /** The reveal's length in ms, for CSS transitions. */
  readonly duration: number
}

/**
 * Reveals each new round once, when it arrives (phase `playing` with a round the view has not
 * shown), and tells the shell when it ends. The round on the table when the view mounts (a reload)
 * is shown as it stands. A skip (the phase moves on) ends the reveal at once.
 */
export function useReveal(props: RevealProps, ms: number, options: { frames?: boolean; phase?: 'playing' | 'feature' } = {}): Reveal {
  const phase = options.phase ?? 'playing'
  const { round, turbo, reducedMotion } = props
  // A round already being revealed when the view mounts (its lazy chunk arrived after the bet on a
  // slow phone) is revealed too: only one that stands on the table is shown as it is.
  const seen = useRef<string | null>(phase === 'playing' && round && props.phase !== phase ? `${round.id}:${round.step}` : null)
  const end = useRef(props.onAnimationEnd)
  end.current = props.onAnimationEnd
  const [state, setState] = useState<Reveal>({ running: false, progress: 1, duration: 0 })
  const active = props.phase === phase && round !== null
  const key = active ? `${round.id}:${round.step}` : null

  useEffect(() => {
    if (!key || seen.current === key) return
    seen.current = key
    const duration = revealDuration(ms, turbo, reducedMotion)
    const started = performance.now()
    let frame = 0
    setState({ running: true, progress: 0, duration })
    if (options.frames && duration > 0) {
      const tick = () => {
        const progress = Math.min(1, (performance.now() - started) / duration)
        setState((s) => (s.running ? { ...s, progress } : s))
        if (progress < 1) frame = requestAnimationFrame(tick)
      }
      frame = requestAnimationFrame(tick)
    }
    const timer = setTimeout(() => {
      setState({ running: false, progress: 1, duration })
      end.current()
    }, duration)
    return () => {
      clearTimeout(timer)
      cancelAnimationFrame(frame)
    }
    // The reveal belongs to the round: a new turbo setting mid-reveal does not restart it.
  }, [key])

  // Skipped (or the round left the table): the reveal is over, shown at its end.
  useEffect(() => {
    if (!active && state.running) setState((s) => ({ ...s, running: false, progress: 1 }))
  }, [active, state.running])

  return state
}

/** The round the stage draws: the one on the table (the previous one while a request is in flight). */
export function stateOf<S>(round: Round | null, kind: string): S | null {
  return round && round.kind === kind ? (round.state as S) : null
}

/** A fixed-ratio box for the play area: the round lands without anything around it moving. */
export function Stage({ ratio, wideRatio, label, children, className }: { ratio: string; wideRatio?: string; label: string; children: ReactNode; className?: string }) {
  return (
    <div
      role="img"
      aria-label={label}
      className={cx(
        css({
          position: 'relative',
          w: 'full',
          overflow: 'hidden',
          borderRadius: 'lg',
          bg: 'surface',
          border: '1px solid token(colors.border)',
          contain: 'layout paint',
          aspectRatio: 'var(--stage-ratio)',
          laptop: { aspectRatio: 'var(--stage-ratio-wide)' },
        }),
        className,
      )}
      style={{ '--stage-ratio': ratio, '--stage-ratio-wide': wideRatio ?? ratio } as CSSProperties}
    >
      {children}
    </div>
  )
}

const choiceRoot = css({ border: 'none', p: 0, m: 0, minW: 0, display: 'flex', flexDirection: 'column', gap: '1.5' })
const choiceLegend = css({ textStyle: 'label', p: 0, mb: '1.5' })
const choiceRow = css({ display: 'flex', flexWrap: 'wrap', gap: '1', bg: 'surfaceRaised', borderRadius: 'md', p: '1', border: '1px solid token(colors.border)' })
const choiceItem = css({
  position: 'relative',
  flex: '1 1 0',
  minW: '12',
  display: 'flex',
  '& input': { position: 'absolute', opacity: 0, inset: 0, m: 0, cursor: 'pointer' },
  '& span': {
    flex: 1,
    display: 'grid',
    placeItems: 'center',
    minH: '9',
    px: '2',
    borderRadius: 'sm',
    textStyle: 'small',
    fontWeight: 'semibold',
    color: 'textMuted',
    whiteSpace: 'nowrap',
    transitionProperty: 'background-color, color',
    transitionDuration: 'fast',
  },
  '& input:checked + span': { bg: 'accent', color: 'accentText' },
  '& input:focus-visible + span': { outline: '2px solid token(colors.focusRing)', outlineOffset: '2px' },
  '& input:disabled + span': { opacity: 0.5, cursor: 'not-allowed' },
})

/** One of a few options as a row of segments (native radios: arrow keys move between them). */
export function Choice<T extends string | number>({
  label,
  options,
  value,
  onChange,
  disabled,
}: {
  label: ReactNode
  options: readonly { readonly value: T; readonly label: ReactNode }[]
  value: T
  onChange: (value: T) => void
  disabled?: boolean
}) {
  const name = useId()
  return (
    <fieldset className={choiceRoot} disabled={disabled}>
      <legend className={choiceLegend}>{label}</legend>
      <div className={choiceRow}>
        {options.map((option) => (
          <label key={String(option.value)} className={choiceItem}>
            <input type="radio" name={name} value={String(option.value)} checked={option.value === value} onChange={() => onChange(option.value)} />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  )
}

/** Figures beside the options: a label over a value, in tabular numbers. */
export function Figure({ label, value, tone }: { label: ReactNode; value: ReactNode; tone?: 'win' | 'loss' }) {
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '0.5', minW: 0 })}>
      <span className={css({ textStyle: 'small', color: 'textMuted' })}>{label}</span>
      <span className={cx(css({ textStyle: 'amount', fontSize: 'md' }), tone === 'win' && css({ color: 'success' }), tone === 'loss' && css({ color: 'danger' }))}>{value}</span>
    </div>
  )
}

export const optionsGrid = css({ display: 'grid', gap: '3', gridTemplateColumns: { base: '1fr', tablet: 'repeat(2, minmax(0, 1fr))' }, alignItems: 'end' })
export const figuresRow = css({ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: '3' })
export const viewRoot = css({ display: 'flex', flexDirection: 'column', gap: '4', minW: 0 })

/** What a stake returns at a multiplier, rounded down to the stake's decimals (the server's floor). */
export function payoutFor(stake: string, times: number): string {
  const [whole = '0', fraction = ''] = stake.split('.')
  const scale = fraction.length
  const units = BigInt(whole + fraction)
  const paid = (units * BigInt(Math.round(times * 10000))) / 10000n
  const digits = paid.toString().padStart(scale + 1, '0')
  return scale > 0 ? `${digits.slice(0, -scale)}.${digits.slice(-scale)}` : digits
}

/**
 * A number as a player of `locale` types it ("2,5" in German, "1,000.5" in English), with at most
 * `decimals` decimals; null when it is not one (never guessed).
 */
export function parseLocaleNumber(text: string, locale: string, decimals: number): number | null {
  const value = text.trim()
  if (value === '') return null
  const parts = new Intl.NumberFormat(locale, { useGrouping: 'always', numberingSystem: 'latn' }).formatToParts(1234567.5)
  const group = parts.find((p) => p.type === 'group')?.value ?? ','
  const decimal = parts.find((p) => p.type === 'decimal')?.value ?? '.'
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  const groupSign = group === '\u00a0' || group === '\u202f' ? '[ \u00a0\u202f]' : escape(group)
  const match = new RegExp(`^(\\d{1,3}(?:${groupSign}\\d{3})+|\\d+)(?:${escape(decimal)}(\\d+))?$`).exec(value)
  if (!match) return null
  const fraction = match[2] ?? ''
  if (fraction.length > decimals) return null
  return Number(`${match[1]!.replace(/\D/g, '')}.${fraction || '0'}`)
}
