// High-low (engines/high-low.ts): a rank on the table, and a guess whether the next is higher or
// lower (a tie wins both ways). Each side shows its chance and what the round would pay if it is
// right, from the engine's own helpers; skips (up to the title's limit) change nothing; cash out
// after a right guess. The cards turned so far run along a strip below.
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { css, cx } from 'styled-system/css'
import { DEFAULT_HIGH_LOW_RULES, highLowChance, highLowMultiplier, highLowOdds, type HighLowGuess, type HighLowRules, type HighLowState } from '../../../../shared/games/engines/high-low'
import { Button } from '../../../kit/Button'
import type { GameViewProps } from './view-types'
import { amountOf, Announcer, canDecide, DEAL_MS, looks, payoutUnits, PlayingCard, rulesOf, scaleOf, stateOf, unitsOf, useCardNames, useFormats, useReveal } from './table-parts'

const stage = css({ display: 'grid', placeItems: 'center', aspectRatio: { base: '16 / 10', tablet: '16 / 7' }, '--card-w': 'min(26cqw, 140px)' })
const cardSpot = css({ display: 'grid', justifyItems: 'center', gap: '2' })
const position = css({ textStyle: 'small', color: 'textMuted', minH: '5' })
const guesses = css({ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: '2' })
const guessButton = css({ display: 'grid', gap: '0.5', minH: '16', py: '2', whiteSpace: 'normal', '& > [data-label]': { display: 'grid', gap: '0.5', justifyItems: 'center' } })
const guessOdds = css({ fontSize: 'sm', fontWeight: 'regular', fontVariantNumeric: 'tabular-nums' })
const row = css({ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: '2' })
const figures = css({ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: '2', minH: '10' })
const strip = css({ display: 'flex', gap: '1.5', overflowX: 'auto', listStyle: 'none', m: 0, p: '1', minH: '16', '--card-w': '36px', scrollbarWidth: 'thin' })
const stripItem = css({ position: 'relative', flexShrink: 0, display: 'grid', justifyItems: 'center', gap: '0.5' })
const mark = css({ fontSize: 'xs', fontWeight: 'semibold', lineHeight: '1' })

export default function HighLowView(props: GameViewProps) {
  const { title, round, phase, onAction, turbo, reducedMotion, sound, onAnimationEnd, formatMoney, stake } = props
  const { t } = useLingui()
  const formats = useFormats()
  const names = useCardNames()
  const rules = rulesOf<HighLowRules>(title, DEFAULT_HIGH_LOW_RULES)
  const state = stateOf<HighLowState>(round, 'steps')
  const deciding = canDecide(props)
  const playing = state?.phase === 'playing' && round?.status === 'open'
  const current = state ? (state.cards[state.position] ?? null) : null
  const scale = scaleOf(round, stake)
  const [said, setSaid] = useState('')

  const reveal = useReveal(round?.id ?? null, state ? [`c${state.position}`] : [], {
    phase,
    instant: turbo || reducedMotion,
    stepMs: 0,
    durationMs: DEAL_MS,
    onDeal: () => sound('card'),
    onDone: (mounted) => {
      if (!round || !state || current === null) return
      if (round.status !== 'open') onAnimationEnd()
      if (mounted) return
      const rank = names.rank(current)
      const m = formats.times(state.multiplier)
      const last = state.steps.at(-1)
      // The end's sound and what it paid are the shell's; the table says how it ended.
      if (state.phase === 'cashed') {
        setSaid(t`Cashed out at ${m}.`)
      } else if (state.phase === 'lost') {
        setSaid(t`${rank}: wrong. The round is lost.`)
      } else if (state.phase === 'settled') {
        setSaid(t`${rank}: right. No more cards: the round ends at ${m}.`)
      } else if (!last) {
        setSaid(t`First card: ${rank}. Higher or lower?`)
      } else if (last.action === 'skip') {
        setSaid(t`Skipped. Next card: ${rank}.`)
      } else {
        sound('reveal')
        setSaid(t`${rank}: right. ${m} now.`)
      }
    },
  })

  const odds = (side: HighLowGuess) => {
    if (current === null) return null
    const chance = highLowChance(rules, current, side)
    const pays = highLowMultiplier(rules, (playing && state ? state.odds : 1) * highLowOdds(rules, current, side))
    return { chance: formats.percent(chance), pays: formats.times(pays) }
  }
  const higher = odds('higher')
  const lower = odds('lower')
  const skipsLeft = Math.max(0, rules.maxSkips - (playing && state ? state.skips : 0))
  const canCash = deciding && playing && (state?.correct ?? 0) > 0
  const nowMultiplier = playing && state ? state.multiplier : 1
  const cashAmount = formatMoney(amountOf(payoutUnits(unitsOf(round && playing ? round.stake : stake), nowMultiplier), scale))
  const nowText = formats.times(nowMultiplier)
  const cardNumber = state ? state.position + 1 : 0
  const currentName = current === null ? '' : names.rank(current)
  const higherChance = higher?.chance
  const higherPays = higher?.pays
  const lowerChance = lower?.chance
  const lowerPays = lower?.pays

  const guess = (side: HighLowGuess) => {
    if (!deciding || !playing) return
    sound('click')
    onAction({ guess: side })
  }

  // The strip: the first card, then each step's card with the guess and whether it was right.
  const history = state ? [{ card: state.cards[0]!, step: null }, ...state.steps.map((step) => ({ card: step.card, step }))] : []

  return (
    <section className={looks.root} aria-label={t`High-low table`} data-testid="high-low-view" data-phase={phase} data-round={state?.phase ?? 'none'}>
      <div className={cx(looks.stage, stage)}>
        <div className={cardSpot}>
          <span className={position}>{state ? <Trans>Card {cardNumber}</Trans> : <Trans>Bet to draw the first card</Trans>}</span>
          <PlayingCard
            card={current === null ? null : { rank: current, suit: null }}
            label={current === null ? names.faceDown() : t`Card showing: ${currentName}`}
            delay={reveal.delays.get(`c${state?.position ?? 0}`)}
            batch={reveal.batch}
          />
        </div>
      </div>

      <div className={figures}>
        <span className={looks.label}>
          <Trans>Multiplier now</Trans> <span className={looks.figure} data-testid="high-low-now">{nowText}</span>
        </span>
        <span className={looks.label} data-testid="high-low-skips">
          <Plural value={skipsLeft} one="# skip left" other="# skips left" />
        </span>
      </div>

      <div className={guesses}>
        <Button size="lg" className={cx(guessButton, looks.wraps)} disabled={!deciding || !playing} onClick={() => guess('higher')} data-testid="high-low-higher">
          <span>
            <Trans>↑ Higher or same</Trans>
          </span>
          <span className={guessOdds}>{higher ? <Trans>{higherChance} · pays {higherPays}</Trans> : '–'}</span>
        </Button>
        <Button size="lg" className={cx(guessButton, looks.wraps)} disabled={!deciding || !playing} onClick={() => guess('lower')} data-testid="high-low-lower">
          <span>
            <Trans>↓ Lower or same</Trans>
          </span>
          <span className={guessOdds}>{lower ? <Trans>{lowerChance} · pays {lowerPays}</Trans> : '–'}</span>
        </Button>
      </div>
      <div className={row}>
        <Button variant="secondary" className={looks.wraps} disabled={!deciding || !playing || skipsLeft === 0} onClick={() => deciding && onAction({ skip: true })} data-testid="high-low-skip">
          <Trans>Skip card</Trans>
        </Button>
        <Button variant="secondary" className={looks.wraps} disabled={!canCash} onClick={() => canCash && onAction({ cashOut: true })} data-testid="high-low-cash-out">
          <Trans>Cash out {cashAmount}</Trans>
        </Button>
      </div>

      <ol className={strip} aria-label={t`Cards so far`} data-testid="high-low-history">
        {history.map(({ card, step }, i) => {
          const rank = names.rank(card)
          const what = !step
            ? t`${rank}, first card`
            : step.action === 'skip'
              ? t`${rank}, skipped`
              : step.action === 'higher'
                ? step.correct
                  ? t`${rank}, guessed higher: right`
                  : t`${rank}, guessed higher: wrong`
                : step.correct
                  ? t`${rank}, guessed lower: right`
                  : t`${rank}, guessed lower: wrong`
          return (
            <li key={i} className={stripItem}>
              <PlayingCard card={{ rank: card, suit: null }} label={what} />
              <span aria-hidden="true" className={cx(mark, step?.correct === true && looks.win, step?.correct === false && looks.loss)}>
                {!step ? '•' : step.action === 'skip' ? '⤼' : `${step.action === 'higher' ? '↑' : '↓'}${step.correct ? '✓' : '✗'}`}
              </span>
            </li>
          )
        })}
      </ol>
      <Announcer>{said}</Announcer>
    </section>
  )
}
