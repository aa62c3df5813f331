// Mines (engines/mines.ts): choose how many mines hide in the board before the round, then turn
// tiles one at a time and cash out whenever a safe tile has been found. The multiplier now, the
// next tile's and its chance come from the engine's own formulas; the server's view hides the mines
// until the round is over, and then the whole board shows.
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useRef, useState, type KeyboardEvent } from 'react'
import { css, cx } from 'styled-system/css'
import { translate } from '../../../../services/i18n/i18n'
import { DEFAULT_MINES_RULES, minesMultiplier, type MinesPublicView, type MinesRules } from '../../../../shared/games/engines/mines'
import { Button } from '../../../kit/Button'
import type { GameViewProps } from './view-types'
import { amountOf, Announcer, canChangeBet, canDecide, looks, payoutUnits, rulesOf, scaleOf, stateOf, unitsOf, useEnter, useFormats, useReveal } from './table-parts'

type TileLook = 'hidden' | 'gem' | 'boom' | 'mine' | 'safe'

const MINE_COUNT = msg`{count, plural, one {# mine} other {# mines}}`

const layout = css({ display: 'grid', gap: '3', gridTemplateColumns: { base: '1fr', tablet: 'minmax(0, 3fr) minmax(0, 2fr)' }, alignItems: 'start' })
const board = css({ display: 'grid', gap: { base: '1.5', tablet: '2' }, aspectRatio: '1', p: { base: '2', tablet: '3' }, w: 'full' })
const tile = css({
  position: 'relative',
  display: 'grid',
  placeItems: 'center',
  w: 'full',
  h: 'full',
  minW: 0,
  minH: 0,
  p: 0,
  borderRadius: 'md',
  border: '1px solid token(colors.border)',
  bg: 'surfaceRaised',
  boxShadow: 'inset 0 -3px 0 rgb(0 0 0 / 0.35)',
  cursor: 'pointer',
  transitionProperty: 'transform, opacity',
  transitionDuration: 'fast',
  _hover: { transform: 'translateY(-2px)' },
  _disabled: { cursor: 'default', _hover: { transform: 'none' } },
  '&[data-look=gem]': { bg: 'successSubtle', boxShadow: 'none' },
  '&[data-look=boom]': { bg: 'danger', boxShadow: 'none' },
  '&[data-look=safe]': { opacity: 0.55, boxShadow: 'none' },
  '&[data-look=mine]': { bg: 'dangerSubtle', boxShadow: 'none' },
})
const gem = css({ w: '42%', aspectRatio: '1', transform: 'rotate(45deg)', borderRadius: 'sm', bg: 'linear-gradient(135deg, #a7f3d0, #10b981 55%, #047857)', boxShadow: '0 0 10px rgb(16 185 129 / 0.5)' })
const mineIcon = css({ w: '55%', h: '55%' })
const face = css({ display: 'grid', placeItems: 'center', w: 'full', h: 'full' })
const panel = css({ display: 'grid', gap: '3' })
const picker = css({ display: 'grid', gridTemplateColumns: 'auto 1fr auto', alignItems: 'center', gap: '2' })
const count = css({ textAlign: 'center', fontSize: 'xl', fontWeight: 'semibold', fontVariantNumeric: 'tabular-nums' })
const presets = css({ display: 'grid', gridTemplateColumns: 'repeat(5, 1fr)', gap: '1.5' })
const figures = css({ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '2' })
const figure = css({ display: 'grid', gap: '0.5', p: '2', borderRadius: 'md', bg: 'surfaceRaised' })
const big = css({ fontSize: 'lg', fontWeight: 'semibold', fontVariantNumeric: 'tabular-nums' })

/** A mine: dark on the red of the one found, light on the others shown at the end. */
function MineIcon({ light }: { light: boolean }) {
  const ink = light ? '#e9ecf2' : '#1a1d24'
  return (
    <svg className={mineIcon} viewBox="-12 -12 24 24" aria-hidden="true">
      {[0, 45, 90, 135].map((a) => (
        <rect key={a} x="-1.2" y="-11" width="2.4" height="22" rx="1" fill={ink} transform={`rotate(${a})`} />
      ))}
      <circle r="7.5" fill={ink} />
      <circle cx="-2.5" cy="-2.5" r="2" fill={light ? '#1a1d24' : '#fff'} opacity="0.7" />
    </svg>
  )
}

function Tile(props: { index: number; look: TileLook; name: string; enabled: boolean; tabStop: boolean; delay: number | undefined; batch: number; onReveal: (i: number) => void; onKey: (e: KeyboardEvent<HTMLButtonElement>, i: number) => void; register: (i: number, el: HTMLButtonElement | null) => void }) {
  const { index, look, name, enabled, tabStop, delay, batch, onReveal, onKey, register } = props
  const faceRef = useEnter<HTMLSpanElement>(delay, batch, 'flip')
  return (
    <button
      ref={(el) => register(index, el)}
      type="button"
      className={tile}
      data-look={look}
      data-tile={index}
      aria-label={name}
      // The round's tiles stay focusable when they cannot be turned (aria-disabled), so the arrow keys still walk the board.
      aria-disabled={!enabled || look !== 'hidden' ? true : undefined}
      tabIndex={tabStop ? 0 : -1}
      onClick={() => enabled && look === 'hidden' && onReveal(index)}
      onKeyDown={(e) => onKey(e, index)}
    >
      <span ref={faceRef} className={face}>
        {look === 'gem' || look === 'safe' ? <span className={gem} /> : look === 'mine' || look === 'boom' ? <MineIcon light={look === 'mine'} /> : null}
      </span>
    </button>
  )
}

export default function MinesView(props: GameViewProps) {
  const { title, round, phase, bet, onBetChange, onAction, turbo, reducedMotion, sound, onAnimationEnd, formatMoney, stake } = props
  const { t, i18n } = useLingui()
  const formats = useFormats()
  const rules = rulesOf<MinesRules>(title, DEFAULT_MINES_RULES)
  const mineCount = (count: number) => translate(i18n, MINE_COUNT, { count })
  const state = stateOf<MinesPublicView>(round, 'revealed')
  const cols = Math.max(1, Math.round(Math.sqrt(rules.tiles)))
  const maxMines = Math.min(rules.maxMines, rules.tiles - 1)
  const chosen = typeof bet.mines === 'number' && Number.isInteger(bet.mines) ? Math.min(maxMines, Math.max(rules.minMines, bet.mines)) : Math.min(maxMines, Math.max(rules.minMines, 3))
  const editable = canChangeBet(props)
  const deciding = canDecide(props)
  const playing = state?.phase === 'playing' && round?.status === 'open'
  const mines = playing && state ? state.mineCount : chosen
  const safeFound = playing && state ? state.revealed.length : 0
  const safeTiles = rules.tiles - mines
  const scale = scaleOf(round, stake)
  const [said, setSaid] = useState('')

  // Turned tiles in order, then the board's secrets once the round is over: what the reveal deals.
  const over = state !== null && state.phase !== 'playing'
  const hiddenMines = over && state.mines ? state.mines.filter((m) => !state.revealed.includes(m)) : []
  const rest = over ? Array.from({ length: state.tiles }, (_, i) => i).filter((i) => !state.revealed.includes(i) && !hiddenMines.includes(i)) : []
  const items = state ? [...state.revealed.map((i) => `t${i}`), ...hiddenMines.map((i) => `m${i}`), ...rest.map((i) => `s${i}`)] : []
  const reveal = useReveal(round?.id ?? null, items, {
    phase,
    instant: turbo || reducedMotion,
    stepMs: 40,
    durationMs: 240,
    onDone: (mounted) => {
      if (!round || !state) return
      if (round.status !== 'open') onAnimationEnd()
      if (mounted || state.revealed.length === 0) return
      const m = formats.times(state.multiplier)
      // The end's sound and what it paid are the shell's; the board says how it ended.
      if (state.phase === 'lost') {
        setSaid(t`A mine. The round is lost.`)
      } else if (state.phase === 'cashed') {
        setSaid(t`Cashed out at ${m}.`)
      } else if (state.phase === 'cleared') {
        setSaid(t`Every safe tile found, at ${m}.`)
      } else {
        sound('reveal')
        const next = state.revealed.length < state.tiles - state.mineCount ? formats.times(minesMultiplier(rules, state.mineCount, state.revealed.length + 1)) : m
        setSaid(t`Safe. ${m} now, next tile ${next}.`)
      }
    },
  })

  function lookOf(i: number): TileLook {
    if (!state) return 'hidden'
    const mine = state.mines?.includes(i) ?? false
    if (state.revealed.includes(i)) return mine ? 'boom' : 'gem'
    if (!over) return 'hidden'
    return mine ? 'mine' : 'safe'
  }

  function nameOf(i: number, look: TileLook): string {
    const r = Math.floor(i / cols) + 1
    const c = (i % cols) + 1
    switch (look) {
      case 'gem':
        return t`Row ${r}, column ${c}: safe`
      case 'boom':
        return t`Row ${r}, column ${c}: the mine you found`
      case 'mine':
        return t`Row ${r}, column ${c}: mine`
      case 'safe':
        return t`Row ${r}, column ${c}: was safe`
      default:
        return t`Row ${r}, column ${c}: hidden`
    }
  }

  // One tab stop for the board; the arrow keys walk it without re-rendering it.
  const stop = useRef(0)
  const buttons = useRef(new Map<number, HTMLButtonElement>())
  const register = (i: number, el: HTMLButtonElement | null) => (el ? buttons.current.set(i, el) : buttons.current.delete(i))
  function onKey(event: KeyboardEvent<HTMLButtonElement>, i: number) {
    const moves: Record<string, number> = { ArrowRight: i % cols < cols - 1 ? i + 1 : i, ArrowLeft: i % cols > 0 ? i - 1 : i, ArrowDown: i + cols < rules.tiles ? i + cols : i, ArrowUp: i - cols >= 0 ? i - cols : i, Home: 0, End: rules.tiles - 1 }
    const to = moves[event.key]
    if (to === undefined) return
    event.preventDefault()
    buttons.current.get(stop.current)?.setAttribute('tabindex', '-1')
    stop.current = to
    const el = buttons.current.get(to)
    el?.setAttribute('tabindex', '0')
    el?.focus()
  }

  function turn(i: number) {
    if (!deciding || !playing) return
    stop.current = i
    sound('click')
    onAction({ reveal: i })
  }

  function choose(n: number) {
    if (!editable) return
    const next = Math.min(maxMines, Math.max(rules.minMines, n))
    if (next === chosen) return
    onBetChange({ ...bet, mines: next })
    setSaid(mineCount(next))
  }

  const nowMultiplier = playing && state ? state.multiplier : 1
  const nextMultiplier = safeFound < safeTiles ? minesMultiplier(rules, mines, safeFound + 1) : null
  const chance = safeFound < safeTiles ? (safeTiles - safeFound) / (rules.tiles - safeFound) : 0
  const stakeUnits = unitsOf(round && playing ? round.stake : stake)
  const cashAmount = formatMoney(amountOf(payoutUnits(stakeUnits, nowMultiplier), scale))
  const canCash = deciding && playing && safeFound > 0
  const nowText = formats.times(nowMultiplier)
  const nextText = nextMultiplier === null ? '–' : formats.times(nextMultiplier)
  const chanceText = nextMultiplier === null ? '–' : formats.percent(chance)
  const presetCounts = [1, 3, 5, 10, 24].filter((n) => n >= rules.minMines && n <= maxMines)

  return (
    <section className={looks.root} aria-label={t`Mines board`} data-testid="mines-view" data-phase={phase} data-round={state?.phase ?? 'none'}>
      <div className={layout}>
        <div className={looks.stage}>
          <div className={board} style={{ gridTemplateColumns: `repeat(${cols}, minmax(0, 1fr))`, gridTemplateRows: `repeat(${Math.ceil(rules.tiles / cols)}, minmax(0, 1fr))` }} role="group" aria-label={t`Tiles: arrow keys move, Enter turns a tile`}>
            {Array.from({ length: rules.tiles }, (_, i) => {
              const look = lookOf(i)
              return (
                <Tile
                  key={i}
                  index={i}
                  look={look}
                  name={nameOf(i, look)}
                  enabled={deciding && playing}
                  tabStop={i === stop.current}
                  delay={reveal.delays.get(`t${i}`) ?? reveal.delays.get(`m${i}`) ?? reveal.delays.get(`s${i}`)}
                  batch={reveal.batch}
                  onReveal={turn}
                  onKey={onKey}
                  register={register}
                />
              )
            })}
          </div>
        </div>

        <div className={panel}>
          <div className={figures}>
            <div className={figure}>
              <span className={looks.label}>
                <Trans>Multiplier now</Trans>
              </span>
              <span className={big} data-testid="mines-now">
                {nowText}
              </span>
            </div>
            <div className={figure}>
              <span className={looks.label}>
                <Trans>Next tile</Trans>
              </span>
              <span className={big} data-testid="mines-next">
                {nextText}
              </span>
            </div>
            <div className={figure} style={{ gridColumn: '1 / -1' }}>
              <span className={looks.label}>
                <Trans>Chance the next tile is safe: {chanceText}</Trans>
              </span>
            </div>
          </div>

          <Button size="lg" fullWidth disabled={!canCash} onClick={() => canCash && onAction({ cashOut: true })} data-testid="mines-cash-out">
            {playing ? <Trans>Cash out {cashAmount}</Trans> : <Trans>Cash out</Trans>}
          </Button>

          <div role="group" aria-labelledby="mines-count-label" className={css({ display: 'grid', gap: '2' })}>
            <span id="mines-count-label" className={looks.label}>
              <Trans>Mines in the board</Trans>
            </span>
            <div className={picker}>
              <Button size="md" variant="secondary" iconOnly aria-label={t`Fewer mines`} disabled={!editable || chosen <= rules.minMines} onClick={() => choose(chosen - 1)}>
                −
              </Button>
              <output className={count} data-testid="mines-count" aria-live="off">
                {mines}
              </output>
              <Button size="md" variant="secondary" iconOnly aria-label={t`More mines`} disabled={!editable || chosen >= maxMines} onClick={() => choose(chosen + 1)}>
                +
              </Button>
            </div>
            <div className={presets}>
              {presetCounts.map((n) => (
                <Button key={n} size="sm" variant="secondary" className={cx(looks.pressed)} aria-pressed={chosen === n} aria-label={mineCount(n)} disabled={!editable} onClick={() => choose(n)}>
                  {n}
                </Button>
              ))}
            </div>
          </div>
        </div>
      </div>
      <Announcer>{said}</Announcer>
    </section>
  )
}
