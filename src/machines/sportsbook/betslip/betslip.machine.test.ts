import { describe, expect, it } from 'vitest'
import { createActor, fromCallback, SimulatedClock, type SnapshotFrom } from 'xstate'
import { controllable, flush, settleGestures } from '../../testing/controllable'
import { dispatchGestures, fixtureEvents, ModelHarness, ruleCollector, type GestureTable } from '../../testing/model'
import { recordCoverage } from '../../testing/coverage'
import { describeModel } from '../../testing/model-suite'
import { keyed } from '../../flow-entry'
import { betslipMachine, placeInputOf } from './betslip.machine'
import { fundingChoices, isSuspended, problemsOf, totalsOf } from './betslip.rules'
import { betslipOutcomes, betslipSamples, outcomeOf, SAMPLE_FREE_BET, PICK_A, PICK_A_DRAW, PICK_B, pick, placedBets, SAMPLE_LIMITS, SAVE_DUE, serializeBetslip, slipChange, type BetslipOutcome } from './betslip.samples'
import { selectBetslipView, selectProblems, selectSystems } from './betslip.selectors'
import { BETSLIP_NEED_LOGIN, SLIP_FULL, SLIP_SAVE_DEBOUNCE_MS, type BetslipEvent, type BetslipInput, type FollowEvent, type PlaceInput, type PlaceResult, type RestoreInput, type RestoreResult, type SaveInput } from './betslip.types'

type Snapshot = SnapshotFrom<typeof betslipMachine>

function startSut(input: BetslipInput) {
  const restore = controllable<RestoreInput, RestoreResult>()
  const save = controllable<SaveInput, { ok: boolean }>()
  const place = controllable<PlaceInput, PlaceResult>()
  const follows: (readonly string[])[] = []
  const clock = new SimulatedClock()
  const emitted: string[] = []
  const ref = createActor(
    betslipMachine.provide({
      actors: {
        restoreSlip: restore.actor,
        saveSlip: save.actor,
        placeBets: place.actor,
        followSlip: fromCallback<FollowEvent, { eventIds: readonly string[] }, BetslipEvent>(({ input, receive }) => {
          follows.push(input.eventIds)
          receive((e) => follows.push(e.eventIds))
        }),
      },
      actions: { reportError: () => {} },
    }),
    { input, clock },
  )
  ref.on(BETSLIP_NEED_LOGIN, (e) => emitted.push(e.type))
  recordCoverage(ref)
  ref.start()
  return { ref, restore, save, place, follows, clock, emitted }
}
type Sut = ReturnType<typeof startSut>

const send = (sut: Sut, e: BetslipEvent) => sut.ref.send(e)
const gestures = {
  'slip.toggle': send, // a price cell
  'slip.remove': send, // a row's remove button
  'slip.clear': send, // "Remove all"
  'slip.mode': send, // the Singles / Accumulator / System tabs
  'slip.system': send, // the system's select
  'slip.stake': send, // typing in a stake box
  'slip.quickStake': send, // a quick-stake button
  'slip.policy': send, // the odds-change select
  'slip.oddsFormat': send, // the odds-format select
  'slip.funding': send, // the "Stake from" choice
  'slip.freeBet': send, // the root: a free bet activated or given up on the bonuses page
  'slip.live': send, // a message on sb.event.{id}
  'slip.place': send, // "Place bet"
  'slip.acceptPrices': send, // "Accept new prices"
  'slip.reuse': send, // the receipt's "Keep selections"
  'slip.done': send, // the receipt's "Done"
  'session.change': send, // the root: login or logout
} satisfies GestureTable<BetslipEvent, Sut, Snapshot>

const outcomeGestures = {
  ...settleGestures('restoreSlip', (sut: Sut) => sut.restore),
  ...settleGestures('saveSlip', (sut: Sut) => sut.save),
  ...settleGestures('placeBets', (sut: Sut) => sut.place),
  ...keyed(SAVE_DUE, (sut: Sut) => sut.clock.increment(SLIP_SAVE_DEBOUNCE_MS)),
} satisfies GestureTable<BetslipOutcome, Sut, Snapshot>

const isOutcome = (e: { type: string }): e is BetslipOutcome => e.type in betslipOutcomes

function runs(s: Snapshot, e: BetslipOutcome): boolean {
  if (e.type === SAVE_DUE) return s.matches({ sync: 'waiting' })
  const id = e.type.replace(/^xstate\.(done|error)\.actor\./, '') as keyof Snapshot['children']
  return s.children[id] !== undefined
}

function harnessFor(input: BetslipInput) {
  return new ModelHarness<typeof betslipMachine, Sut, BetslipOutcome>({
    machine: betslipMachine,
    input,
    events: (s) => [...fixtureEvents<BetslipEvent, Snapshot>(betslipSamples, s), ...fixtureEvents<BetslipOutcome, Snapshot>(betslipOutcomes, s)],
    filterEvents: (s, e) => (isOutcome(e) ? runs(s, e) : s.can(e)),
    serializeState: serializeBetslip,
    createSut: () => startSut(input),
    gestures: dispatchGestures(gestures, outcomeGestures),
    check: (sut, { state, from, event }) => {
      const s = sut.ref.getSnapshot()
      expect(serializeBetslip(s)).toBe(serializeBetslip(state))
      const { broken, rule } = ruleCollector()
      const c = s.context
      rule('an outcome is on the slip once', new Set(c.selections.map((x) => x.outcomeId)).size === c.selections.length)
      rule(
        'nothing is placed at a price the player has not accepted',
        sut.place.calls.every((call) => call.bets.every((b) => b.selections.length > 0)),
      )
      rule('a moved price waits for the player only in the accept step', s.matches({ slip: 'editing' }) ? !c.selections.some((x) => x.price !== null && x.price !== x.seen) : true)
      rule('the followed events are the slip’s', s.matches({ slip: 'restoring' }) || JSON.stringify([...(sut.follows.at(-1) ?? [])].sort()) === JSON.stringify([...new Set(c.selections.map((x) => x.eventId))].sort()))
      rule(
        'a free bet stakes one bet of its own amount',
        sut.place.calls.every((call) => !call.bets.some((b) => b.free_bet) || (call.bets.length === 1 && call.bets[0]!.stake === SAMPLE_FREE_BET.amount)),
      )
      rule('a free bet is chosen only while one is on the slip', c.funding !== 'free_bet' || c.freeBet !== null)
      if (from?.matches({ slip: 'placing' }) && event?.type === 'slip.place') rule('a second press places nothing more', sut.place.calls.length <= 1 || s.matches({ slip: 'placing' }))
      if (from && event?.type === 'slip.place' && !from.context.loggedIn) rule('a visitor is asked to log in, nothing placed', sut.emitted.length > 0 && !s.matches({ slip: 'placing' }))
      if (from && event?.type === 'slip.place' && from.context.loggedIn && problemsOf(from.context).length > 0) rule('a slip with a problem is not placed', !s.matches({ slip: 'placing' }))
      expect(broken).toEqual([])
    },
  })
}

describeModel(
  'betslipMachine',
  {
    'a visitor': harnessFor({ loggedIn: false, currency: 'USD' }),
    'a player': harnessFor({ loggedIn: true, currency: 'USD' }),
  },
  { minShortestPaths: 20, timeoutMs: 300_000, reach: 'together' },
)

/** A player's slip, restored empty, ready to edit. */
async function playerSlip() {
  const sut = startSut({ loggedIn: true, currency: 'USD' })
  sut.restore.resolve({
    ok: true,
    saved: [],
    outcomes: [],
    settings: {
      oddsFormat: 'decimal',
      policy: 'always_ask',
      limits: SAMPLE_LIMITS,
    },
    unsaved: false,
    freeBet: null,
  })
  await flush()
  return sut
}

describe('"Stake from"', () => {
  it('is offered to a player with a betting bonus or a free bet, and keeps a choice made until it is undone', () => {
    const player = { loggedIn: true, funding: 'main' as const, freeBet: null }
    expect(fundingChoices(player, false)).toBeNull()
    expect(fundingChoices({ ...player, loggedIn: false }, true)).toBeNull()
    expect(fundingChoices(player, true)).toEqual(['main', 'betting_bonus'])
    expect(fundingChoices({ ...player, freeBet: SAMPLE_FREE_BET }, false)).toEqual(['main', 'free_bet'])
    expect(fundingChoices({ ...player, freeBet: SAMPLE_FREE_BET }, true)).toEqual(['main', 'betting_bonus', 'free_bet'])
    // The bonus spent to zero while chosen: still shown, so the player can go back to main.
    expect(fundingChoices({ ...player, funding: 'betting_bonus' }, false)).toEqual(['main', 'betting_bonus'])
  })
})

describe('the betslip', () => {
  it('places a single and an accumulator with exact returns, one key per bet kept across a retry', async () => {
    const sut = await playerSlip()
    const s = () => sut.ref.getSnapshot()
    sut.ref.send({ type: 'slip.toggle', pick: PICK_A })
    sut.ref.send({ type: 'slip.toggle', pick: PICK_B })
    sut.ref.send({
      type: 'slip.stake',
      target: { kind: 'single', outcomeId: PICK_A.outcomeId },
      stake: '1.10',
    })
    // 1.10 at 2.00 returns 2.20.
    expect(totalsOf(s().context)).toEqual({ stake: 110n, potential: 220n })
    sut.ref.send({ type: 'slip.place' })
    expect(selectBetslipView(s())).toBe('placing')
    sut.ref.send({ type: 'slip.place' })
    expect(sut.place.calls).toHaveLength(1)
    const key = sut.place.calls[0]!.bets[0]!.key
    expect(key).toMatch(/^[A-Za-z0-9_-]{8,64}$/)
    sut.place.reject(new Error('network down'))
    await flush()
    expect(s().context.refusal?.code).toBe('network')
    sut.ref.send({ type: 'slip.place' })
    expect(sut.place.calls[1]!.bets[0]!.key).toBe(key)
    sut.place.resolve({ placed: placedBets(s().context), refusal: null })
    await flush()
    expect(selectBetslipView(s())).toBe('placed')
    sut.ref.send({ type: 'slip.reuse' })
    sut.ref.send({ type: 'slip.mode', mode: 'accumulator' })
    sut.ref.send({
      type: 'slip.quickStake',
      target: { kind: 'accumulator' },
      amount: '5',
    })
    sut.ref.send({
      type: 'slip.quickStake',
      target: { kind: 'accumulator' },
      amount: '5',
    })
    // 10.00 at 2.00 x 2.50.
    expect(totalsOf(s().context)).toEqual({ stake: 1000n, potential: 5000n })
    sut.ref.send({ type: 'slip.place' })
    const acc = sut.place.calls[2]!.bets
    expect(acc).toEqual([
      {
        key: expect.any(String),
        kind: 'accumulator',
        stake: '10.00',
        selections: [
          { outcome_id: '110', price: 2000 },
          { outcome_id: '212', price: 2500 },
        ],
      },
    ])
    expect(acc[0]!.key).not.toBe(key)
  })

  it('refuses an accumulator of one event with its reason and keeps the selections; offers every system of three', async () => {
    const sut = await playerSlip()
    const s = () => sut.ref.getSnapshot()
    for (const p of [PICK_A, PICK_B, PICK_A_DRAW]) sut.ref.send({ type: 'slip.toggle', pick: p })
    sut.ref.send({ type: 'slip.mode', mode: 'accumulator' })
    sut.ref.send({
      type: 'slip.stake',
      target: { kind: 'accumulator' },
      stake: '1',
    })
    expect(selectProblems(s()).map((p) => p.code)).toEqual(['same_event'])
    sut.ref.send({ type: 'slip.place' })
    expect(sut.place.calls).toHaveLength(0)
    expect(s().context.selections).toHaveLength(3)
    sut.ref.send({ type: 'slip.remove', outcomeId: PICK_A_DRAW.outcomeId })
    sut.ref.send({ type: 'slip.toggle', pick: pick('3', '310', 'home', 1500) })
    expect(selectSystems(s())).toEqual(['doubles', 'trixie', 'patent'])
    sut.ref.send({ type: 'slip.mode', mode: 'system' })
    sut.ref.send({ type: 'slip.system', system: 'patent' })
    sut.ref.send({
      type: 'slip.stake',
      target: { kind: 'system' },
      stake: '0.10',
    })
    // Patent: 3 singles, 3 doubles, 1 treble at 0.10 a line.
    expect(totalsOf(s().context).stake).toBe(70n)
    sut.ref.send({ type: 'slip.place' })
    expect(sut.place.calls[0]!.bets[0]).toMatchObject({
      kind: 'system',
      system: 'patent',
      stake: '0.10',
    })
  })

  it('holds stakes to the book’s limits and refuses a stake that is not an amount', async () => {
    const sut = await playerSlip()
    const s = () => sut.ref.getSnapshot()
    sut.ref.send({ type: 'slip.toggle', pick: PICK_A })
    const target = { kind: 'single' as const, outcomeId: PICK_A.outcomeId }
    sut.ref.send({ type: 'slip.stake', target, stake: '0.05' })
    expect(selectProblems(s())).toEqual([{ code: 'stake_below_min', min: '0.10', currency: 'USD' }])
    sut.ref.send({ type: 'slip.stake', target, stake: '6000' })
    expect(selectProblems(s()).map((p) => p.code)).toEqual(['stake_above_max'])
    sut.ref.send({ type: 'slip.stake', target, stake: '12,5x' })
    expect(selectProblems(s()).map((p) => p.code)).toEqual(['bad_stake'])
    sut.ref.send({ type: 'slip.place' })
    expect(sut.place.calls).toHaveLength(0)
    expect(s().context.selections).toHaveLength(1)
  })

  it('asks before a moved price under always_ask, takes a higher one under accept_higher, and blocks a suspended selection', async () => {
    const sut = await playerSlip()
    const s = () => sut.ref.getSnapshot()
    sut.ref.send({ type: 'slip.toggle', pick: PICK_A })
    sut.ref.send({
      type: 'slip.live',
      change: slipChange(s().context, 'price'),
    })
    expect(selectBetslipView(s())).toBe('reviewing')
    expect(s().context.selections[0]).toMatchObject({
      price: 2100,
      seen: 2000,
      moved: 'up',
    })
    sut.ref.send({ type: 'slip.acceptPrices' })
    expect(selectBetslipView(s())).toBe('editing')
    sut.ref.send({ type: 'slip.policy', policy: 'accept_higher' })
    sut.ref.send({
      type: 'slip.live',
      change: slipChange(s().context, 'price'),
    })
    expect(s().context.selections[0]).toMatchObject({
      price: 2200,
      seen: 2200,
      moved: 'up',
    })
    expect(selectBetslipView(s())).toBe('editing')
    sut.ref.send({
      type: 'slip.live',
      change: slipChange(s().context, 'market'),
    })
    expect(isSuspended(s().context.selections[0]!)).toBe(true)
    expect(selectProblems(s()).map((p) => p.code)).toContain('suspended')
  })

  it('drops a message older than one already applied, so a price never goes back', async () => {
    const sut = await playerSlip()
    const s = () => sut.ref.getSnapshot()
    sut.ref.send({ type: 'slip.policy', policy: 'accept_any' })
    sut.ref.send({ type: 'slip.toggle', pick: PICK_A })
    const newer = slipChange(s().context, 'price')
    sut.ref.send({ type: 'slip.live', change: { ...newer, version: 5 } })
    expect(s().context.selections[0]!.price).toBe(2100)
    sut.ref.send({ type: 'slip.live', change: { ...newer, version: 4, prices: [{ ...newer.prices[0]!, price: 1800 }] } })
    expect(s().context.selections[0]!.price).toBe(2100)
    sut.ref.send({ type: 'slip.live', change: { ...newer, version: 6, prices: [{ ...newer.prices[0]!, price: 2300 }] } })
    expect(s().context.selections[0]!.price).toBe(2300)
  })

  it('takes the new prices of a refusal, then places at them', async () => {
    const sut = await playerSlip()
    const s = () => sut.ref.getSnapshot()
    sut.ref.send({ type: 'slip.toggle', pick: PICK_A })
    sut.ref.send({
      type: 'slip.stake',
      target: { kind: 'single', outcomeId: PICK_A.outcomeId },
      stake: '1',
    })
    sut.ref.send({ type: 'slip.place' })
    const key = sut.place.calls[0]!.bets[0]!.key
    sut.place.resolve({
      placed: [],
      refusal: {
        type: 'InvalidParameterException',
        code: 'sportsbook_price_changed',
        data: {},
        changes: [{ outcome_id: PICK_A.outcomeId, price: 1900 }],
      },
    })
    await flush()
    expect(selectBetslipView(s())).toBe('reviewing')
    expect(s().context.selections[0]).toMatchObject({
      price: 1900,
      seen: 2000,
      moved: 'down',
    })
    sut.ref.send({ type: 'slip.acceptPrices' })
    sut.ref.send({ type: 'slip.place' })
    expect(sut.place.calls[1]!.bets[0]).toMatchObject({
      key,
      selections: [{ outcome_id: PICK_A.outcomeId, price: 1900 }],
    })
  })

  it('refuses a 21st selection with a reason and keeps the twenty', () => {
    const sut = startSut({ loggedIn: false, currency: 'USD' })
    sut.restore.resolve({
      ok: true,
      saved: [],
      outcomes: [],
      settings: null,
      unsaved: false,
      freeBet: null,
    })
    return flush().then(() => {
      for (let i = 1; i <= 21; i++)
        sut.ref.send({
          type: 'slip.toggle',
          pick: pick(String(i), `${i}0`, 'home', 2000),
        })
      expect(sut.ref.getSnapshot().context.selections).toHaveLength(20)
      expect(sut.ref.getSnapshot().context.refusal?.code).toBe(SLIP_FULL)
    })
  })

  it('restores a saved slip with prices now, keeps a tap made meanwhile, and saves a burst of taps once', async () => {
    const sut = startSut({ loggedIn: false, currency: 'USD' })
    const s = () => sut.ref.getSnapshot()
    sut.ref.send({ type: 'slip.toggle', pick: PICK_B })
    sut.restore.resolve({
      ok: true,
      saved: [{ outcome_id: PICK_A.outcomeId, price: 2000 }],
      outcomes: [outcomeOf(PICK_A, 2000)],
      settings: null,
      unsaved: false,
      freeBet: null,
    })
    await flush()
    expect(s().context.selections.map((x) => x.outcomeId)).toEqual([PICK_A.outcomeId, PICK_B.outcomeId])
    expect(s().matches({ sync: 'waiting' })).toBe(true)
    sut.ref.send({ type: 'slip.remove', outcomeId: PICK_B.outcomeId })
    sut.ref.send({ type: 'slip.toggle', pick: PICK_B })
    sut.clock.increment(SLIP_SAVE_DEBOUNCE_MS)
    expect(sut.save.calls).toEqual([
      {
        loggedIn: false,
        slip: [
          { outcome_id: '110', price: 2000 },
          { outcome_id: '212', price: 2500 },
        ],
        policy: 'always_ask',
        oddsFormat: 'decimal',
      },
    ])
    // The odds format is kept with it, and every price follows at once.
    sut.ref.send({ type: 'slip.oddsFormat', format: 'fractional' })
    expect(s().context.settings.oddsFormat).toBe('fractional')
    sut.clock.increment(SLIP_SAVE_DEBOUNCE_MS)
    expect(sut.save.calls.at(-1)).toMatchObject({ oddsFormat: 'fractional' })
    // A visitor who logs in brings the slip to the account.
    sut.ref.send({ type: 'session.change', loggedIn: true, currency: 'USD' })
    expect(sut.restore.calls.at(-1)).toEqual({
      loggedIn: true,
      current: [
        { outcome_id: '110', price: 2000 },
        { outcome_id: '212', price: 2500 },
      ],
    })
    expect(placeInputOf(s().context).bets).toEqual([])
  })

  it('stakes an activated free bet: one bet of its own amount at its least odds, winnings only, then lets it go', async () => {
    const sut = await playerSlip()
    const s = () => sut.ref.getSnapshot()
    sut.ref.send({ type: 'slip.freeBet', freeBet: SAMPLE_FREE_BET })
    expect(s().context.funding).toBe('free_bet')
    sut.ref.send({ type: 'slip.toggle', pick: PICK_A })
    // 3.00 at 2.00 wins 3.00: the stake is the book's.
    expect(totalsOf(s().context)).toEqual({ stake: 300n, potential: 300n })
    expect(selectProblems(s())).toEqual([])
    sut.ref.send({ type: 'slip.toggle', pick: PICK_B })
    expect(selectProblems(s()).map((p) => p.code)).toEqual(['free_bet_shape'])
    sut.ref.send({ type: 'slip.mode', mode: 'accumulator' })
    // 3.00 at 2.00 x 2.50 = 15.00, less the stake.
    expect(totalsOf(s().context)).toEqual({ stake: 300n, potential: 1200n })
    sut.ref.send({ type: 'slip.remove', outcomeId: PICK_B.outcomeId })
    sut.ref.send({ type: 'slip.mode', mode: 'single' })
    sut.ref.send({ type: 'slip.toggle', pick: PICK_A })
    sut.ref.send({ type: 'slip.toggle', pick: pick('4', '410', 'home', 1400) })
    expect(selectProblems(s())).toEqual([{ code: 'free_bet_odds', min: 1500 }])
    sut.ref.send({ type: 'slip.place' })
    expect(sut.place.calls).toHaveLength(0)
    sut.ref.send({ type: 'slip.toggle', pick: pick('4', '410', 'home', 1400) })
    sut.ref.send({ type: 'slip.toggle', pick: PICK_A })
    sut.ref.send({ type: 'slip.place' })
    expect(sut.place.calls[0]!.bets).toEqual([{ key: expect.any(String), kind: 'single', stake: '3.00', free_bet: '77', selections: [{ outcome_id: '110', price: 2000 }] }])
    sut.place.resolve({ placed: placedBets(s().context), refusal: null })
    await flush()
    expect(s().context.receipt[0]!.funding).toBe('free_bet')
    expect([s().context.freeBet, s().context.funding]).toEqual([null, 'main'])
    // No free bet now: the choice is refused.
    sut.ref.send({ type: 'slip.reuse' })
    sut.ref.send({ type: 'slip.funding', funding: 'free_bet' })
    expect(s().context.funding).toBe('main')
  })

  it('stakes from the betting-bonus balance when chosen; lets a free bet go when the server says it is gone', async () => {
    const sut = await playerSlip()
    const s = () => sut.ref.getSnapshot()
    sut.ref.send({ type: 'slip.toggle', pick: PICK_A })
    sut.ref.send({ type: 'slip.funding', funding: 'betting_bonus' })
    sut.ref.send({ type: 'slip.stake', target: { kind: 'single', outcomeId: PICK_A.outcomeId }, stake: '2' })
    sut.ref.send({ type: 'slip.place' })
    expect(sut.place.calls[0]!.bets[0]).toMatchObject({ stake: '2.00', balance: 'betting_bonus' })
    sut.place.resolve({ placed: placedBets(s().context), refusal: null })
    await flush()
    expect(s().context.receipt[0]!.funding).toBe('betting_bonus')
    sut.ref.send({ type: 'slip.reuse' })
    sut.ref.send({ type: 'slip.freeBet', freeBet: SAMPLE_FREE_BET })
    sut.ref.send({ type: 'slip.place' })
    expect(sut.place.calls[1]!.bets[0]).toMatchObject({ stake: '3.00', free_bet: '77' })
    expect(sut.place.calls[1]!.bets[0]).not.toHaveProperty('balance')
    sut.place.resolve({ placed: [], refusal: { type: 'InvalidParameterException', code: 'sportsbook_bonus_unavailable', data: {} } })
    await flush()
    expect([s().context.freeBet, s().context.funding, s().context.refusal?.code]).toEqual([null, 'main', 'sportsbook_bonus_unavailable'])
    expect(s().context.selections).toHaveLength(1)
    // Given up on the bonuses page while chosen: back to the main balance.
    sut.ref.send({ type: 'slip.freeBet', freeBet: SAMPLE_FREE_BET })
    sut.ref.send({ type: 'slip.freeBet', freeBet: null })
    expect([s().context.freeBet, s().context.funding]).toEqual([null, 'main'])
  })

  it('restores a player’s free bet onto the slip; a visitor takes none and has no choice of balance', async () => {
    const player = startSut({ loggedIn: true, currency: 'USD' })
    player.restore.resolve({ ok: true, saved: [], outcomes: [], settings: { oddsFormat: 'decimal', policy: 'always_ask', limits: SAMPLE_LIMITS }, unsaved: false, freeBet: SAMPLE_FREE_BET })
    await flush()
    expect([player.ref.getSnapshot().context.freeBet?.id, player.ref.getSnapshot().context.funding]).toEqual(['77', 'free_bet'])
    const visitor = startSut({ loggedIn: false, currency: 'USD' })
    visitor.restore.resolve({ ok: true, saved: [], outcomes: [], settings: null, unsaved: false, freeBet: null, localFormat: 'american' })
    await flush()
    // The format this browser kept.
    expect(visitor.ref.getSnapshot().context.settings.oddsFormat).toBe('american')
    visitor.ref.send({ type: 'slip.freeBet', freeBet: SAMPLE_FREE_BET })
    visitor.ref.send({ type: 'slip.funding', funding: 'betting_bonus' })
    expect([visitor.ref.getSnapshot().context.freeBet, visitor.ref.getSnapshot().context.funding]).toEqual([null, 'main'])
    // Logging out takes the free bet off.
    player.ref.send({ type: 'session.change', loggedIn: false, currency: 'USD' })
    expect([player.ref.getSnapshot().context.freeBet, player.ref.getSnapshot().context.funding]).toEqual([null, 'main'])
  })

  it('asks a visitor to log in rather than place', async () => {
    const sut = startSut({ loggedIn: false, currency: 'USD' })
    sut.restore.resolve({
      ok: true,
      saved: [],
      outcomes: [],
      settings: null,
      unsaved: false,
      freeBet: null,
    })
    await flush()
    sut.ref.send({ type: 'slip.toggle', pick: PICK_A })
    sut.ref.send({ type: 'slip.place' })
    expect(sut.emitted).toEqual([BETSLIP_NEED_LOGIN])
    expect(sut.place.calls).toHaveLength(0)
  })
})
