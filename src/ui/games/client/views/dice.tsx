// Dice (engines/dice.ts): a roll of 0.00–99.99 against the player's target, over or under. The
// stage is a track with the winning side lit; the roll's marker slides to where it landed.
import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useRef } from 'react'
import { css, cx } from 'styled-system/css'
import {
  DEFAULT_DICE_RULES,
  DICE_MAX_WINNING_ROLLS,
  DICE_MIN_WINNING_ROLLS,
  DICE_ROLLS,
  diceMultiplier,
  diceWinChance,
  validateDiceBet,
  type DiceBet,
  type DiceDirection,
  type DiceRound,
  type DiceRules,
} from '../../../../shared/games/engines/dice'
import { decimal, multiplier, percent } from '../format'
import { Choice, Figure, figuresRow, optionsGrid, payoutFor, Stage, stateOf, useReveal, viewRoot } from '../view-parts'
import type { GameViewProps } from './view-types'

const ROLL_MS = 800

/** The bet as the options hold it, or the title's default when they hold none that is valid. */
export function diceBetOf(bet: Record<string, unknown>, rules: DiceRules): DiceBet {
  const candidate = { target: bet.target as number, direction: bet.direction as DiceDirection }
  return validateDiceBet(rules, candidate) === null ? candidate : { target: 50.5, direction: 'over' }
}

/** The target range of a side, in hundredths: the win chance stays within 0.01 % and 98 %. */
export function diceTargetRange(direction: DiceDirection): { min: number; max: number } {
  return direction === 'over'
    ? { min: DICE_ROLLS - 1 - DICE_MAX_WINNING_ROLLS, max: DICE_ROLLS - 1 - DICE_MIN_WINNING_ROLLS }
    : { min: DICE_MIN_WINNING_ROLLS, max: DICE_MAX_WINNING_ROLLS }
}

const track = css({ position: 'absolute', left: '6%', right: '6%', top: '68%', h: '3', borderRadius: 'full', overflow: 'hidden', display: 'flex' })
const markerLane = css({ position: 'absolute', left: '6%', right: '6%', top: '68%', h: '3', pointerEvents: 'none' })
const marker = css({
  position: 'absolute',
  inset: 0,
  transitionProperty: 'transform',
  transitionTimingFunction: 'cubic-bezier(0.2, 0.8, 0.2, 1)',
  willChange: 'transform',
})
const pill = css({
  position: 'absolute',
  left: 0,
  bottom: '100%',
  mb: '2',
  transform: 'translateX(-50%)',
  px: '2',
  py: '1',
  borderRadius: 'md',
  bg: 'text',
  color: 'bg',
  textStyle: 'label',
  fontVariantNumeric: 'tabular-nums',
  whiteSpace: 'nowrap',
  transitionProperty: 'opacity',
  transitionDuration: 'fast',
})
const big = css({ position: 'absolute', inset: '0 0 auto 0', top: '9%', textAlign: 'center', fontSize: { base: '2.5rem', tablet: '3.5rem', laptop: '4.5rem' }, fontWeight: 'semibold', fontVariantNumeric: 'tabular-nums', lineHeight: 1 })
const verdict = css({ position: 'absolute', left: 0, right: 0, top: '36%', textAlign: 'center', textStyle: 'label', transitionProperty: 'opacity', transitionDuration: 'normal' })
const scale = css({ position: 'absolute', left: '6%', right: '6%', top: 'calc(68% + 1.25rem)', display: 'flex', justifyContent: 'space-between', textStyle: 'small', color: 'textMuted', fontVariantNumeric: 'tabular-nums' })

export default function DiceView(props: GameViewProps) {
  const { t, i18n } = useLingui()
  const locale = i18n.locale
  const rules = (props.title.rules as DiceRules | undefined) ?? DEFAULT_DICE_RULES
  const bet = diceBetOf(props.bet, rules)
  const round = stateOf<DiceRound>(props.round, 'dice')
  const reveal = useReveal(props, ROLL_MS)
  const editable = (props.phase === 'idle' || props.phase === 'result') && !props.locked

  const started = useRef<string | null>(null)
  useEffect(() => {
    if (reveal.running && props.round && started.current !== props.round.id) {
      started.current = props.round.id
      props.sound('spin')
    }
  }, [reveal.running, props])

  const chance = diceWinChance(bet)
  const pays = diceMultiplier(rules, bet)
  const range = diceTargetRange(bet.direction)
  const hundredths = Math.round(bet.target * 100)
  const winShare = bet.direction === 'over' ? (DICE_ROLLS - 1 - hundredths) / DICE_ROLLS : hundredths / DICE_ROLLS
  const rolled = round !== null
  const settled = rolled && !reveal.running && props.phase !== 'playing'
  const rollLabel = round ? decimal(round.roll, locale) : '—'
  const targetText = decimal(bet.target, locale)
  const stageLabel = round
    ? round.win
      ? t`Rolled ${rollLabel}: a win`
      : t`Rolled ${rollLabel}: no win`
    : bet.direction === 'over'
      ? t`Roll over ${targetText} to win`
      : t`Roll under ${targetText} to win`

  const setTarget = (value: number) => {
    const clamped = Math.min(range.max, Math.max(range.min, Math.round(value)))
    props.onBetChange({ ...props.bet, target: clamped / 100, direction: bet.direction })
  }
  const setDirection = (direction: DiceDirection) => {
    // The same chance on the other side: the target mirrors.
    const mirrored = DICE_ROLLS - 1 - hundredths
    const next = diceTargetRange(direction)
    props.onBetChange({ ...props.bet, direction, target: Math.min(next.max, Math.max(next.min, mirrored)) / 100 })
  }

  const lose = 'color-mix(in srgb, var(--colors-danger) 55%, transparent)'
  const win = 'color-mix(in srgb, var(--colors-success) 70%, transparent)'
  return (
    <div className={viewRoot} data-view="dice">
      <Stage ratio="16 / 9" wideRatio="2 / 1" label={stageLabel}>
        <div className={cx(big, settled && round && (round.win ? css({ color: 'success' }) : css({ color: 'danger' })))} data-testid="dice-roll">
          {rolled ? rollLabel : decimal(bet.target, locale)}
        </div>
        <div className={track} aria-hidden="true">
          {bet.direction === 'under' ? (
            <>
              <span style={{ width: `${winShare * 100}%`, background: win }} />
              <span style={{ flex: 1, background: lose }} />
            </>
          ) : (
            <>
              <span style={{ flex: 1, background: lose }} />
              <span style={{ width: `${winShare * 100}%`, background: win }} />
            </>
          )}
        </div>
        <div className={markerLane} aria-hidden="true">
          <div className={css({ position: 'absolute', top: '-2', bottom: '-2', w: '0.5', bg: 'text', borderRadius: 'full', transform: 'translateX(-50%)' })} style={{ left: `${bet.target}%` }} />
          {round && (
            <div className={marker} style={{ transform: `translateX(${round.roll}%)`, transitionDuration: `${reveal.duration}ms` }}>
              <span className={pill}>{rollLabel}</span>
            </div>
          )}
        </div>
        <div className={scale} aria-hidden="true">
          <span>0</span>
          <span>25</span>
          <span>50</span>
          <span>75</span>
          <span>100</span>
        </div>
        <div className={verdict} style={{ opacity: settled ? 1 : 0 }} aria-hidden="true">
          {round && props.round ? (
            round.win ? (
              <span className={css({ color: 'success' })}>
                ▲ {multiplier(round.multiplier, locale)} · +{props.formatMoney(props.round.payout ?? '0')}
              </span>
            ) : (
              <span className={css({ color: 'danger' })}>
                ▼ <Trans>No win</Trans>
              </span>
            )
          ) : null}
        </div>
      </Stage>

      <div className={optionsGrid}>
        <Choice
          label={<Trans>Roll</Trans>}
          value={bet.direction}
          disabled={!editable}
          onChange={setDirection}
          options={[
            { value: 'under', label: <Trans>Under</Trans> },
            { value: 'over', label: <Trans>Over</Trans> },
          ]}
        />
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '1.5' })}>
          <label htmlFor="dice-target" className={css({ textStyle: 'label' })}>
            <Trans>Target {targetText}</Trans>
          </label>
          <input
            id="dice-target"
            type="range"
            min={range.min}
            max={range.max}
            step={1}
            value={hundredths}
            disabled={!editable}
            aria-valuetext={decimal(bet.target, locale)}
            onChange={(e) => setTarget(Number(e.currentTarget.value))}
            className={css({ w: 'full', minH: '11', accentColor: 'token(colors.accent)', cursor: 'pointer', _disabled: { opacity: 0.5, cursor: 'not-allowed' } })}
          />
        </div>
      </div>
      <div className={figuresRow}>
        <Figure label={<Trans>Win chance</Trans>} value={percent(chance, locale)} />
        <Figure label={<Trans>Multiplier</Trans>} value={multiplier(pays, locale, 4)} />
        <Figure label={<Trans>Pays</Trans>} value={props.formatMoney(payoutFor(props.stake, pays))} />
      </div>
    </div>
  )
}
