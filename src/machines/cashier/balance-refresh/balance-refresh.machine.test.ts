import { describe, expect, it } from 'vitest'
import { createActor, SimulatedClock, type SnapshotFrom } from 'xstate'
import { BALANCE_REFRESH_DEFAULTS, type BalanceRefreshSettings } from '../../../shared/constants'
import { recordCoverage } from '../../testing/coverage'
import { ModelHarness, fixtureEvents, type GestureTable, dispatchGestures, ruleCollector } from '../../testing/model'
import { balanceRefreshMachine } from './balance-refresh.machine'
import {
  ALL_ON,
  balanceRefreshOutcomes,
  balanceRefreshSamples,
  CLICK_DELAY,
  POLL,
  sampleBalances,
  TURN_OFF,
  type BalanceRefreshOutcome,
  type BalanceRefreshTimer,
} from './balance-refresh.samples'
import { isGamePath, resolveBalanceRefreshSettings, shouldRefresh } from './balance-refresh.rules'
import { selectFetchedBalances, selectIsDormant, selectIsFetchingBalance, selectIsPolling, selectIsRefreshActive } from './balance-refresh.selectors'
import type { BalanceRefreshEvent, BalanceRefreshInput, Balances, FetchBalanceInput, FetchBalanceResult } from './balance-refresh.types'
import { controllable, flush, settleGestures } from '../../testing/controllable'
import { describeModel } from '../../testing/model-suite'

type Snapshot = SnapshotFrom<typeof balanceRefreshMachine>

const balances = sampleBalances

function startSut(input: BalanceRefreshInput) {
  const clock = new SimulatedClock()
  const fetch = controllable<FetchBalanceInput, FetchBalanceResult>()
  const published: Balances[] = []
  const reported: unknown[] = []
  const ref = createActor(
    balanceRefreshMachine.provide({
      actions: {
        publishBalances: (_, params) => void published.push(params.balances),
        reportError: (_, params) => void reported.push(params.error),
      },
      actors: { fetchBalance: fetch.actor },
    }),
    { input, clock },
  ).start()
  return { ref, clock, fetch, published, reported }
}
type Sut = ReturnType<typeof startSut>

// ── model ────────────────────────────────────────────────────────────────────

const fixtures = balanceRefreshSamples
const outcomes = balanceRefreshOutcomes
type Outcome = BalanceRefreshOutcome
type Timer = BalanceRefreshTimer

const send = (sut: Sut, event: BalanceRefreshEvent) => sut.ref.send(event)
const gestures = {
  'balance.click': send, // a click anywhere on the page
  'balance.refresh': send, // the cashier after a deposit
  'route.change': send, // the router
  'session.change': send, // login, logout
  'settings.update': send, // the site config arrived
} satisfies GestureTable<BalanceRefreshEvent, Sut, Snapshot>

/**
 * A delay ending is delivered as the event its timer would send. The clock is never advanced in
 * the model walk, so no other timer fires with it and the SUT stays in step with the model; the
 * rule tests below drive the real durations with the clock.
 */
const elapse = (sut: Sut, event: { type: Timer }) => sut.ref.send(event as never)
const outcomeGestures = {
  ...settleGestures('fetchBalance', (sut: Sut) => sut.fetch),
  [POLL]: elapse,
  [TURN_OFF]: elapse,
  [CLICK_DELAY]: elapse,
} satisfies GestureTable<Outcome, Sut, Snapshot>

const isOutcome = (e: { type: string }): e is Outcome => e.type in outcomes

function runs(s: Snapshot, e: Outcome): boolean {
  switch (e.type) {
    case POLL:
      return s.matches({ active: { poll: { on: 'waiting' } } })
    case TURN_OFF:
      return s.matches({ active: { poll: 'on' } }) && s.context.settings.isEnabledTurnOffRequests
    case CLICK_DELAY:
      return s.matches({ active: { click: 'throttled' } })
    default:
      return s.matches({ active: { fetch: 'fetching' } })
  }
}

const serializeState = (s: Snapshot) =>
  JSON.stringify({ value: s.value, loggedIn: s.context.loggedIn, game: isGamePath(s.context.path), balances: s.context.balances !== null })

function harnessFor(input: BalanceRefreshInput) {
  return new ModelHarness<typeof balanceRefreshMachine, Sut, Outcome>({
    machine: balanceRefreshMachine,
    input,
    events: (s) => [...fixtureEvents<BalanceRefreshEvent, Snapshot>(fixtures, s), ...fixtureEvents<Outcome, Snapshot>(outcomes, s)],
    filterEvents: (s, e) => !isOutcome(e) || runs(s, e),
    serializeState,
    createSut: () => startSut(input),
    gestures: dispatchGestures(gestures, outcomeGestures),
    check: (sut, { state, from, event }) => {
      const s = sut.ref.getSnapshot()
      expect(serializeState(s)).toBe(serializeState(state))
      const { broken, rule } = ruleCollector()
      const { context } = s
      // SPEC §4, §6: only a logged-in player off /game/ paths is refreshed.
      rule('active exactly for a player off game pages', selectIsRefreshActive(s) === shouldRefresh(context.loggedIn, context.path))
      // The page's clicks are listened to for the whole life; the rest are requests.
      const requests = Object.keys(s.children).filter((id) => id !== 'clicks')
      rule('one request at a time', requests.length <= 1)
      rule('fetching tag while a request runs', selectIsFetchingBalance(s) === (requests.length === 1))
      rule('a visitor holds no balances', context.loggedIn || selectFetchedBalances(s) === null)
      if (!context.settings.isEnabledInterval && selectIsRefreshActive(s)) rule('no polling when disabled', !selectIsPolling(s) && !selectIsDormant(s))
      if (from && event) {
        const started = !Object.keys(from.children).includes('fetchBalance') && Object.keys(s.children).includes('fetchBalance')
        const published = sut.published.splice(0)
        const reported = sut.reported.splice(0)
        // What may start a request: a tick, an allowed click, leaving dormancy, coming back, or an explicit refresh.
        const mayStart =
          event.type === POLL ||
          event.type === 'balance.refresh' ||
          (event.type === 'balance.click' && (from.matches({ active: { click: 'ready' } }) || from.matches({ active: { poll: 'dormant' } }))) ||
          ((event.type === 'route.change' || event.type === 'session.change') && from.matches('inactive'))
        if (started) rule('a request starts only for a reason', mayStart)
        if (mayStart && s.matches('active') && !from.matches({ active: { fetch: 'fetching' } })) rule('a reason starts a request', started)
        const ok = event.type === 'xstate.done.actor.fetchBalance' && event.output.ok
        rule('published exactly on success', published.length === (ok ? 1 : 0))
        rule('only a rejection is reported', reported.length === (event.type === 'xstate.error.actor.fetchBalance' ? 1 : 0))
        // SPEC §4: a click restarts polling after it was turned off.
        if (event.type === 'balance.click' && from.matches({ active: { poll: 'dormant' } })) rule('click restarts polling', selectIsPolling(s))
        if (event.type === 'balance.click' && from.matches({ active: { click: 'throttled' } })) rule('throttled click stays throttled', s.matches({ active: { click: 'throttled' } }))
      }
      expect(broken).toEqual([])
    },
  })
}

describeModel(
  'balanceRefreshMachine',
  {
    'every option on, on a cashier page': harnessFor({ settings: ALL_ON, path: '/cashier/deposit', loggedIn: true }),
    'the SPEC §9 defaults (interval and click off)': harnessFor({ path: '/', loggedIn: true }),
    // 'settings.update' and 'session.change' open the whole chart to each set-up.
    'a visitor': harnessFor({ settings: ALL_ON, path: '/', loggedIn: false }),
  },
  { minShortestPaths: 10 },
)

// ── rules with the real durations ────────────────────────────────────────────

// Rule tests drive actors of their own: their recordings are written once they are done.

describe('balance refresh rules (SPEC §4, §3 settingsForUpdBalance, §9)', () => {
  it('resolves settings over the SPEC §9 defaults and refuses zero durations', () => {
    expect(resolveBalanceRefreshSettings(undefined)).toEqual(BALANCE_REFRESH_DEFAULTS)
    expect(resolveBalanceRefreshSettings({ countSecondsForInterval: 0, isEnabledInterval: true })).toEqual({
      ...BALANCE_REFRESH_DEFAULTS,
      isEnabledInterval: true,
    })
    expect(resolveBalanceRefreshSettings({ countSecondsForInterval: 30 }).countSecondsForInterval).toBe(30)
  })

  it('skips /game/ paths with or without a locale, and visitors', () => {
    expect(isGamePath('/game/book')).toBe(true)
    expect(isGamePath('/de/game/book')).toBe(true)
    expect(isGamePath('/gamehall')).toBe(false)
    expect(shouldRefresh(true, '/gamehall')).toBe(true)
    expect(shouldRefresh(false, '/gamehall')).toBe(false)
  })

  function started(settings: Partial<BalanceRefreshSettings>, path = '/cashier') {
    const sut = startSut({ settings, path, loggedIn: true })
    recordCoverage(sut.ref)
    return sut
  }

  it('polls every countSecondsForInterval seconds on the actor clock', async () => {
    const sut = started({ ...ALL_ON, isEnabledTurnOffRequests: false })
    expect(sut.fetch.calls).toHaveLength(0)
    sut.clock.increment(9_999)
    expect(sut.fetch.calls).toHaveLength(0)
    sut.clock.increment(1)
    expect(sut.fetch.calls).toHaveLength(1)
    sut.fetch.resolve({ ok: true, balances })
    await flush()
    expect(sut.published).toEqual([balances])
    sut.clock.increment(10_000)
    expect(sut.fetch.calls).toHaveLength(2)
  })

  it('turns polling off after the minutes since the last click, and a click restarts it', async () => {
    const sut = started({ ...ALL_ON, isEnabledRequestsAfterClick: false, countSecondsForInterval: 60, countMinutesAfterWhichRequestsTurnedOff: 2 })
    sut.clock.increment(60_000)
    sut.fetch.resolve({ ok: true, balances })
    await flush()
    // A click at 90 s restarts the 2-minute countdown: still polling at 200 s.
    sut.clock.increment(30_000)
    sut.ref.send({ type: 'balance.click' })
    sut.clock.increment(60_000)
    sut.fetch.resolve({ ok: true, balances })
    await flush()
    sut.clock.increment(50_000)
    expect(selectIsPolling(sut.ref.getSnapshot())).toBe(true)
    sut.clock.increment(10_000)
    expect(selectIsDormant(sut.ref.getSnapshot())).toBe(true)
    const calls = sut.fetch.calls.length
    sut.clock.increment(600_000)
    expect(sut.fetch.calls).toHaveLength(calls)
    sut.ref.send({ type: 'balance.click' })
    expect(selectIsPolling(sut.ref.getSnapshot())).toBe(true)
    expect(sut.fetch.calls).toHaveLength(calls + 1)
  })

  it('refreshes on a click at most once per delay between clicks', async () => {
    const sut = started({ ...BALANCE_REFRESH_DEFAULTS, isEnabledRequestsAfterClick: true, countSecondsForDelayBetweenClick: 2 })
    sut.ref.send({ type: 'balance.click' })
    sut.fetch.resolve({ ok: true, balances })
    await flush()
    sut.ref.send({ type: 'balance.click' })
    sut.clock.increment(1_999)
    sut.ref.send({ type: 'balance.click' })
    expect(sut.fetch.calls).toHaveLength(1)
    sut.clock.increment(1)
    sut.ref.send({ type: 'balance.click' })
    expect(sut.fetch.calls).toHaveLength(2)
  })

  it('pauses on a game page and refreshes on the way back', async () => {
    const sut = started(ALL_ON)
    sut.ref.send({ type: 'route.change', path: '/pt/game/sweet-bonanza' })
    sut.clock.increment(60_000)
    sut.ref.send({ type: 'balance.click' })
    expect(sut.fetch.calls).toHaveLength(0)
    sut.ref.send({ type: 'route.change', path: '/pt/gamehall' })
    expect(sut.fetch.calls).toHaveLength(1)
  })

  it('a refresh asked while one runs is coalesced; logging out forgets the balances', async () => {
    const sut = started(BALANCE_REFRESH_DEFAULTS)
    sut.ref.send({ type: 'balance.refresh' })
    sut.ref.send({ type: 'balance.refresh' })
    expect(sut.fetch.calls).toHaveLength(1)
    sut.fetch.resolve({ ok: true, balances })
    await flush()
    expect(selectFetchedBalances(sut.ref.getSnapshot())).toEqual(balances)
    sut.ref.send({ type: 'session.change', loggedIn: false })
    expect(selectFetchedBalances(sut.ref.getSnapshot())).toBeNull()
    expect(selectIsRefreshActive(sut.ref.getSnapshot())).toBe(false)
  })
})
