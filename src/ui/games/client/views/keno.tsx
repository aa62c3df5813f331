// Keno (engines/keno.ts): the player picks up to 10 of 40 numbers; the round draws 10 and pays by
// how many of the picks were drawn. The board is the picker; the draw lights its numbers one by one.
import { Trans, useLingui } from '@lingui/react/macro'
import { css, cx } from 'styled-system/css'
import { DEFAULT_KENO_RULES, KENO_RISKS, validateKenoBet, type KenoBet, type KenoRisk, type KenoRound, type KenoRules } from '../../../../shared/games/engines/keno'
import { decimal } from '../format'
import { Choice, stateOf, useReveal, viewRoot } from '../view-parts'
import type { GameViewProps } from './view-types'

const DRAW_MS = 1500

function betOf(bet: Record<string, unknown>, rules: KenoRules): KenoBet {
  const candidate = { picks: Array.isArray(bet.picks) ? (bet.picks as number[]) : [], risk: (bet.risk as KenoRisk) ?? 'classic' }
  if (validateKenoBet(rules, candidate) === null) return candidate
  return { picks: candidate.picks.filter((n) => Number.isInteger(n) && n >= 1 && n <= rules.numbers).slice(0, rules.maxPicks), risk: KENO_RISKS.includes(candidate.risk) ? candidate.risk : 'classic' }
}

const cellBase = css({
  position: 'relative',
  display: 'grid',
  placeItems: 'center',
  borderRadius: 'md',
  border: '1px solid token(colors.border)',
  bg: 'surfaceRaised',
  color: 'text',
  fontWeight: 'semibold',
  fontVariantNumeric: 'tabular-nums',
  fontSize: { base: 'sm', tablet: 'md' },
  cursor: 'pointer',
  transitionProperty: 'background-color, color, transform, opacity',
  transitionDuration: 'fast',
  _disabled: { cursor: 'default' },
  '&[aria-pressed=true]': { bg: 'accent', color: 'accentText', borderColor: 'accent' },
})
const drawnCell = css({ borderColor: 'info', boxShadow: 'inset 0 0 0 2px token(colors.info)' })
const hitCell = css({ bg: 'success !important', color: 'bg !important', borderColor: 'success !important', transform: 'scale(1.04)' })
const missCell = css({ opacity: 0.55 })

export default function KenoView(props: GameViewProps) {
  const { t, i18n } = useLingui()
  const locale = i18n.locale
  const rules = (props.title.rules as KenoRules | null) ?? DEFAULT_KENO_RULES
  const bet = betOf(props.bet, rules)
  const round = stateOf<KenoRound>(props.round, 'keno')
  const reveal = useReveal(props, DRAW_MS, { frames: true })
  const editable = (props.phase === 'idle' || props.phase === 'result') && !props.locked
  // While a round is asked for the board is clear; the new draw lights up as it is revealed.
  const drawing = round !== null && (reveal.running || props.phase === 'result')
  const shownCount = drawing ? (reveal.running ? Math.floor(reveal.progress * round.drawn.length) : round.drawn.length) : 0
  const drawn = new Set(drawing ? round.drawn.slice(0, shownCount) : [])
  const picks = new Set(bet.picks)
  const hits = [...drawn].filter((n) => picks.has(n)).length
  const table = rules.paytables[bet.risk][bet.picks.length - 1] ?? []
  const settled = round !== null && !reveal.running && props.phase === 'result'

  const toggle = (n: number) => {
    if (!editable) return
    const next = picks.has(n) ? bet.picks.filter((p) => p !== n) : bet.picks.length < rules.maxPicks ? [...bet.picks, n] : bet.picks
    props.onBetChange({ ...props.bet, picks: next, risk: bet.risk })
  }
  const random = () => {
    const count = Math.max(1, Math.min(rules.maxPicks, bet.picks.length || 5))
    const pool = Array.from({ length: rules.numbers }, (_, i) => i + 1)
    const chosen: number[] = []
    while (chosen.length < count) chosen.push(pool.splice(Math.floor(Math.random() * pool.length), 1)[0]!)
    props.onBetChange({ ...props.bet, picks: chosen.sort((a, b) => a - b), risk: bet.risk })
  }
  const picked = bet.picks.length
  const max = rules.maxPicks

  return (
    <div className={viewRoot} data-view="keno">
      <div
        role="group"
        aria-label={t`Keno board: pick up to ${max} numbers`}
        data-testid="keno-board"
        className={css({ display: 'grid', gridTemplateColumns: 'repeat(8, minmax(0, 1fr))', gap: { base: '1', tablet: '2' }, p: { base: '2', tablet: '3' }, bg: 'surface', borderRadius: 'lg', border: '1px solid token(colors.border)', aspectRatio: '8 / 5.4' })}
      >
        {Array.from({ length: rules.numbers }, (_, i) => i + 1).map((n) => {
          const isDrawn = drawn.has(n)
          const isHit = isDrawn && picks.has(n)
          const state = isHit ? t`hit` : isDrawn ? t`drawn` : ''
          return (
            <button
              key={n}
              type="button"
              className={cx(cellBase, isDrawn && drawnCell, isHit && hitCell, settled && !isDrawn && picks.has(n) && missCell)}
              aria-pressed={picks.has(n)}
              aria-label={state ? `${n}, ${state}` : String(n)}
              disabled={!editable || (!picks.has(n) && picked >= max)}
              onClick={() => toggle(n)}
            >
              {n}
            </button>
          )
        })}
      </div>
      <p className={css({ textStyle: 'label', minH: '5' })} aria-hidden={!settled}>
        {drawing ? (
          <span className={cx(settled && round ? (round.multiplier > 0 ? css({ color: 'success' }) : css({ color: 'danger' })) : undefined)}>
            <Trans>
              {hits} of {picked} hit
            </Trans>
            {settled && round && props.round ? (round.multiplier > 0 ? ` · ▲ +${props.formatMoney(props.round.payout ?? '0')}` : ' · ▼') : null}
          </span>
        ) : (
          <Trans>
            {picked} of {max} picked
          </Trans>
        )}
      </p>
      {table.length > 0 ? (
        <ol className={css({ display: 'flex', flexWrap: 'wrap', gap: '1.5', listStyle: 'none', p: 0, m: 0 })} aria-label={t`What each number of hits pays`}>
          {table.map((m, h) => {
            const times = decimal(m, locale)
            return (
            <li
              key={h}
              className={cx(
                css({ px: '2', py: '1', borderRadius: 'sm', bg: 'surfaceRaised', textStyle: 'small', fontVariantNumeric: 'tabular-nums', border: '1px solid transparent' }),
                drawing && h === hits && css({ borderColor: 'accent' }),
              )}
            >
              <Trans>
                {h} hits: {times}×
              </Trans>
            </li>
            )
          })}
        </ol>
      ) : null}
      <div className={css({ display: 'grid', gap: '3', gridTemplateColumns: { base: '1fr', tablet: '2fr 1fr' }, alignItems: 'end' })}>
        <Choice
          label={<Trans>Risk</Trans>}
          value={bet.risk}
          disabled={!editable}
          onChange={(risk) => props.onBetChange({ ...props.bet, risk, picks: bet.picks })}
          options={KENO_RISKS.map((risk) => ({
            value: risk,
            label: risk === 'low' ? <Trans>Low</Trans> : risk === 'classic' ? <Trans>Classic</Trans> : risk === 'medium' ? <Trans>Medium</Trans> : <Trans>High</Trans>,
          }))}
        />
        <div className={css({ display: 'flex', gap: '2' })}>
          <button type="button" onClick={random} disabled={!editable} className={css({ flex: 1, minH: '11', borderRadius: 'md', bg: 'surfaceRaised', border: '1px solid token(colors.borderStrong)', fontWeight: 'semibold', cursor: 'pointer', _disabled: { opacity: 0.5, cursor: 'not-allowed' } })}>
            <Trans>Pick for me</Trans>
          </button>
          <button
            type="button"
            onClick={() => props.onBetChange({ ...props.bet, picks: [], risk: bet.risk })}
            disabled={!editable || picked === 0}
            className={css({ flex: 1, minH: '11', borderRadius: 'md', bg: 'transparent', border: '1px solid token(colors.border)', fontWeight: 'semibold', cursor: 'pointer', _disabled: { opacity: 0.5, cursor: 'not-allowed' } })}
          >
            <Trans>Clear</Trans>
          </button>
        </div>
      </div>
    </div>
  )
}
