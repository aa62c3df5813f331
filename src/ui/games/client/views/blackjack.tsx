// Blackjack (engines/blackjack.ts): the dealer's cards above, the player's hand or split hands
// below, each with its total (soft totals as 7/17) and, at the end, its result. The decisions are
// the ones the server's view allows now (`allowed`), with what each adds to the stake; the hole
// card stays face down until the round is over, then turns before the dealer draws.
import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type CSSProperties } from 'react'
import { css, cx } from 'styled-system/css'
import { BLACKJACK_6D_S17, handValue, type BlackjackAction, type BlackjackHand, type BlackjackPublicView, type BlackjackRules } from '../../../../shared/games/engines/blackjack'
import { cardName, type Card } from '../../../../shared/games/engines/cards'
import { Button } from '../../../kit/Button'
import type { GameViewProps } from './view-types'
import { amountOf, Announcer, canDecide, DEAL_MS, DEAL_STEP_MS, looks, PlayingCard, rulesOf, scaleOf, stateOf, unitsOf, useCardNames, useReveal } from './table-parts'

type BlackjackView = BlackjackPublicView & { readonly allowed: readonly BlackjackAction[] }

const stage = css({ display: 'grid', gridTemplateRows: 'auto 1fr', gap: '2', p: { base: '3', tablet: '5' }, aspectRatio: { base: '1 / 1', tablet: '16 / 9' } })
const area = css({ display: 'grid', justifyItems: 'center', alignContent: 'start', gap: '1.5' })
const areaHead = css({ display: 'flex', alignItems: 'center', gap: '2', textStyle: 'label', minH: '6' })
const totalTag = css({ display: 'inline-grid', placeItems: 'center', minW: '8', h: '6', px: '2', borderRadius: 'full', bg: 'surfaceRaised', border: '1px solid token(colors.borderStrong)', fontVariantNumeric: 'tabular-nums', textStyle: 'small', fontWeight: 'semibold' })
const dealerRow = css({ display: 'flex', justifyContent: 'center', minH: 'calc(var(--card-w) * 1.4)', '& > *:not(:first-child)': { ml: 'calc(var(--card-w) * -0.3)' } })
const hands = css({ display: 'flex', justifyContent: 'center', alignItems: 'flex-start', gap: { base: '2', tablet: '4' }, w: 'full' })
const handBox = css({ display: 'grid', justifyItems: 'center', gap: '1', p: '1', borderRadius: 'md', border: '2px solid transparent', '&[aria-current=true]': { borderColor: 'accent' } })
// Cards cascade down and right inside a box of fixed size, so a hit never pushes anything.
const cascade = css({ position: 'relative', w: 'calc(var(--card-w) * 2.1)', h: 'calc(var(--card-w) * 2.3)' })
const cascaded = css({ position: 'absolute', left: 'calc(var(--i) * var(--card-w) * 0.22)', top: 'calc(var(--i) * var(--card-w) * 0.18)' })
const under = css({ display: 'flex', alignItems: 'center', gap: '1.5', minH: '6', textStyle: 'small', fontVariantNumeric: 'tabular-nums' })
const resultTag = css({ fontWeight: 'semibold' })
// Two by two on phones, one row from tablet; every button is always there, so the rows never reflow.
const actions = css({ display: 'grid', gridTemplateColumns: { base: 'repeat(2, minmax(0, 1fr))', tablet: 'repeat(4, minmax(0, 1fr))' }, gap: '2' })
const twoWide = css({ gridColumn: { base: '1 / -1', tablet: 'span 2' } })
const cost = css({ display: 'block', fontSize: 'xs', fontWeight: 'regular' })
const actionButton = css({ px: { base: '2', tablet: '4' }, '& > [data-label]': { display: 'grid', justifyItems: 'center', gap: '0' } })

/** Card width by how many hands share the row, in the stage's width (container units). */
const widthFor = (count: number) => (count <= 1 ? 'min(16cqw, 96px)' : count === 2 ? 'min(13cqw, 84px)' : 'min(10cqw, 68px)')

/** What is on the table in dealing order: the first four as dealt, the player's later cards, the hole card turned, the dealer's draws. */
function dealOrder(view: BlackjackView): string[] {
  const key = (card: Card | null) => (card ? cardName(card) : 'back')
  const items: string[] = []
  const [first] = view.hands
  const hole = view.dealer[1] ?? null
  if (first?.cards[0]) items.push(`h0c0:${key(first.cards[0])}`)
  if (view.dealer[0]) items.push(`d0:${key(view.dealer[0])}`)
  if (first?.cards[1]) items.push(`h0c1:${key(first.cards[1])}`)
  if (view.dealer.length > 1 && !hole) items.push('d1:back')
  view.hands.forEach((hand, h) => hand.cards.forEach((card, i) => (h > 0 || i > 1) && items.push(`h${h}c${i}:${key(card)}`)))
  if (hole) items.push(`d1:${key(hole)}`)
  view.dealer.slice(2).forEach((card, i) => items.push(`d${i + 2}:${key(card)}`))
  return items
}

/** A payout ratio as the table states it: 1.5 is "3 to 2", 1.2 "6 to 5". */
function ratio(pays: number): [number, number] {
  for (let d = 1; d <= 10; d++) if (Number.isInteger(Math.round(pays * d * 1e6) / 1e6)) return [Math.round(pays * d), d]
  return [pays, 1]
}

export default function BlackjackGame(props: GameViewProps) {
  const { title, round, phase, onAction, turbo, reducedMotion, sound, onAnimationEnd, formatMoney, stake } = props
  const { t } = useLingui()
  const rules = rulesOf<BlackjackRules>(title, BLACKJACK_6D_S17)
  const [paysUp, paysDown] = ratio(rules.blackjackPays)
  const names = useCardNames()
  const view = stateOf<BlackjackView>(round, 'hands')
  const deciding = canDecide(props)
  const allowed = deciding && view ? view.allowed : []
  const finished = view?.phase === 'finished'
  const scale = scaleOf(round, stake)
  const money = (units: number) => formatMoney(amountOf(units, scale))
  const [said, setSaid] = useState('')

  const items = view ? dealOrder(view) : []
  const reveal = useReveal(round ? `${round.id}` : null, items, {
    phase,
    instant: turbo || reducedMotion,
    stepMs: DEAL_STEP_MS,
    durationMs: DEAL_MS,
    onDeal: () => sound('card'),
    onDone: (mounted) => {
      if (!round || !view) return
      if (round.status !== 'open') onAnimationEnd()
      if (mounted) return
      if (view.phase === 'finished') {
        setSaid(resultWords(view))
      } else if (view.phase === 'insurance') {
        setSaid(t`The dealer shows an ace. Insurance?`)
      } else {
        const hand = view.hands[view.active]
        const up = view.dealer[0]
        if (!hand || !up) return
        const total = totalWords(hand.cards, !hand.fromSplit)
        const upName = names.card(up)
        const n = view.active + 1
        setSaid(view.hands.length > 1 ? t`Hand ${n}: ${total}. The dealer shows ${upName}.` : t`Your hand: ${total}. The dealer shows ${upName}.`)
      }
    },
  })

  function totalWords(cards: readonly (Card | null)[], natural = true): string {
    const known = cards.filter((c): c is Card => c !== null)
    const { total, soft } = handValue(known)
    if (natural && known.length === 2 && total === 21 && cards.length === 2) return t`blackjack`
    if (total > 21) return t`bust with ${total}`
    return soft && total < 21 ? t`soft ${total}` : String(total)
  }

  /** The total as the tag shows it: 7/17 when an ace still counts 11. */
  function totalTagText(cards: readonly (Card | null)[]): string {
    const known = cards.filter((c): c is Card => c !== null)
    if (known.length === 0) return ''
    const { total, soft } = handValue(known)
    return soft && total < 21 ? `${total - 10}/${total}` : String(total)
  }

  function handResult(hand: BlackjackHand): { words: string; sign: string; good: boolean | null } | null {
    if (!hand.result) return null
    const net = hand.payback - hand.stake
    const amount = money(Math.abs(net))
    const sign = net > 0 ? `+${amount}` : net < 0 ? `−${amount}` : `±${amount}`
    switch (hand.result) {
      case 'blackjack':
        return { words: t`Blackjack`, sign, good: true }
      case 'win':
        return { words: t`Win`, sign, good: true }
      case 'push':
        return { words: t`Push`, sign, good: null }
      case 'bust':
        return { words: t`Bust`, sign, good: false }
      default:
        return { words: t`Lose`, sign, good: false }
    }
  }

  function resultWords(v: BlackjackView): string {
    const dealer = totalWords(v.dealer)
    const parts = [t`Dealer: ${dealer}.`]
    v.hands.forEach((hand, i) => {
      const r = handResult(hand)
      if (!r) return
      const n = i + 1
      const words = r.words
      const sign = r.sign
      parts.push(v.hands.length > 1 ? t`Hand ${n}: ${words}, ${sign}.` : t`${words}, ${sign}.`)
    })
    if (v.insurance) {
      const paid = money(v.insurance.payback)
      parts.push(v.insurance.payback > 0 ? t`Insurance pays ${paid}.` : t`Insurance lost.`)
    }
    return parts.join(' ')
  }

  const act = (action: BlackjackAction) => {
    if (!allowed.includes(action)) return
    sound('click')
    onAction({ action })
  }

  const activeStake = view?.hands[view.active]?.stake ?? Number(unitsOf(stake))
  const insuranceCost = money(Math.floor((view?.baseStake ?? Number(unitsOf(stake))) / 2))
  const extra = money(activeStake)
  const insuring = view?.phase === 'insurance'
  const dealerTotal = view ? (finished ? totalTagText(view.dealer) : totalTagText(view.dealer.slice(0, 1))) : ''
  const handCount = view?.hands.length ?? 1

  const card = (c: Card | null, itemKey: string, motion: 'deal' | 'flip' = 'deal') => (
    <PlayingCard key={itemKey} card={c} label={c ? names.card(c) : names.faceDown()} delay={reveal.delays.get(itemKey)} batch={reveal.batch} motion={motion} />
  )

  return (
    <section className={looks.root} aria-label={t`Blackjack table`} data-testid="blackjack-view" data-phase={phase} data-round={view?.phase ?? 'none'}>
      <div className={cx(looks.stage, stage)} style={{ '--card-w': widthFor(handCount) } as CSSProperties}>
        <div className={area} role="group" aria-label={t`Dealer`} data-testid="blackjack-dealer">
          <div className={areaHead}>
            <Trans>Dealer</Trans>
            <span className={totalTag} style={{ opacity: dealerTotal && reveal.done ? 1 : 0 }} data-testid="blackjack-dealer-total">
              {reveal.done ? dealerTotal : ''}
            </span>
          </div>
          <div className={dealerRow}>
            {view ? view.dealer.map((c, i) => card(c, `d${i}:${c ? cardName(c) : 'back'}`, i === 1 && c ? 'flip' : 'deal')) : <span className={looks.label}><Trans>Bet to deal</Trans></span>}
          </div>
        </div>

        <div className={hands}>
          {view?.hands.map((hand, h) => {
            const result = finished && reveal.done ? handResult(hand) : null
            const n = h + 1
            const active = !finished && view.active === h
            return (
              <div key={h} className={handBox} role="group" aria-label={handCount > 1 ? t`Hand ${n}` : t`Your hand`} aria-current={active || undefined} data-testid={`blackjack-hand-${h}`} data-result={result ? hand.result : undefined}>
                <span className={totalTag} data-testid={`blackjack-hand-${h}-total`}>
                  {reveal.done ? totalTagText(hand.cards) : ''}
                </span>
                <div className={cascade}>
                  {hand.cards.map((c, i) => (
                    <span key={i} className={cascaded} style={{ '--i': i } as CSSProperties}>
                      {card(c, `h${h}c${i}:${cardName(c)}`)}
                    </span>
                  ))}
                </div>
                <div className={under}>
                  <span className={looks.label}>{money(hand.stake)}</span>
                  {result && (
                    <span className={cx(resultTag, result.good === true && looks.win, result.good === false && looks.loss)}>
                      {result.words} {result.sign}
                    </span>
                  )}
                </div>
              </div>
            )
          })}
        </div>
      </div>

      <div className={actions}>
        {insuring ? (
          <>
            <Button size="lg" className={cx(twoWide, actionButton, looks.wraps)} disabled={!allowed.includes('insurance')} onClick={() => act('insurance')} data-testid="blackjack-insurance">
              <Trans>Insurance</Trans>
              <span className={cost}>+{insuranceCost}</span>
            </Button>
            <Button size="lg" variant="secondary" className={cx(twoWide, actionButton, looks.wraps)} disabled={!allowed.includes('noInsurance')} onClick={() => act('noInsurance')} data-testid="blackjack-noInsurance">
              <Trans>No insurance</Trans>
            </Button>
          </>
        ) : (
          <>
            <Button size="lg" className={cx(actionButton, looks.wraps)} disabled={!allowed.includes('hit')} onClick={() => act('hit')} data-testid="blackjack-hit">
              <Trans>Hit</Trans>
            </Button>
            <Button size="lg" className={cx(actionButton, looks.wraps)} disabled={!allowed.includes('stand')} onClick={() => act('stand')} data-testid="blackjack-stand">
              <Trans>Stand</Trans>
            </Button>
            <Button size="lg" variant="secondary" className={cx(actionButton, looks.wraps)} disabled={!allowed.includes('double')} onClick={() => act('double')} data-testid="blackjack-double">
              <Trans>Double</Trans>
              <span className={cost}>+{extra}</span>
            </Button>
            <Button size="lg" variant="secondary" className={cx(actionButton, looks.wraps)} disabled={!allowed.includes('split')} onClick={() => act('split')} data-testid="blackjack-split">
              <Trans context="blackjack action">Split</Trans>
              <span className={cost}>+{extra}</span>
            </Button>
          </>
        )}
      </div>
      <p className={looks.label}>
        {rules.dealerHitsSoft17 ? (
          <Trans>
            Blackjack pays {paysUp} to {paysDown}. The dealer hits soft 17. Insurance pays 2 to 1.
          </Trans>
        ) : (
          <Trans>
            Blackjack pays {paysUp} to {paysDown}. The dealer stands on all 17s. Insurance pays 2 to 1.
          </Trans>
        )}
      </p>
      <Announcer>{said}</Announcer>
    </section>
  )
}
