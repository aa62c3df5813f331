import { describe, expect, it } from 'vitest'
import { createActor, SimulatedClock, type SnapshotFrom } from 'xstate'
import { keyed } from '../../flow-entry'
import { recordCoverage } from '../../testing/coverage'
import { controllable, flush, settleGestures } from '../../testing/controllable'
import { dispatchGestures, fixtureEvents, ModelHarness, ruleCollector, type GestureTable } from '../../testing/model'
import { describeModel } from '../../testing/model-suite'
import { sbBetsMachine } from './bets.machine'
import { canCashOut, filterOfPath, hasMore, mergeBets, readPart, statusParam } from './bets.rules'
import { betsPageFor, BETS_SAMPLE_TOTAL, cashedBet, OFFER_POLL, offerOf, OPEN_BET, sampleBet, sbBetsFilter, sbBetsOutcomes, sbBetsSamples, type SbBetsOutcome } from './bets.samples'
import {
  selectAmountProblem,
  selectBets,
  selectBetsLoading,
  selectBetsView,
  selectCanOpen,
  selectCashing,
  selectCashOutBet,
  selectCashOutView,
  selectHasMore,
  selectLoadingMore,
  selectNotice,
  selectOffer,
  selectTaking,
} from './bets.selectors'
import { CASHOUT_OFFER_POLL_MS, SB_BALANCE_STALE, type CashOutInput, type CashOutResult, type LoadBetsInput, type LoadBetsResult, type LoadOfferInput, type LoadOfferResult, type SbBetsEvent, type SbBetsInput } from './bets.types'

type Snapshot = SnapshotFrom<typeof sbBetsMachine>

const PAGE = 2

function startSut(input: SbBetsInput) {
  const bets = controllable<LoadBetsInput, LoadBetsResult>()
  const offer = controllable<LoadOfferInput, LoadOfferResult>()
  const cash = controllable<CashOutInput, CashOutResult>()
  const clock = new SimulatedClock()
  const ref = createActor(sbBetsMachine.provide({ actors: { loadBets: bets.actor, loadOffer: offer.actor, cashOut: cash.actor }, actions: { reportError: () => {} } }), { input, clock })
  const balanceAsks: unknown[] = []
  ref.on(SB_BALANCE_STALE, (e) => void balanceAsks.push(e))
  recordCoverage(ref)
  ref.start()
  return { ref, bets, offer, cash, clock, balanceAsks }
}
type Sut = ReturnType<typeof startSut>

const send = (sut: Sut, e: SbBetsEvent) => sut.ref.send(e)
const gestures = {
  'bets.filter': send, // a tab, or the page's path
  'bets.more': send, // "Show more"
  'bets.retry': send, // "Try again" under the list
  'cashout.open': send, // "Cash out" on a row
  'cashout.close': send, // "Close", "Cancel" or Escape
  'cashout.mode': send, // "All" / "Part"
  'cashout.amount': send, // typing the part
  'cashout.submit': send, // "Cash out …"
  'cashout.confirm': send, // "Confirm"
  'cashout.back': send, // "Back"
  'cashout.retry': send, // "Try again" in the panel
} satisfies GestureTable<SbBetsEvent, Sut, Snapshot>

// One controllable serves both reads of bets and both reads of the offer: each runs one at a time.
const outcomeGestures = {
  ...settleGestures('loadBets', (sut: Sut) => sut.bets),
  ...settleGestures('loadMore', (sut: Sut) => sut.bets),
  ...settleGestures('loadOffer', (sut: Sut) => sut.offer),
  ...settleGestures('refreshOffer', (sut: Sut) => sut.offer),
  ...settleGestures('cashOut', (sut: Sut) => sut.cash),
  ...keyed(OFFER_POLL, (sut: Sut) => sut.clock.increment(CASHOUT_OFFER_POLL_MS)),
} satisfies GestureTable<SbBetsOutcome, Sut, Snapshot>

const isOutcome = (e: { type: string }): e is SbBetsOutcome => e.type in sbBetsOutcomes

// The key is random: the model and the SUT each make their own, so only whether one is held counts.
const serializeState = (s: Snapshot) =>
  JSON.stringify({
    value: s.value,
    filter: s.context.filter,
    n: s.context.bets.length,
    statuses: s.context.bets.map((b) => b.status).join(),
    total: s.context.total,
    failure: s.context.failure?.type ?? null,
    bet: s.context.betId,
    offer: s.context.offer?.amount ?? null,
    mode: s.context.mode,
    amount: s.context.amountText,
    problem: s.context.amountProblem,
    notice: s.context.notice,
    key: s.context.key !== null,
    taking: s.context.taking,
  })

/**
 * The set-ups: the list walks filters and pages while no cash-out is open; the cash-out walks one
 * open bet's panel on the first page of every bet. A part is typed once from an empty field and the
 * offer is asked again only with nothing typed and nothing said, which takes every transition
 * without every combination of offer, text and notice.
 */
function focus(part: 'list' | 'cashout') {
  return (s: Snapshot, e: { type: string }): boolean => {
    if (isOutcome(e)) {
      if (!sbBetsFilter(s, e)) return false
      if (e.type === OFFER_POLL) return s.context.amountText === '' && s.context.notice === null && s.context.mode === 'full'
      if (part === 'cashout' && e.type.includes('loadBets')) {
        const output = (e as { output?: LoadBetsResult }).output
        return e.type.startsWith('xstate.done') && output?.ok === true && output.bets.length > 0
      }
      if (part === 'cashout' && e.type.includes('loadMore')) return false
      return true
    }
    if (!s.can(e as SbBetsEvent)) return false
    if (e.type.startsWith('bets.')) return part === 'list' && s.matches({ cashout: 'idle' })
    if (part === 'list' || !sbBetsFilter(s, e)) return false
    if (e.type === 'cashout.amount') return s.context.mode === 'partial' && s.context.amountText === ''
    if (e.type === 'cashout.mode') return s.context.amountText === ''
    return true
  }
}

function harnessFor(input: SbBetsInput, part: 'list' | 'cashout') {
  return new ModelHarness<typeof sbBetsMachine, Sut, SbBetsOutcome>({
    machine: sbBetsMachine,
    input,
    events: (s) => [...fixtureEvents<SbBetsEvent, Snapshot>(sbBetsSamples, s), ...fixtureEvents<SbBetsOutcome, Snapshot>(sbBetsOutcomes, s)],
    filterEvents: focus(part),
    serializeState,
    createSut: () => startSut(input),
    // startSut records the actor before it starts, so its initial state counts too.
    actorOf: () => undefined,
    gestures: dispatchGestures(gestures, outcomeGestures),
    check: (sut, { state, from, event }) => {
      const s = sut.ref.getSnapshot()
      expect(serializeState(s)).toBe(serializeState(state))
      const { broken, rule } = ruleCollector()
      const last = sut.bets.calls.at(-1)
      rule('skeletons while a first page is read', selectBetsLoading(s) === (selectBetsView(s) === 'loading'))
      rule('reads the filter shown, from the first bet', !('loadBets' in s.children) || (last !== undefined && last.filter === s.context.filter && last.offset === 0))
      rule('reads the next page from the bets read', !('loadMore' in s.children) || (last !== undefined && last.filter === s.context.filter && last.offset === s.context.bets.length))
      rule('asks for a page of the page size', sut.bets.calls.every((c) => c.count === PAGE))
      rule('never reads past the last bet', sut.bets.calls.every((c) => c.offset === 0 || c.offset < BETS_SAMPLE_TOTAL))
      rule('a bet is shown once', new Set(selectBets(s).map((b) => b.id)).size === selectBets(s).length)
      rule('more only while more bets follow', selectHasMore(s) === (s.matches({ list: 'shown' }) && hasMore(s.context.bets, s.context.total)))
      rule('one read of bets at a time', !(selectBetsLoading(s) && selectLoadingMore(s)))
      // The cash-out.
      const view = selectCashOutView(s)
      rule('a panel only for an open bet on the player’s money, found in the list', view === 'idle' || (selectCashOutBet(s) === OPEN_BET && canCashOut(sampleBet(0))))
      rule('"cash out" on a row only while no panel is open', selectCanOpen(s) === (view === 'idle'))
      rule('an offer is shown or confirmed only when there is one', !['offered', 'confirming', 'cashing'].includes(view) || selectOffer(s)?.amount != null)
      rule('the offer is asked only for the bet in the panel', sut.offer.calls.every((c) => c.bet === OPEN_BET))
      rule('the buttons wait while the cash-out is sent', selectCashing(s) === (view === 'cashing'))
      rule('an amount problem is said only beside the offer', selectAmountProblem(s) === null || view === 'offered')
      rule('the amount confirmed is never more than the offer', selectTaking(s) === null || Number(selectTaking(s)) <= Number(selectOffer(s)?.amount ?? 0))
      const sent = sut.cash.calls.at(-1)
      if ('cashOut' in s.children && sent) {
        rule('sends the offer seen and the amount confirmed', sent.seen === s.context.offer?.amount && (s.context.mode === 'full' ? sent.amount === undefined : sent.amount === s.context.taking))
        rule('sends the key held', sent.key === s.context.key)
        if (from && event?.type === 'cashout.retry') rule('a retry sends the same cash-out again, with its key', sut.cash.calls.length >= 2 && sut.cash.calls.at(-2)!.key === sent.key && sut.cash.calls.at(-2)!.seen === sent.seen)
        if (from && event?.type === 'cashout.confirm') rule('a new confirmation is a new key', sut.cash.calls.slice(0, -1).every((c) => c.key !== sent.key))
      }
      const paid = from !== undefined && event?.type === 'xstate.done.actor.cashOut' && (event as { output: CashOutResult }).output.ok
      rule('the balance is asked again when money moved, and only then', sut.balanceAsks.splice(0).length === (paid ? 1 : 0))
      if (paid) rule('the row shows the bet as the server answered it', selectBets(s).find((b) => b.id === OPEN_BET)?.status === 'cashed_out')
      if (from && event?.type === 'xstate.done.actor.cashOut' && !(event as { output: CashOutResult }).output.ok && (event as { output: CashOutResult & { reason: string } }).output.reason === 'changed') {
        rule('a moved offer shows the new one and asks again', view === 'offered' && selectOffer(s)?.amount === '11.00' && selectNotice(s) === 'changed')
      }
      if (from && event?.type === 'cashout.submit' && view === 'offered') rule('a part that does not read is said, and nothing is sent', selectAmountProblem(s) !== null && !('cashOut' in s.children))
      expect(broken).toEqual([])
    },
  })
}

describeModel(
  'sbBetsMachine',
  {
    'the list': harnessFor({ locale: 'en', pageSize: PAGE }, 'list'),
    'the cash-out': harnessFor({ locale: 'en', pageSize: PAGE }, 'cashout'),
  },
  { minShortestPaths: { 'the list': 8, 'the cash-out': 20 }, timeoutMs: 240_000, reach: 'together' },
)

/** A page started on every bet, its first page read, and the open bet's offer asked. */
async function offered(input: Partial<SbBetsInput> = {}, amount = '12.40') {
  const sut = startSut({ locale: 'en', pageSize: PAGE, ...input })
  sut.bets.resolve(betsPageFor(0, PAGE))
  await flush()
  sut.ref.send({ type: 'cashout.open', bet: OPEN_BET })
  sut.offer.resolve(offerOf(amount))
  await flush()
  return sut
}

describe('the sports bets list', () => {
  it('reads the filter of the page, then the next pages, and a new tab starts again from the first bet', async () => {
    const sut = startSut({ locale: 'en', pageSize: PAGE, filter: 'won' })
    expect(sut.bets.calls).toEqual([{ filter: 'won', offset: 0, count: PAGE }])
    sut.bets.resolve(betsPageFor(0, PAGE))
    await flush()
    sut.ref.send({ type: 'bets.more' })
    expect(sut.bets.calls.at(-1)).toEqual({ filter: 'won', offset: 2, count: PAGE })
    sut.bets.resolve(betsPageFor(2, PAGE))
    await flush()
    expect(selectBets(sut.ref.getSnapshot()).map((b) => b.id)).toEqual(['500', '499', '498'])
    sut.ref.send({ type: 'bets.filter', filter: 'cashed_out' })
    expect(selectBets(sut.ref.getSnapshot())).toEqual([])
    expect(sut.bets.calls.at(-1)).toEqual({ filter: 'cashed_out', offset: 0, count: PAGE })
    expect(statusParam('all')).toEqual({})
    expect(statusParam('cashed_out')).toEqual({ status: 'cashed_out' })
  })

  it('keeps a bet once when a page repeats it, and reads the tab from the path', () => {
    expect(mergeBets([sampleBet(0), sampleBet(1)], [sampleBet(1), sampleBet(2)]).map((b) => b.id)).toEqual(['500', '499', '498'])
    expect(filterOfPath('cashed_out')).toBe('cashed_out')
    expect(filterOfPath(undefined)).toBe('all')
    expect(filterOfPath('void-or-anything')).toBe('all')
  })
})

describe('a cash-out part as typed', () => {
  it('reads the player’s decimal sign and grouping, and refuses another locale’s format, blanks, zero, negatives and more than the offer', () => {
    expect(readPart('5.50', 'en', '12.40', 'USD')).toEqual({ ok: true, amount: '5.50' })
    expect(readPart(' 5,5 ', 'de', '12.40', 'USD')).toEqual({ ok: true, amount: '5.50' })
    expect(readPart('1.234,50', 'de', '2000.00', 'USD')).toEqual({ ok: true, amount: '1234.50' })
    expect(readPart('1,234.50', 'en', '2000.00', 'USD')).toEqual({ ok: true, amount: '1234.50' })
    expect(readPart('12', 'es', '12.40', 'USD')).toEqual({ ok: true, amount: '12.00' })
    expect(readPart('5,50', 'en', '12.40', 'USD')).toEqual({ ok: false, problem: 'format' })
    expect(readPart('5.50', 'de', '12.40', 'USD')).toEqual({ ok: false, problem: 'format' })
    expect(readPart('', 'en', '12.40', 'USD')).toEqual({ ok: false, problem: 'required' })
    expect(readPart('   ', 'en', '12.40', 'USD')).toEqual({ ok: false, problem: 'required' })
    expect(readPart('-5', 'en', '12.40', 'USD')).toEqual({ ok: false, problem: 'zero' })
    expect(readPart('0.00', 'en', '12.40', 'USD')).toEqual({ ok: false, problem: 'zero' })
    expect(readPart('12.41', 'en', '12.40', 'USD')).toEqual({ ok: false, problem: 'above_offer' })
    expect(readPart('5.555', 'en', '12.40', 'USD')).toEqual({ ok: false, problem: 'decimals' })
    expect(readPart('1e3', 'en', '12.40', 'USD')).toEqual({ ok: false, problem: 'format' })
  })
})

describe('the cash-out', () => {
  it('asks the offer again every pause while it is shown, and stops when the panel closes', async () => {
    const sut = await offered()
    expect(selectCashOutView(sut.ref.getSnapshot())).toBe('offered')
    sut.clock.increment(CASHOUT_OFFER_POLL_MS - 1)
    expect(sut.offer.calls).toHaveLength(1)
    sut.clock.increment(1)
    expect(sut.offer.calls).toHaveLength(2)
    sut.offer.resolve(offerOf('13.10'))
    await flush()
    expect(selectOffer(sut.ref.getSnapshot())?.amount).toBe('13.10')
    sut.ref.send({ type: 'cashout.close' })
    sut.clock.increment(CASHOUT_OFFER_POLL_MS * 3)
    expect(sut.offer.calls).toHaveLength(2)
  })

  it('cashes out all of the offer seen; the row becomes the bet as answered and the balance is asked again', async () => {
    const sut = await offered()
    sut.ref.send({ type: 'cashout.submit' })
    expect(selectTaking(sut.ref.getSnapshot())).toBe('12.40')
    sut.ref.send({ type: 'cashout.confirm' })
    expect(sut.cash.calls).toEqual([{ bet: OPEN_BET, key: expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/), seen: '12.40' }])
    sut.cash.resolve({ ok: true, bet: cashedBet('12.40') })
    await flush()
    expect(selectCashOutView(sut.ref.getSnapshot())).toBe('done')
    expect(selectBets(sut.ref.getSnapshot())[0]).toMatchObject({ status: 'cashed_out', cashouts: [{ amount: '12.40' }] })
    expect(sut.balanceAsks).toHaveLength(1)
  })

  it('a part in the player’s format is sent as the API takes it; a bad one is said and nothing is sent', async () => {
    const sut = await offered({ locale: 'de' })
    sut.ref.send({ type: 'cashout.mode', mode: 'partial' })
    sut.ref.send({ type: 'cashout.amount', value: '5.50' })
    sut.ref.send({ type: 'cashout.submit' })
    expect(selectAmountProblem(sut.ref.getSnapshot())).toBe('format')
    sut.ref.send({ type: 'cashout.amount', value: '20' })
    sut.ref.send({ type: 'cashout.submit' })
    expect(selectAmountProblem(sut.ref.getSnapshot())).toBe('above_offer')
    expect(selectCashOutView(sut.ref.getSnapshot())).toBe('offered')
    sut.ref.send({ type: 'cashout.amount', value: '5,5' })
    expect(selectAmountProblem(sut.ref.getSnapshot())).toBeNull()
    sut.ref.send({ type: 'cashout.submit' })
    sut.ref.send({ type: 'cashout.confirm' })
    expect(sut.cash.calls.at(-1)).toMatchObject({ seen: '12.40', amount: '5.50' })
  })

  it('a lost answer is sent again with the same key; an offer that moved is shown and asked again under a new key', async () => {
    const sut = await offered()
    sut.ref.send({ type: 'cashout.submit' })
    sut.ref.send({ type: 'cashout.confirm' })
    sut.cash.reject(new Error('offline'))
    await flush()
    expect(selectCashOutView(sut.ref.getSnapshot())).toBe('failed')
    sut.ref.send({ type: 'cashout.retry' })
    expect(sut.cash.calls).toHaveLength(2)
    expect(sut.cash.calls[1]!.key).toBe(sut.cash.calls[0]!.key)
    sut.cash.resolve({ ok: false, reason: 'changed', offer: { amount: '11.00', currency: 'USD' } })
    await flush()
    expect(selectCashOutView(sut.ref.getSnapshot())).toBe('offered')
    expect(selectOffer(sut.ref.getSnapshot())?.amount).toBe('11.00')
    expect(selectNotice(sut.ref.getSnapshot())).toBe('changed')
    sut.ref.send({ type: 'cashout.submit' })
    sut.ref.send({ type: 'cashout.confirm' })
    expect(sut.cash.calls[2]).toMatchObject({ seen: '11.00' })
    expect(sut.cash.calls[2]!.key).not.toBe(sut.cash.calls[0]!.key)
    expect(sut.balanceAsks).toHaveLength(0)
  })

  it('no offer now is said, and a settled or free bet opens no panel', async () => {
    const sut = await offered({}, '12.40')
    sut.clock.increment(CASHOUT_OFFER_POLL_MS)
    sut.offer.resolve(offerOf(null))
    await flush()
    expect(selectCashOutView(sut.ref.getSnapshot())).toBe('unavailable')
    sut.ref.send({ type: 'cashout.close' })
    sut.ref.send({ type: 'cashout.open', bet: sampleBet(1).id })
    expect(selectCashOutView(sut.ref.getSnapshot())).toBe('idle')
    expect(canCashOut({ status: 'open', funding: 'free_bet' })).toBe(false)
  })
})
