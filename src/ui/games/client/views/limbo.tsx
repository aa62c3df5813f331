// Limbo (engines/limbo.ts): the player names a target multiplier; the round draws a result and
// pays the target when the result reaches it. The stage counts the result up from 1.00×.
import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import { css, cx } from 'styled-system/css'
import { DEFAULT_LIMBO_RULES, LIMBO_MIN_TARGET, limboWinChance, validateLimboBet, type LimboRound, type LimboRules } from '../../../../shared/games/engines/limbo'
import { decimal, multiplier, percent } from '../format'
import { Figure, figuresRow, parseLocaleNumber, payoutFor, Stage, stateOf, useReveal, viewRoot } from '../view-parts'
import type { GameViewProps } from './view-types'

const COUNT_MS = 1100
const PRESETS = [1.5, 2, 5, 10, 100]

function targetOf(bet: Record<string, unknown>, rules: LimboRules): number {
  const target = bet.target as number
  return validateLimboBet(rules, { target }) === null ? target : 2
}

/** The multiplier shown while the result counts up: fast at first, slowing as it nears the result. */
export function countedMultiplier(result: number, progress: number): number {
  if (progress >= 1) return result
  const eased = 1 - (1 - progress) ** 3
  return Math.max(1, Math.floor(Math.exp(Math.log(result) * eased) * 100) / 100)
}

export default function LimboView(props: GameViewProps) {
  const { t, i18n } = useLingui()
  const locale = i18n.locale
  const rules = { ...DEFAULT_LIMBO_RULES, ...((props.title.rules as Partial<LimboRules> | null) ?? {}) }
  const target = targetOf(props.bet, rules)
  const round = stateOf<LimboRound>(props.round, 'limbo')
  const reveal = useReveal(props, COUNT_MS, { frames: true })
  const editable = (props.phase === 'idle' || props.phase === 'result') && !props.locked
  const [text, setText] = useState(decimal(target, locale))
  const [wrong, setWrong] = useState(false)
  useEffect(() => setText(decimal(target, locale)), [target, locale])
  useEffect(() => {
    if (reveal.running && reveal.progress === 0) props.sound('spin')
  }, [reveal.running, reveal.progress, props])

  const shown = round ? countedMultiplier(round.result, reveal.running ? reveal.progress : 1) : null
  const settled = round !== null && !reveal.running && props.phase !== 'playing'
  const chance = limboWinChance(rules, target)
  const resultText = round ? multiplier(round.result, locale) : ''
  const targetText = multiplier(target, locale)
  const label = round ? (round.win ? t`Result ${resultText}: reached the target ${targetText}` : t`Result ${resultText}: below the target ${targetText}`) : t`Target ${targetText}`

  const commit = (value: number | null) => {
    const max = rules.maxMultiplier
    if (value === null || value < LIMBO_MIN_TARGET || value > max) {
      setWrong(true)
      return
    }
    setWrong(false)
    props.onBetChange({ ...props.bet, target: Math.round(value * 100) / 100 })
  }
  const minText = multiplier(LIMBO_MIN_TARGET, locale)
  const maxText = multiplier(rules.maxMultiplier, locale, 0)

  return (
    <div className={viewRoot} data-view="limbo">
      <Stage ratio="16 / 9" wideRatio="2 / 1" label={label}>
        <div className={css({ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center', alignContent: 'center', gap: '2' })}>
          <span
            data-testid="limbo-result"
            className={cx(
              css({ fontSize: { base: '3rem', tablet: '4rem', laptop: '5rem' }, fontWeight: 'semibold', fontVariantNumeric: 'tabular-nums', lineHeight: 1 }),
              settled && round && (round.win ? css({ color: 'success' }) : css({ color: 'danger' })),
            )}
          >
            {shown === null ? multiplier(1, locale) : multiplier(shown, locale)}
          </span>
          <span className={css({ textStyle: 'label', color: 'textMuted' })}>
            <Trans>Target {targetText}</Trans>
          </span>
          <span className={css({ textStyle: 'label', minH: '5', transitionProperty: 'opacity', transitionDuration: 'normal' })} style={{ opacity: settled ? 1 : 0 }} aria-hidden="true">
            {round && props.round ? (
              round.win ? (
                <span className={css({ color: 'success' })}>▲ +{props.formatMoney(props.round.payout ?? '0')}</span>
              ) : (
                <span className={css({ color: 'danger' })}>
                  ▼ <Trans>No win</Trans>
                </span>
              )
            ) : null}
          </span>
        </div>
      </Stage>
      <form
        className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}
        onSubmit={(e) => {
          e.preventDefault()
          commit(parseLocaleNumber(text, locale, 2))
        }}
      >
        <label htmlFor="limbo-target" className={css({ textStyle: 'label' })}>
          <Trans>Target multiplier</Trans>
        </label>
        <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
          <input
            id="limbo-target"
            inputMode="decimal"
            autoComplete="off"
            value={text}
            disabled={!editable}
            aria-invalid={wrong || undefined}
            aria-describedby="limbo-target-hint"
            onChange={(e) => setText(e.currentTarget.value)}
            onBlur={() => commit(parseLocaleNumber(text, locale, 2))}
            className={css({ flex: '1 1 8rem', minH: '11', px: '3', bg: 'surface', color: 'text', border: '1px solid token(colors.borderStrong)', borderRadius: 'md', fontVariantNumeric: 'tabular-nums', '&[aria-invalid=true]': { borderColor: 'danger' } })}
          />
          {PRESETS.map((p) => (
            <button
              key={p}
              type="button"
              disabled={!editable}
              aria-pressed={p === target}
              onClick={() => commit(p)}
              className={css({ minH: '11', px: '3', borderRadius: 'md', bg: 'surfaceRaised', border: '1px solid token(colors.border)', fontWeight: 'semibold', cursor: 'pointer', '&[aria-pressed=true]': { bg: 'accent', color: 'accentText' }, _disabled: { opacity: 0.5, cursor: 'not-allowed' } })}
            >
              {multiplier(p, locale, p % 1 === 0 ? 0 : 1)}
            </button>
          ))}
        </div>
        <p id="limbo-target-hint" className={css({ textStyle: 'small', color: wrong ? 'danger' : 'textMuted' })}>
          <Trans>
            From {minText} to {maxText}
          </Trans>
        </p>
      </form>
      <div className={figuresRow}>
        <Figure label={<Trans>Win chance</Trans>} value={percent(chance, locale, chance < 0.01 ? 4 : 2)} />
        <Figure label={<Trans>Multiplier</Trans>} value={targetText} />
        <Figure label={<Trans>Pays</Trans>} value={props.formatMoney(payoutFor(props.stake, target))} />
      </div>
    </div>
  )
}
