// Punto banco (engines/baccarat.ts): chips of the shell's stake on player, banker, tie and the two
// pairs; the hands dealt face up in the tableau's order (player, banker, player, banker, then the
// third cards), their totals and the winner once the last card lands. The banker's commission is
// stated beside its spot, from the title's own odds.
import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { css, cx } from 'styled-system/css'
import { BACCARAT_SIDES, DEFAULT_BACCARAT_RULES, type BaccaratRound, type BaccaratRules, type BaccaratSide } from '../../../../shared/games/engines/baccarat'
import type { Card } from '../../../../shared/games/engines/cards'
import type { GameViewProps } from './view-types'
import {
  addChip,
  amountOf,
  Announcer,
  canChangeBet,
  Chip,
  ChipFooter,
  DEAL_MS,
  DEAL_STEP_MS,
  looks,
  outcomeOf,
  PlayingCard,
  rulesOf,
  scaleOf,
  stateOf,
  totalOf,
  unitsOf,
  useCardNames,
  useChipHistory,
  useFormats,
  useReveal,
  type Placed,
} from './table-parts'

function placedOf(bet: Record<string, unknown> | null | undefined): Placed[] {
  const placed: Placed[] = []
  if (!bet || !Array.isArray(bet.bets)) return placed
  for (const item of bet.bets as unknown[]) {
    const { bet: side, stake } = (item ?? {}) as { bet?: unknown; stake?: unknown }
    if (!(BACCARAT_SIDES as readonly unknown[]).includes(side) || typeof stake !== 'number' || !Number.isSafeInteger(stake) || stake < 1) continue
    const at = placed.findIndex((p) => p.key === side)
    if (at < 0) placed.push({ key: side as string, stake })
    else placed[at] = { key: side as string, stake: placed[at]!.stake + stake }
  }
  return placed
}

/** One entry per side, as validateBaccaratBet wants; stakes in minor units. */
const betOf = (placed: readonly Placed[]) => ({ bets: placed.map((p) => ({ bet: p.key, stake: p.stake })) })

/** The tableau's order of the cards on the table: P1, B1, P2, B2, then the player's third and the banker's. */
function dealOrder(result: BaccaratRound): { hand: 'player' | 'banker'; index: number; card: Card }[] {
  const order: { hand: 'player' | 'banker'; index: number; card: Card }[] = []
  for (let i = 0; i < 2; i++) {
    order.push({ hand: 'player', index: i, card: result.playerCards[i]! })
    order.push({ hand: 'banker', index: i, card: result.bankerCards[i]! })
  }
  if (result.playerCards[2]) order.push({ hand: 'player', index: 2, card: result.playerCards[2] })
  if (result.bankerCards[2]) order.push({ hand: 'banker', index: 2, card: result.bankerCards[2] })
  return order
}

const stage = css({ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '2', p: { base: '3', tablet: '5' }, aspectRatio: { base: '4 / 3', tablet: '16 / 7' }, '--card-w': 'min(17cqw, 112px)' })
const side = css({ display: 'grid', gridTemplateRows: 'auto 1fr', justifyItems: 'center', gap: '2', minW: 0 })
const sideHead = css({ display: 'flex', alignItems: 'center', gap: '2', textStyle: 'label', textTransform: 'uppercase', letterSpacing: '0.06em' })
const totalBadge = css({ display: 'inline-grid', placeItems: 'center', minW: '8', h: '8', borderRadius: 'full', bg: 'surfaceRaised', border: '1px solid token(colors.borderStrong)', fontVariantNumeric: 'tabular-nums', transitionProperty: 'opacity', transitionDuration: 'normal' })
const hand = css({ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: '1', '& > *:not(:first-child)': { ml: 'calc(var(--card-w) * -0.25)' } })
const winnerRow = css({ position: 'absolute', left: 0, right: 0, bottom: { base: '2', tablet: '4' }, display: 'flex', justifyContent: 'center', pointerEvents: 'none' })
const banner = css({ px: '4', py: '1.5', borderRadius: 'full', bg: 'surfaceRaised', border: '1px solid token(colors.borderStrong)', textStyle: 'label', boxShadow: 'raised', transitionProperty: 'opacity, transform', transitionDuration: 'normal' })
const spots = css({ display: 'grid', gridTemplateColumns: 'repeat(6, minmax(0, 1fr))', gap: '2' })
const spotButton = css({
  position: 'relative',
  display: 'grid',
  alignContent: 'center',
  justifyItems: 'center',
  gap: '0.5',
  p: '2',
  borderRadius: 'md',
  border: '1px solid token(colors.borderStrong)',
  bg: 'surfaceRaised',
  color: 'text',
  cursor: 'pointer',
  fontSize: { base: 'xs', tablet: 'sm' },
  fontWeight: 'semibold',
  lineHeight: '1.2',
  minW: 0,
  textAlign: 'center',
  overflowWrap: 'break-word',
  hyphens: 'auto',
  _hover: { borderColor: 'text' },
  _disabled: { opacity: 0.6, cursor: 'not-allowed', _hover: { borderColor: 'borderStrong' } },
  '&[data-fate=won]': { borderColor: 'success', boxShadow: '0 0 0 2px token(colors.success)' },
})
const wide = css({ gridColumn: 'span 3', minH: { base: '16', tablet: '20' }, '& > span:first-child': { fontSize: 'md' } })
const narrow = css({ gridColumn: 'span 2', minH: { base: '14', tablet: '16' } })
const odds = css({ textStyle: 'small', color: 'textMuted' })
const chipAt = css({ position: 'absolute', top: '1', right: '1' })
const note = css({ textStyle: 'small', color: 'textMuted' })
const PLAYER = css({ color: 'info' })
const BANKER = css({ color: 'warning' })

export default function BaccaratView(props: GameViewProps) {
  const { title, round, phase, bet, onBetChange, turbo, reducedMotion, sound, onAnimationEnd, formatMoney, stake } = props
  const { t, i18n } = useLingui()
  const formats = useFormats()
  const names = useCardNames()
  const rules = rulesOf<BaccaratRules>(title, DEFAULT_BACCARAT_RULES)
  const result = stateOf<BaccaratRound>(round, 'playerCards')
  const scale = scaleOf(round, stake)
  const chipUnits = Number(unitsOf(stake))
  const editable = canChangeBet(props) && chipUnits > 0
  const chips = placedOf(bet)
  const history = useChipHistory(chips, (next) => onBetChange(betOf(next)))
  const [said, setSaid] = useState('')

  const order = result ? dealOrder(result) : []
  const reveal = useReveal(
    round?.id ?? null,
    order.map((o) => `${o.hand}${o.index}`),
    {
      phase,
      instant: turbo || reducedMotion,
      stepMs: DEAL_STEP_MS,
      durationMs: DEAL_MS,
      onDeal: () => sound('card'),
      onDone: (mounted) => {
        if (!round || !result) return
        onAnimationEnd()
        if (mounted) return
        setSaid(resultWords(result))
      },
    },
  )
  const shown = result && reveal.done ? result : null

  const money = (units: number) => formatMoney(amountOf(units, scale))
  const sideName = (s: BaccaratSide): string => ({ player: t`Player`, banker: t`Banker`, tie: t`Tie`, playerPair: t`Player pair`, bankerPair: t`Banker pair` })[s]
  const oddsText = (s: BaccaratSide) => `${i18n.number(rules.odds[s], { maximumFractionDigits: 2 })}:1`
  const commission = i18n.number(1 - rules.odds.banker, { style: 'percent', maximumFractionDigits: 2 })
  const bankerOdds = oddsText('banker')

  function winnerWords(r: BaccaratRound): string {
    const p = r.playerTotal
    const b = r.bankerTotal
    if (r.winner === 'tie') return t`Tie, ${p} to ${b}`
    return r.winner === 'player' ? t`Player wins, ${p} to ${b}` : t`Banker wins, ${b} to ${p}`
  }

  /** The hands and the pairs; the shell says what the round paid. */
  function resultWords(r: BaccaratRound): string {
    const winner = winnerWords(r)
    if (r.playerPair && r.bankerPair) return t`${winner}. Player pair and banker pair.`
    if (r.playerPair) return t`${winner}. Player pair.`
    if (r.bankerPair) return t`${winner}. Banker pair.`
    return t`${winner}.`
  }

  function place(s: BaccaratSide) {
    if (!editable) return
    const next = addChip(chips, s, chipUnits, { maxBets: BACCARAT_SIDES.length, maxStakePerBet: rules.maxStakePerBet })
    if (!next) return setSaid(t`The table takes no more on this bet.`)
    sound('click')
    history.place(next)
    const name = sideName(s)
    const amount = money(next.find((p) => p.key === s)!.stake)
    const total = money(totalOf(next))
    setSaid(t`${name}: ${amount}. Total bet ${total}.`)
  }

  const fateOf = (s: BaccaratSide): 'won' | 'lost' | null => {
    if (!shown || JSON.stringify(placedOf(round?.bet as Record<string, unknown>)) !== JSON.stringify(chips)) return null
    const b = shown.bets.find((x) => x.bet === s)
    if (!b) return null
    return b.payback > b.stake ? 'won' : b.payback === 0 ? 'lost' : null
  }

  const handView = (which: 'player' | 'banker') => {
    const cards = result ? (which === 'player' ? result.playerCards : result.bankerCards) : []
    const total = shown ? (which === 'player' ? shown.playerTotal : shown.bankerTotal) : null
    const label = which === 'player' ? t`Player` : t`Banker`
    return (
      <div className={side} data-testid={`baccarat-${which}`}>
        <div className={cx(sideHead, which === 'player' ? PLAYER : BANKER)}>
          <span>{label}</span>
          <span className={totalBadge} style={{ opacity: total === null ? 0 : 1 }} data-testid={`baccarat-${which}-total`} aria-label={total === null ? undefined : t`${label} total ${total}`}>
            {total ?? ''}
          </span>
        </div>
        <div className={hand} role="list" aria-label={t`${label} cards`}>
          {cards.map((card, i) => (
            <div role="listitem" key={i}>
              <PlayingCard card={card} label={names.card(card)} delay={reveal.delays.get(`${which}${i}`)} batch={reveal.batch} />
            </div>
          ))}
        </div>
      </div>
    )
  }

  const spot = (s: BaccaratSide, size: string) => {
    const on = chips.find((p) => p.key === s)?.stake ?? 0
    const fate = fateOf(s)
    const name = sideName(s)
    const odd = oddsText(s)
    const amount = on ? money(on) : ''
    return (
      <button
        type="button"
        className={cx(spotButton, size)}
        disabled={!editable}
        onClick={() => place(s)}
        data-spot={s}
        data-fate={fate ?? undefined}
        aria-label={on ? t`${name}, pays ${odd}, ${amount} on it` : t`${name}, pays ${odd}`}
      >
        <span className={s === 'player' ? PLAYER : s === 'banker' ? BANKER : undefined}>{name}</span>
        <span className={odds}>{odd}</span>
        {on > 0 && <Chip className={chipAt} text={formats.chip(amountOf(on, scale))} fate={fate} />}
      </button>
    )
  }

  const totalText = money(totalOf(chips))
  const chipText = formatMoney(stake)

  return (
    <section className={looks.root} aria-label={t`Baccarat table`} data-testid="baccarat-view" data-phase={phase}>
      <div className={cx(looks.stage, stage)}>
        {handView('player')}
        {handView('banker')}
        <div className={winnerRow}>
          <span className={banner} style={{ opacity: shown ? 1 : 0, transform: shown ? 'none' : 'translateY(8px)' }} data-testid="baccarat-winner" data-winner={shown?.winner}>
            {shown ? winnerWords(shown) : ''}
            {shown?.playerPair ? ` · ${t`Player pair`}` : ''}
            {shown?.bankerPair ? ` · ${t`Banker pair`}` : ''}
          </span>
        </div>
      </div>

      <div className={spots} role="group" aria-label={t`Bets`}>
        {spot('playerPair', narrow)}
        {spot('tie', narrow)}
        {spot('bankerPair', narrow)}
        {spot('player', wide)}
        {spot('banker', wide)}
      </div>
      <p className={note}>
        <Trans>
          Banker wins pay {bankerOdds}: a {commission} commission. On a tie, player and banker bets are returned.
        </Trans>
      </p>

      <ChipFooter
        testPrefix="baccarat"
        totalText={totalText}
        chipText={chipText}
        canUndo={editable && history.canUndo}
        canClear={editable && chips.length > 0}
        onUndo={history.undo}
        onClear={() => {
          history.place([])
          setSaid(t`Chips cleared.`)
        }}
      />
      <Announcer>{said}</Announcer>
    </section>
  )
}
