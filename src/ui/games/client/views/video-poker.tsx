// Jacks or Better (engines/video-poker.ts): five cards dealt, the ones to keep held by tap, click or
// the keys 1 to 5, then one draw replaces the rest (action { hold: mask }, bit i = card i kept).
// The paytable is the title's own, its winning row lit once the final hand is on show; the server's
// view keeps the replacement cards hidden until the draw.
import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import { css, cx } from 'styled-system/css'
import { cardName } from '../../../../shared/games/engines/cards'
import { JACKS_OR_BETTER_9_6, POKER_HANDS, type PokerHand, type VideoPokerRules, type VideoPokerState } from '../../../../shared/games/engines/video-poker'
import { Button } from '../../../kit/Button'
import type { GameViewProps } from './view-types'
import { amountOf, Announcer, canDecide, DEAL_MS, DEAL_STEP_MS, looks, outcomeOf, PlayingCard, rulesOf, scaleOf, stateOf, unitsOf, useCardNames, useFormats, useReveal } from './table-parts'

const paytable = css({ w: 'full', borderCollapse: 'collapse', fontSize: { base: 'xs', tablet: 'sm' }, fontVariantNumeric: 'tabular-nums', bg: 'surface', borderRadius: 'lg', overflow: 'hidden' })
const payRow = css({
  borderBottom: '1px solid token(colors.border)',
  '& > td, & > th': { py: '1', px: '2', textAlign: 'end' },
  '& > th': { textAlign: 'start', fontWeight: 'regular' },
  '&[data-won=true]': { bg: 'successSubtle', color: 'success', fontWeight: 'semibold' },
})
const stage = css({ display: 'grid', gridTemplateColumns: 'repeat(5, minmax(0, 1fr))', alignItems: 'center', justifyItems: 'center', gap: { base: '1.5', tablet: '3' }, p: { base: '2', tablet: '5' }, aspectRatio: { base: '16 / 9', tablet: '16 / 5.5' }, '--card-w': 'min(14.5cqw, 120px)' })
const slot = css({
  display: 'grid',
  justifyItems: 'center',
  gap: '1',
  p: '0.5',
  minW: 0,
  bg: 'transparent',
  border: 'none',
  borderRadius: 'md',
  cursor: 'pointer',
  color: 'text',
  _disabled: { cursor: 'default' },
  '&[aria-pressed=true] [data-card]': { boxShadow: '0 0 0 3px token(colors.accent)' },
})
const cardLift = css({ transitionProperty: 'box-shadow', transitionDuration: 'fast' })
const holdTag = css({ minH: '5', px: '2', borderRadius: 'sm', textStyle: 'small', fontWeight: 'semibold', textTransform: 'uppercase', letterSpacing: '0.06em', transitionProperty: 'opacity', transitionDuration: 'fast' })
const key = css({ textStyle: 'small', color: 'textMuted' })
const handLine = css({ textAlign: 'center', textStyle: 'title', minH: '7' })

export default function VideoPokerView(props: GameViewProps) {
  const { title, round, phase, onAction, turbo, reducedMotion, sound, onAnimationEnd, formatMoney, stake } = props
  const { t } = useLingui()
  const names = useCardNames()
  const formats = useFormats()
  const rules = rulesOf<VideoPokerRules>(title, JACKS_OR_BETTER_9_6)
  const state = stateOf<VideoPokerState>(round, 'paytable')
  const deciding = canDecide(props) && state?.phase === 'dealt'
  const finished = state?.phase === 'finished'
  const cards = state ? (finished && state.final ? state.final : state.cards.slice(0, 5)) : []
  const scale = scaleOf(round, stake)
  const [said, setSaid] = useState('')

  // Holds belong to one deal: a new round starts with none.
  const dealKey = round && state?.phase === 'dealt' ? round.id : null
  const [holds, setHolds] = useState({ deal: dealKey, mask: 0 })
  const mask = holds.deal === dealKey ? holds.mask : 0
  if (holds.deal !== dealKey) setHolds({ deal: dealKey, mask: 0 })
  const shownMask = finished ? (state?.held ?? 0) : mask

  const handName = (hand: PokerHand): string =>
    ({
      royalFlush: t`Royal flush`,
      straightFlush: t`Straight flush`,
      fourOfAKind: t`Four of a kind`,
      fullHouse: t`Full house`,
      flush: t`Flush`,
      straight: t`Straight`,
      threeOfAKind: t`Three of a kind`,
      twoPair: t`Two pair`,
      jacksOrBetter: t`Jacks or better`,
      nothing: t`No win`,
    })[hand]

  const reveal = useReveal(
    round?.id ?? null,
    cards.map((c, i) => `c${i}:${cardName(c)}`),
    {
      phase,
      instant: turbo || reducedMotion,
      stepMs: DEAL_STEP_MS / 2,
      durationMs: DEAL_MS,
      onDeal: () => sound('card'),
      onDone: (mounted) => {
        if (!round || !state) return
        if (round.status !== 'open') onAnimationEnd()
        if (mounted) return
        if (state.phase === 'dealt') {
          const list = cards.map((c) => names.card(c)).join(', ')
          setSaid(t`Your cards: ${list}. Hold the ones to keep, then draw.`)
          return
        }
        const hand = handName(state.hand ?? 'nothing')
        const list = (state.final ?? []).map((c) => names.card(c)).join(', ')
        setSaid(t`${hand}: ${list}.`)
      },
    },
  )

  function toggle(i: number) {
    if (!deciding) return
    sound('click')
    setHolds({ deal: dealKey, mask: mask ^ (1 << i) })
  }

  function draw() {
    if (!deciding) return
    onAction({ hold: mask })
  }

  // Keys 1 to 5 hold and release the cards while the deal waits for the draw.
  useEffect(() => {
    if (!deciding) return
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || event.repeat) return
      const target = event.target as HTMLElement | null
      if (target && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))) return
      const n = Number(event.key)
      if (!Number.isInteger(n) || n < 1 || n > 5) return
      event.preventDefault()
      setHolds((h) => ({ deal: dealKey, mask: (h.deal === dealKey ? h.mask : 0) ^ (1 << (n - 1)) }))
      sound('click')
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [deciding, dealKey, sound])

  const stakeUnits = unitsOf(round ? round.stake : stake)
  const finalHand = state?.hand ? handName(state.hand) : ''
  const finalPayout = formatMoney(round?.payout ?? '0')
  const winning = finished && reveal.done && state?.hand && (rules.paytable[state.hand] ?? 0) > 0 ? state.hand : null
  const rows = [...POKER_HANDS].reverse().filter((h) => (rules.paytable[h] ?? 0) > 0)

  return (
    <section className={looks.root} aria-label={t`Video poker`} data-testid="video-poker-view" data-phase={phase} data-round={state?.phase ?? 'none'}>
      <table className={paytable} data-testid="video-poker-paytable">
        <caption className={css({ srOnly: true })}>
          <Trans>Paytable</Trans>
        </caption>
        <thead className={css({ srOnly: true })}>
          <tr>
            <th scope="col">
              <Trans>Hand</Trans>
            </th>
            <th scope="col">
              <Trans>Pays</Trans>
            </th>
            <th scope="col">
              <Trans>Win at this stake</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((hand) => {
            const pays = rules.paytable[hand] ?? 0
            const won = hand === winning
            return (
              <tr key={hand} className={payRow} data-won={won} data-hand={hand} aria-current={won || undefined}>
                <th scope="row">
                  {won ? '✓ ' : ''}
                  {handName(hand)}
                </th>
                <td>{formats.times(pays)}</td>
                <td>{formatMoney(amountOf((stakeUnits * BigInt(Math.round(pays * 10000))) / 10000n, scale))}</td>
              </tr>
            )
          })}
        </tbody>
      </table>

      <div className={cx(looks.stage, stage)} role="group" aria-label={deciding ? t`Cards: press to hold, or keys 1 to 5` : t`Cards`}>
        {Array.from({ length: 5 }, (_, i) => {
          const card = cards[i] ?? null
          const held = ((shownMask >> i) & 1) === 1
          const n = i + 1
          const name = card ? names.card(card) : names.faceDown()
          return (
            <button
              key={i}
              type="button"
              className={slot}
              aria-pressed={state ? held : undefined}
              aria-label={t`Hold card ${n}: ${name}`}
              disabled={!deciding}
              onClick={() => toggle(i)}
              data-testid={`video-poker-card-${i}`}
            >
              <span className={holdTag} style={{ opacity: held && state ? 1 : 0 }} aria-hidden="true">
                <Trans context="one video poker card kept for the draw">Held</Trans>
              </span>
              <PlayingCard card={card} label={name} className={cardLift} delay={card ? reveal.delays.get(`c${i}:${cardName(card)}`) : undefined} batch={reveal.batch} />
              <span className={key} aria-hidden="true">
                {n}
              </span>
            </button>
          )
        })}
      </div>

      <p className={handLine} data-testid="video-poker-hand">
        {finished && reveal.done && state?.hand && round ? (
          outcomeOf(round) === 'loss' ? (
            <span>{handName(state.hand)}</span>
          ) : (
            <span className={looks.win}>
              <Trans>
                ✓ {finalHand}: win {finalPayout}
              </Trans>
            </span>
          )
        ) : null}
      </p>

      <Button size="lg" fullWidth disabled={!deciding} onClick={draw} data-testid="video-poker-draw">
        <Trans>Draw</Trans>
      </Button>
      <Announcer>{said}</Announcer>
    </section>
  )
}
