import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromCallback, fromPromise, type EventObject, type SnapshotFrom } from 'xstate'
import type { FetchBalanceInput, FetchBalanceResult } from '../../cashier/balance-refresh/balance-refresh.types'
import { hintsMachine } from '../../session/hints/hints.machine'
import type { HintFactsLoaded, HintPlayer } from '../../session/hints/hints.types'
import type { ChannelCommand, TouchResult } from '../../session/inactivity/inactivity.types'
import { VISITOR } from '../../../services/api/contract/account'
import { THEMES, TOAST_DURATION_MS, type Theme } from '../../../shared/constants'
import type { Locale } from '../../../shared/locales'
import { ModelHarness, fixtureEvents, type GestureTable, dispatchGestures } from '../../testing/model'
import { appMachine, resumeOptions } from './app.machine'
import {
  appOutcomes as outcomes,
  appSamples as fixtures,
  generalInfo,
  promoDialog as promo,
  samplePlayer as player,
  visitorInput,
  type AppOutcome as Outcome,
} from './app.samples'
import { rootBalanceMachine, rootBuildWatchMachine, rootFrameMessagesMachine, rootInactivityMachine, rootServiceWorkerMachine, rootSitePopupsMachine, rootRealityCheckMachine } from './app.children'
import type { LoadRealityResult, SaveRealityInput } from '../../responsible/reality-check/reality-check.types'
import { samplePopups } from '../site-popups/site-popups.samples'
import type { PopupMemory } from '../site-popups/site-popups.types'
import type { FetchLatestBuildResult } from '../build-watch/build-watch.types'
import type { RegisterResult, ServiceWorkerCommand } from '../service-worker/service-worker.types'
import {
  selectAccount,
  selectDialogsRef,
  selectIsLoggedIn,
  selectIsLoggingOut,
  selectIsRefreshingAccount,
  selectLocale,
  selectTheme,
  selectToastsRef,
  selectMenusRef,
  selectFeature,
} from './app.selectors'
import type { AppEvent, AppInput, BalanceSocketEvent, BalanceSocketInput, FetchAccountInput, FetchAccountResult, LoadGeneralInfoResult, LogoutResult, SaveLocaleResult, SessionEndReason } from './app.types'
import { dialogStackMachine } from '../dialog-stack/dialog-stack.machine'
import { selectIsDialogOpen, selectOpenDialogs, selectTopDialog } from '../dialog-stack/dialog-stack.selectors'
import { createToastsMachine } from '../toasts/toasts.machine'
import { selectToasts } from '../toasts/toasts.selectors'
import { selectOpenMenu } from '../header-menus/header-menus.selectors'
import { controllable, flush, settleGestures } from '../../testing/controllable'
import { describeModel } from '../../testing/model-suite'
import { recordCoverage } from '../../testing/coverage'
import { consentMachine } from '../consent/consent.machine'
import type { FingerprintInput, FingerprintResult, HitInput } from '../consent/consent.types'
import { selectConsentBannerOpen } from '../consent/consent.selectors'

type Snapshot = SnapshotFrom<typeof appMachine>

const never = <T, I = unknown>() => fromPromise<T, I>(() => new Promise<T>(() => {}))
const quiet = <E extends EventObject>() => fromCallback<E>(() => undefined)

/**
 * The long-lived children as they are, with every effect of theirs replaced (no DOM, no network,
 * no storage): the root's forwarding is checked on their snapshots.
 */
function liveActors(socketEvents: EventObject[], reloads: string[], carried: string[] = []) {
  return {
    sitePopups: rootSitePopupsMachine.provide({
      actors: { readMemory: fromPromise<PopupMemory>(async () => ({ seen: [], carried: null })), exitIntent: quiet() },
      actions: { rememberSeen: () => {}, carryTrigger: (_, { trigger }) => void carried.push(trigger) },
    }),
    inactivity: rootInactivityMachine.provide({
      actors: { activitySource: quiet(), channel: quiet<ChannelCommand>(), touchSession: never<TouchResult>(), logout: never<void>() },
    }),
    balance: rootBalanceMachine.provide({ actors: { fetchBalance: never<FetchBalanceResult, FetchBalanceInput>(), pageClicks: quiet() } }),
    hints: hintsMachine.provide({ actors: { loadHintFacts: never<HintFactsLoaded, HintPlayer>() }, actions: { rememberDismissed: () => {} } }),
    balanceSocket: fromCallback<BalanceSocketEvent, BalanceSocketInput>(({ input, receive }) => {
      socketEvents.push({ type: 'start', loggedIn: input.loggedIn } as EventObject)
      receive((event) => socketEvents.push(event))
    }),
    frames: rootFrameMessagesMachine.provide({ actors: { listenToFrames: quiet() }, actions: { announceLocation: () => {}, goTo: () => {} } }),
    buildWatch: rootBuildWatchMachine.provide({ actors: { fetchLatestBuild: never<FetchLatestBuildResult>() } }),
    serviceWorker: rootServiceWorkerMachine.provide({
      actors: { register: never<RegisterResult>(), watch: quiet<ServiceWorkerCommand>() },
      actions: { reloadPage: () => void reloads.push('reload'), flagFailed: () => {} },
    }),
    realityCheck: rootRealityCheckMachine.provide({ actors: { loadReality: never<LoadRealityResult>(), saveReality: never<LoadRealityResult, SaveRealityInput>() } }),
    // The model walk only needs the child to exist (its own test walks it); a stub keeps each step cheap.
    consent: quiet() as unknown as typeof consentMachine,
  }
}

function startSut(input: AppInput = visitorInput) {
  const fetch = controllable<FetchAccountInput, FetchAccountResult>()
  const settings = controllable<unknown, LoadGeneralInfoResult>()
  const logout = controllable<unknown, LogoutResult>()
  const saveLocale = controllable<{ locale: Locale }, SaveLocaleResult>()
  const effects = {
    persistTheme: [] as Theme[],
    switchLocale: [] as Locale[],
    errors: [] as unknown[],
    ended: [] as SessionEndReason[],
    logoutErrors: [] as (string | null)[],
    socket: [] as EventObject[],
    offers: 0,
    reloads: [] as string[],
    carried: [] as string[],
  }
  const ref = createActor(
    appMachine.provide({
      actions: {
        persistTheme: (_, { theme }) => void effects.persistTheme.push(theme),
        switchLocale: (_, { locale }) => void effects.switchLocale.push(locale),
        reportError: (_, { error }) => void effects.errors.push(error),
        endSession: (_, { reason }) => void effects.ended.push(reason),
        trackLogoutError: (_, { errorType }) => void effects.logoutErrors.push(errorType),
        offerReload: () => void (effects.offers += 1),
      },
      actors: { fetchAccount: fetch.actor, loadGeneralInfo: settings.actor, logout: logout.actor, saveLocale: saveLocale.actor, ...liveActors(effects.socket, effects.reloads, effects.carried) },
    }),
    { input },
  ).start()
  // The rule tests drive the live children with fake timers: their transitions count for the gate too.
  recordCoverage(ref)
  return { ref, fetch, settings, logout, saveLocale, effects }
}
type Sut = ReturnType<typeof startSut>

// ── model ────────────────────────────────────────────────────────────────────

// Samples shared with the flows registry (app.samples.ts).
const send = (sut: Sut, event: AppEvent) => sut.ref.send(event)
const gestures = {
  'session.refresh': send, // a deposit finished, a socket hint, the balance button
  'session.set': send, // login, registration or logout finished
  'balance.update': send, // the balance socket pushed, or the balance poll answered
  'support.notice': send, // the balance socket told of the support chat
  'theme.toggle': send, // the header's theme switch
  'theme.set': send,
  'locale.change': send, // the locale picker
  'app.hydrated': send, // the browser took over the SSR page
  'route.change': send, // the router moved
  'balance.refresh': send, // a cashier page opened, a payment ended
  'inactivity.stay': send, // the warning's 'Stay logged in'
  'hints.dismiss': send, // the hint banner's close button
  'session.logout': send, // the profile's logout button, the account menu's logout
  'session.end': send, // the inactivity watcher ended the session
  'dialog.open': send,
  'dialog.close': send,
  'dialog.closeTop': send,
  'dialog.confirm.answer': send,
  'toast.show': send,
  'toast.dismiss': send,
  'toast.pause': send, // the pointer rests on the toasts
  'toast.resume': send,
  'menu.toggle': send, // the balance or the avatar in the header
  'menu.close': send, // Escape, a click outside, a navigation
  'build.offer': send, // the build watch saw a newer build
  'build.updateReady': send, // the service worker installed a newer build
  'build.reload': send, // the reload offer's button
  'consent.acceptAll': send, // the cookie banner's buttons and the footer's 'Cookie settings'
  'consent.rejectAll': send,
  'consent.save': send,
  'consent.open': send,
  'consent.dismiss': send,
} satisfies GestureTable<AppEvent, Sut, Snapshot>
const outcomeGestures = {
  ...settleGestures('fetchAccount', (sut: Sut) => sut.fetch),
  ...settleGestures('loadGeneralInfo', (sut: Sut) => sut.settings),
  ...settleGestures('logout', (sut: Sut) => sut.logout),
  ...settleGestures('saveLocale', (sut: Sut) => sut.saveLocale),
} satisfies GestureTable<Outcome, Sut, Snapshot>

const LIVE_EVENTS = new Set(['route.change', 'balance.refresh', 'inactivity.stay', 'hints.dismiss', 'session.end', 'build.offer', 'build.updateReady', 'build.reload'])
const isOutcome = (event: { type: string }): event is Outcome => event.type in outcomes
const LOGGING_OUT_CALL = { session: { player: { loggingOut: 'calling' } } } as const
/** Whether the runtime could deliver this outcome now: only while its actor runs. */
const outcomeRuns = (snapshot: Snapshot, event: Outcome) =>
  event.type.endsWith('.fetchAccount')
    ? selectIsRefreshingAccount(snapshot)
    : event.type.endsWith('.logout')
      ? snapshot.matches(LOGGING_OUT_CALL)
      : event.type.endsWith('.saveLocale')
        ? snapshot.matches({ locale: 'saving' })
        : snapshot.matches({ live: { running: 'loadingSettings' } })

const harness = new ModelHarness<typeof appMachine, Sut, Outcome>({
  machine: appMachine,
  input: visitorInput,
  events: (snapshot) => [
    ...fixtureEvents<AppEvent, Snapshot>(fixtures, snapshot),
    ...fixtureEvents<Outcome, Snapshot>(outcomes, snapshot),
  ],
  // The runtime only ends fetchAccount, loadGeneralInfo and logout while they run.
  // The long-lived actors' events do nothing before hydration (tested apart below).
  // consent.* only passes through to the consent actor, whose own model test walks it (checked below).
  filterEvents: (snapshot, event) =>
    !event.type.startsWith('consent.') &&
    (!LIVE_EVENTS.has(event.type) || snapshot.matches({ live: 'running' })) &&
    // The build events only forward to the build watch and the service worker, whatever the state of
    // the root: they are tested apart below rather than multiplying the edges of every state.
    !event.type.startsWith('build.') &&
    (!isOutcome(event) || outcomeRuns(snapshot, event)),
  createSut: () => startSut(visitorInput),
  gestures: dispatchGestures(gestures, outcomeGestures),
  check: (sut, { state, from, event }) => {
    const snapshot = sut.ref.getSnapshot()
    expect(snapshot.value).toEqual(state.value)
    expect(snapshot.context).toEqual(state.context)

    // SPEC §3, §6: the role is the uid's, never anything else.
    expect(selectIsLoggedIn(snapshot)).toBe(selectAccount(snapshot).uid > 0)
    expect(selectIsRefreshingAccount(snapshot)).toBe(snapshot.children.fetchAccount !== undefined)
    // Logging out is a player's, and the call runs only in its first step.
    expect(selectIsLoggingOut(snapshot)).toBe(snapshot.matches({ session: { player: 'loggingOut' } }))
    expect(snapshot.children.logout !== undefined).toBe(snapshot.matches(LOGGING_OUT_CALL))
    // SPEC §4 Themes: always a theme of the list.
    expect(THEMES).toContain(selectTheme(snapshot))
    // The children live for the whole session under their system ids.
    expect(sut.ref.system.get('dialogs')).toBe(selectDialogsRef(snapshot))
    expect(sut.ref.system.get('toasts')).toBe(selectToastsRef(snapshot))
    expect(sut.ref.system.get('menus')).toBe(selectMenusRef(snapshot))

    const persisted = sut.effects.persistTheme.splice(0)
    const switched = sut.effects.switchLocale.splice(0)
    const errors = sut.effects.errors.splice(0)
    if (!from || !event) return
    // The cookie is written for every theme choice, with the theme actually applied.
    expect(persisted).toEqual(event.type.startsWith('theme.') ? [selectTheme(snapshot)] : [])
    // A locale change navigates once, and only when the locale did change.
    expect(switched).toEqual(from.context.locale === state.context.locale ? [] : [state.context.locale])
    expect(errors).toHaveLength(event.type.startsWith('xstate.error.actor.') ? 1 : 0)
    // The watcher's end comes only where the long-lived actors run; the player's own once the logout call settled.
    const loggedOut = event.type.includes('.actor.logout') && from.matches(LOGGING_OUT_CALL)
    expect(sut.effects.ended.splice(0)).toEqual(
      event.type === 'session.end' && from.matches({ live: 'running' }) ? ['inactivity'] : loggedOut ? ['player'] : [],
    )
    // A failed logout call is reported to analytics by its error's name.
    const failed = event.type.startsWith('xstate.done.actor.logout') && 'output' in event && !(event.output as LogoutResult).ok
    expect(sut.effects.logoutErrors.splice(0)).toEqual(failed ? ['TypeError'] : [])
    // The long-lived actors exist in the browser only, after hydration, and follow the session.
    const running = snapshot.matches({ live: 'running' })
    for (const id of ['inactivity', 'balance', 'hints', 'balanceSocket', 'buildWatch', 'serviceWorker'] as const) expect(snapshot.children[id] !== undefined).toBe(running)
    // SPEC §4 'Build manifest': a newer build is offered as a reload, and the player's acceptance reloads the page (once).
    const offers = sut.effects.offers
    sut.effects.offers = 0
    expect(offers).toBe(event.type === 'build.offer' ? 1 : 0)
    const reloads = sut.effects.reloads.splice(0)
    const swWasReloading = from.children.serviceWorker?.getSnapshot().value === 'reloading'
    expect(reloads).toEqual(event.type === 'build.reload' && !swWasReloading ? ['reload'] : [])
    if (running) {
      const loggedIn = selectIsLoggedIn(snapshot)
      expect(snapshot.children.inactivity!.getSnapshot().context.loggedIn).toBe(loggedIn)
      expect(snapshot.children.balance!.getSnapshot().context.loggedIn).toBe(loggedIn)
      expect(snapshot.children.hints!.getSnapshot().context.player?.uid ?? 0).toBe(selectAccount(snapshot).uid)
      expect(snapshot.children.inactivity!.getSnapshot().context.timeoutMs).toBe(
        snapshot.context.generalInfo?.time_to_force_logout ? snapshot.context.generalInfo.time_to_force_logout * 1000 : null,
      )
    }
    if (event.type === 'session.refresh' && selectIsRefreshingAccount(state) && !selectIsRefreshingAccount(from)) {
      expect(sut.fetch.calls.at(-1)).toEqual({ locale: from.context.locale, current: from.context.account })
    }
    // Forwarded events reach the children.
    if (event.type === 'dialog.open') {
      expect(selectIsDialogOpen(promo.id)(selectDialogsRef(snapshot)!.getSnapshot())).toBe(true)
    }
    if (event.type === 'toast.show') {
      expect(selectToasts(selectToastsRef(snapshot)!.getSnapshot()).at(-1)?.message).toBe('Saved')
    }
  },
})

// session.deciding is transient (`always`), so it is never at rest and not expected among the states.
// The edge walk replays a path from a fresh root actor (every child included) for each edge the
// shortest paths missed: about 45 s on an idle machine. Its limit only guards against a hang; a
// busy machine must slow it down, not fail it.
describeModel('appMachine', harness, { minShortestPaths: 5, timeoutMs: 120_000, edgesTimeoutMs: 600_000 })

describe('appMachine: the new-build reload (SPEC §4 Build manifest, Service worker)', () => {
  it('does nothing before hydration; then offers the reload, asks the worker to check, and reloads once on acceptance', () => {
    const sut = startSut(visitorInput)
    sut.ref.send({ type: 'build.offer' })
    sut.ref.send({ type: 'build.reload' })
    expect(sut.effects.offers).toBe(0)
    expect(sut.effects.reloads).toEqual([])
    sut.ref.send({ type: 'app.hydrated' })
    const worker = sut.ref.getSnapshot().children.serviceWorker!
    const watch = sut.ref.getSnapshot().children.buildWatch!
    sut.ref.send({ type: 'build.offer' })
    expect(sut.effects.offers).toBe(1)
    // A worker waiting with the new build: the build watch (off here, no build id) is told; it stays as it is.
    sut.ref.send({ type: 'build.updateReady' })
    expect(watch.getSnapshot().value).toBe('off')
    sut.ref.send({ type: 'build.reload' })
    expect(sut.effects.reloads).toEqual(['reload'])
    expect(worker.getSnapshot().value).toBe('reloading')
    sut.ref.send({ type: 'build.reload' })
    expect(sut.effects.reloads).toEqual(['reload'])
  })
})

describe('appMachine (model): the session region', () => {
  it('walks every simple path of the session region (login, refresh, logout in any order)', async () => {
    const paths = harness.model.getSimplePaths({
      filterEvents: (snapshot, event) =>
        isOutcome(event) ? !event.type.endsWith('.loadGeneralInfo') && outcomeRuns(snapshot, event) : event.type.startsWith('session.'),
      allowDuplicatePaths: true,
    })
    // Every way to reach visitor, visitor refreshing, player, player refreshing, logging out (calling, ending) without a loop.
    expect(new Set(paths.map((p) => JSON.stringify(p.state.value))).size).toBe(6)
    for (const path of paths) await harness.run(path)
  })
})

// ── rules ────────────────────────────────────────────────────────────────────

describe('appMachine: session (SPEC §3 Account info, §6)', () => {
  it.each([
    ['a visitor', VISITOR, false],
    ['a player', player, true],
  ] as const)('starts %s from the uid of the input account', (_, account, loggedIn) => {
    const { ref } = startSut({ ...visitorInput, account })
    expect(selectIsLoggedIn(ref.getSnapshot())).toBe(loggedIn)
    expect(selectAccount(ref.getSnapshot())).toEqual(account)
  })

  it('balance.update moves a player’s balances only, and a visitor’s not at all', () => {
    const { ref } = startSut({ ...visitorInput, account: player })
    const balances = { balance_main: { amount: '99.99', currency: 'EUR' }, balance_bonus: { amount: '1.00', currency: 'EUR' }, balance_betting_bonus: null }
    ref.send({ type: 'balance.update', balances })
    expect(selectAccount(ref.getSnapshot())).toEqual({ ...player, ...balances })
    ref.send({ type: 'session.set', account: VISITOR })
    ref.send({ type: 'balance.update', balances })
    expect(selectAccount(ref.getSnapshot())).toEqual(VISITOR)
  })

  it('follows session.set: login, then logout', () => {
    const { ref } = startSut()
    ref.send({ type: 'session.set', account: player })
    expect(selectIsLoggedIn(ref.getSnapshot())).toBe(true)
    ref.send({ type: 'session.set', account: VISITOR })
    expect(selectIsLoggedIn(ref.getSnapshot())).toBe(false)
  })

  it('refreshes the account; a player stays logged in while it runs', async () => {
    const sut = startSut({ ...visitorInput, account: player, locale: 'es' })
    sut.ref.send({ type: 'session.refresh' })
    expect(selectIsRefreshingAccount(sut.ref.getSnapshot())).toBe(true)
    expect(selectIsLoggedIn(sut.ref.getSnapshot())).toBe(true)
    expect(sut.fetch.calls).toEqual([{ locale: 'es', current: player }])
    sut.ref.send({ type: 'session.refresh' }) // one at a time
    expect(sut.fetch.calls).toHaveLength(1)

    const richer = { ...player, balance_main: { amount: '500.00', currency: 'EUR' } }
    sut.fetch.resolve({ ok: true, account: richer })
    await flush()
    expect(selectIsRefreshingAccount(sut.ref.getSnapshot())).toBe(false)
    expect(selectAccount(sut.ref.getSnapshot())).toEqual(richer)
  })

  it('a refresh that finds the session gone makes the player a visitor', async () => {
    const sut = startSut({ ...visitorInput, account: player })
    sut.ref.send({ type: 'session.refresh' })
    sut.fetch.resolve({ ok: true, account: VISITOR })
    await flush()
    expect(selectIsLoggedIn(sut.ref.getSnapshot())).toBe(false)
  })

  it('keeps the account when a refresh fails, and reports only a rejection', async () => {
    const sut = startSut({ ...visitorInput, account: player })
    sut.ref.send({ type: 'session.refresh' })
    sut.fetch.resolve({ ok: false, error: { type: 'ApplicationUnavailableException', code: null } })
    await flush()
    expect(selectAccount(sut.ref.getSnapshot())).toEqual(player)
    expect(sut.effects.errors).toEqual([])

    sut.ref.send({ type: 'session.refresh' })
    sut.fetch.reject(new TypeError('bug'))
    await flush()
    expect(selectAccount(sut.ref.getSnapshot())).toEqual(player)
    expect(selectIsRefreshingAccount(sut.ref.getSnapshot())).toBe(false)
    expect(sut.effects.errors).toEqual([new TypeError('bug')])
  })

  it('session.set during a refresh wins; the late answer is dropped', async () => {
    const sut = startSut({ ...visitorInput, account: player })
    sut.ref.send({ type: 'session.refresh' })
    sut.ref.send({ type: 'session.set', account: VISITOR })
    sut.fetch.resolve({ ok: true, account: player })
    await flush()
    expect(selectIsLoggedIn(sut.ref.getSnapshot())).toBe(false)
  })

  it('the default fetchAccount fails loudly through reportError', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    const ref = createActor(
      appMachine.provide({ actions: { persistTheme: () => {}, switchLocale: () => {} } }),
      { input: visitorInput },
    ).start()
    ref.send({ type: 'session.refresh' })
    await flush()
    expect(String(error.mock.calls[0]?.[1])).toContain('"fetchAccount" not provided')
    error.mockRestore()
  })
})

describe('appMachine: the player’s own logout (SPEC §2.2)', () => {
  it('calls logout once, however often it is asked, then ends the session as the player’s', async () => {
    const sut = startSut({ ...visitorInput, account: player })
    sut.ref.send({ type: 'session.logout' })
    expect(selectIsLoggingOut(sut.ref.getSnapshot())).toBe(true)
    expect(selectIsLoggedIn(sut.ref.getSnapshot())).toBe(true) // the header stays a player's until the visitor is set
    sut.ref.send({ type: 'session.logout' }) // a second click
    sut.ref.send({ type: 'session.refresh' }) // nor does a refresh start meanwhile
    expect(sut.logout.calls).toHaveLength(1)
    expect(sut.fetch.calls).toHaveLength(0)

    sut.logout.resolve({ ok: true })
    await flush()
    expect(sut.effects.ended).toEqual(['player'])
    expect(sut.effects.logoutErrors).toEqual([])
    expect(selectIsLoggingOut(sut.ref.getSnapshot())).toBe(true) // busy until the page leaves
    sut.ref.send({ type: 'session.logout' })
    expect(sut.logout.calls).toHaveLength(1)
    // What the browser's endSession sends: the visitor.
    sut.ref.send({ type: 'session.set', account: VISITOR })
    expect(selectIsLoggingOut(sut.ref.getSnapshot())).toBe(false)
    expect(selectIsLoggedIn(sut.ref.getSnapshot())).toBe(false)
  })

  it('a failed call still logs out, reported to analytics; a rejection (a bug) is reported as an error', async () => {
    const sut = startSut({ ...visitorInput, account: player })
    sut.ref.send({ type: 'session.logout' })
    sut.logout.resolve({ ok: false, errorType: 'TypeError' })
    await flush()
    expect(sut.effects.logoutErrors).toEqual(['TypeError'])
    expect(sut.effects.ended).toEqual(['player'])

    sut.ref.send({ type: 'session.set', account: player })
    sut.ref.send({ type: 'session.logout' })
    sut.logout.reject(new TypeError('bug'))
    await flush()
    expect(sut.effects.errors).toEqual([new TypeError('bug')])
    expect(sut.effects.ended).toEqual(['player', 'player'])
  })

  it('drops a refresh in flight; a visitor has no logout', async () => {
    const sut = startSut({ ...visitorInput, account: player })
    sut.ref.send({ type: 'session.refresh' })
    sut.ref.send({ type: 'session.logout' })
    expect(selectIsRefreshingAccount(sut.ref.getSnapshot())).toBe(false)
    expect(sut.logout.calls).toHaveLength(1)

    const visitor = startSut()
    visitor.ref.send({ type: 'session.logout' })
    expect(selectIsLoggingOut(visitor.ref.getSnapshot())).toBe(false)
    expect(visitor.logout.calls).toHaveLength(0)
  })
})

describe('appMachine: theme and locale (SPEC §4 Themes, §9)', () => {
  it.each([
    ['light', 'light'],
    ['dark', 'dark'],
    ['neon', 'dark'],
    [null, 'dark'],
    [undefined, 'dark'],
  ] as const)('a theme cookie of %s gives %s', (theme, expected) => {
    const { ref } = startSut({ ...visitorInput, theme })
    expect(selectTheme(ref.getSnapshot())).toBe(expected)
  })

  it('theme.set falls back to dark for an unknown theme and persists what it applied', () => {
    const sut = startSut({ ...visitorInput, theme: 'light' })
    sut.ref.send({ type: 'theme.set', theme: 'neon' })
    expect(selectTheme(sut.ref.getSnapshot())).toBe('dark')
    expect(sut.effects.persistTheme).toEqual(['dark'])
  })

  it('theme.toggle alternates and persists each choice', () => {
    const sut = startSut()
    sut.ref.send({ type: 'theme.toggle' })
    sut.ref.send({ type: 'theme.toggle' })
    expect(sut.effects.persistTheme).toEqual(['light', 'dark'])
  })

  it('the default persistTheme fails loudly', () => {
    const errors: unknown[] = []
    const ref = createActor(appMachine, { input: visitorInput })
    ref.subscribe({ error: (e) => errors.push(e) })
    ref.start()
    ref.send({ type: 'theme.toggle' })
    expect(String(errors[0])).toContain('"persistTheme" not provided')
  })

  it('a player’s locale is kept on the account first, and the page switches whether or not it was', async () => {
    const sut = startSut({ ...visitorInput, account: player })
    sut.ref.send({ type: 'locale.change', locale: 'de' })
    expect(sut.saveLocale.calls).toEqual([{ locale: 'de' }])
    expect(sut.effects.switchLocale).toEqual([])
    sut.saveLocale.resolve({ ok: false })
    await flush()
    expect(sut.effects.switchLocale).toEqual(['de'])
    expect(selectLocale(sut.ref.getSnapshot())).toBe('de')
  })

  it('locale.change switches once, to a known and different locale only', () => {
    const sut = startSut()
    sut.ref.send({ type: 'locale.change', locale: 'en' })
    sut.ref.send({ type: 'locale.change', locale: 'xx' as Locale })
    expect(sut.effects.switchLocale).toEqual([])
    sut.ref.send({ type: 'locale.change', locale: 'de' })
    expect(sut.effects.switchLocale).toEqual(['de'])
    expect(selectLocale(sut.ref.getSnapshot())).toBe('de')
  })
})

describe('appMachine: the consent child', () => {
  it('starts from the cookie\'s choice, takes consent.* and wakes on hydration', () => {
    const realConsent = consentMachine.provide({
      actors: { loadFingerprint: never<FingerprintResult, FingerprintInput>(), sendHit: never<void, HitInput>() },
      actions: { persistConsent: () => {}, applyConsent: () => {} },
    })
    const startWith = (input: AppInput) =>
      createActor(
        appMachine.provide({
          actions: { persistTheme: () => {}, switchLocale: () => {}, endSession: () => {}, trackLogoutError: () => {} },
          actors: { ...liveActors([], []), consent: realConsent },
        }),
        { input },
      ).start()
    const first = { ref: startWith({ ...visitorInput, consent: null }) }
    const consent = () => first.ref.system.get('consent')!.getSnapshot()
    expect(selectConsentBannerOpen(consent())).toBe(true)
    first.ref.send({ type: 'app.hydrated' })
    expect(consent().matches({ effects: 'running' })).toBe(true)
    first.ref.send({ type: 'consent.rejectAll' })
    expect(selectConsentBannerOpen(consent())).toBe(false)
    first.ref.send({ type: 'consent.open' })
    expect(selectConsentBannerOpen(consent())).toBe(true)

    const chosen = { ref: startWith({ ...visitorInput, consent: { analytics: true, marketing: false } }) }
    expect(selectConsentBannerOpen(chosen.ref.system.get('consent')!.getSnapshot())).toBe(false)
  })
})

describe('appMachine: dialogs and toasts children', () => {
  it('forwards dialog.* and toast.* to the children registered as "dialogs" and "toasts"', () => {
    const { ref } = startSut()
    ref.send({ type: 'dialog.open', dialog: promo })
    ref.send({ type: 'toast.show', toast: { type: 'success', message: 'Deposit received' } })
    const dialogs = ref.system.get('dialogs')
    const toasts = ref.system.get('toasts')
    expect(selectTopDialog(dialogs!.getSnapshot())?.id).toBe('promo')
    expect(selectToasts(toasts!.getSnapshot()).map((t) => t.message)).toEqual(['Deposit received'])
    ref.send({ type: 'dialog.closeTop' })
    expect(selectOpenDialogs(dialogs!.getSnapshot())).toEqual([])
  })

  it('forwards menu.* to the header menus registered as "menus"', () => {
    const { ref } = startSut({ ...visitorInput, account: player })
    const menus = ref.system.get('menus')
    expect(menus).toBe(selectMenusRef(ref.getSnapshot()))
    ref.send({ type: 'menu.toggle', menu: 'balance' })
    expect(selectOpenMenu(menus!.getSnapshot())).toBe('balance')
    ref.send({ type: 'menu.close' })
    expect(selectOpenMenu(menus!.getSnapshot())).toBeNull()
  })
})

describe('appMachine: SSR dehydration and resume (ARCHITECTURE §1)', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  function serverRender() {
    const server = createActor(
      appMachine.provide({
        actions: { persistTheme: () => {}, switchLocale: () => {} },
        actors: { toasts: createToastsMachine({ generateId: () => 'toast-from-server' }) },
      }),
      { input: { account: player, locale: 'es', theme: 'light' } },
    ).start()
    // What a request might do before rendering: ?show_popup_reg=1 with prevent_close, a queued popup, a toast.
    server.send({
      type: 'dialog.open',
      dialog: { id: 'reg', kind: 'auth', props: { view: 'registration' }, preventClose: true },
    })
    server.send({ type: 'dialog.open', dialog: promo, queue: true })
    server.send({ type: 'toast.show', toast: { type: 'fill_for_deposit', message: 'Complete your profile' } })
    const html = JSON.stringify(server.getPersistedSnapshot())
    server.stop()
    return html
  }

  function browserResume(html: string, fetchAccount = controllable<FetchAccountInput, FetchAccountResult>().actor) {
    const page = { scrollLocked: false }
    const machine = appMachine.provide({
      actions: { persistTheme: () => {}, switchLocale: () => {} },
      actors: {
        fetchAccount,
        dialogs: dialogStackMachine.provide({
          actions: {
            lockScroll: () => void (page.scrollLocked = true),
            unlockScroll: () => void (page.scrollLocked = false),
          },
        }),
        toasts: createToastsMachine({ generateId: () => 'toast-from-browser' }),
        loadGeneralInfo: never<LoadGeneralInfoResult>(),
        ...liveActors([], []),
      },
    })
    const ref = createActor(machine, resumeOptions(JSON.parse(html))).start()
    return { ref, page }
  }

  it('round-trips the snapshot as JSON, children included', () => {
    const html = renderAndCheckJson()
    const { ref } = browserResume(html)
    const snapshot = ref.getSnapshot()
    expect(selectIsLoggedIn(snapshot)).toBe(true)
    expect(selectAccount(snapshot)).toEqual(player)
    expect(selectTheme(snapshot)).toBe('light')
    expect(selectLocale(snapshot)).toBe('es')

    const dialogs = ref.system.get('dialogs')
    const toasts = ref.system.get('toasts')
    expect(dialogs).toBe(selectDialogsRef(snapshot))
    expect(toasts).toBe(selectToastsRef(snapshot))
    expect(dialogs!.getSnapshot().context).toEqual({
      stack: [{ id: 'reg', kind: 'auth', props: { view: 'registration' }, preventClose: true }],
      queue: [{ id: 'promo', kind: 'promo-activated', props: {}, preventClose: false }],
    })
    expect(selectToasts(toasts!.getSnapshot()).map((t) => t.id)).toEqual(['toast-from-server'])
    // Persisting the resumed actor gives the same document: nothing is lost on the way.
    expect(JSON.parse(JSON.stringify(ref.getPersistedSnapshot()))).toEqual(JSON.parse(html))

    function renderAndCheckJson() {
      const json = serverRender()
      expect(() => JSON.parse(json)).not.toThrow()
      return json
    }
  })

  it('keeps working after resume: events reach the restored children, app.hydrated re-arms effects', () => {
    vi.useFakeTimers()
    const { ref, page } = browserResume(serverRender())
    ref.send({ type: 'app.hydrated' })
    expect(page.scrollLocked).toBe(true)

    ref.send({ type: 'dialog.closeTop' }) // prevent_close: refused
    ref.send({ type: 'dialog.close', id: 'reg', immediate: true })
    const dialogs = ref.system.get('dialogs')!
    expect(selectTopDialog(dialogs.getSnapshot())?.id).toBe('promo')
    ref.send({ type: 'dialog.closeTop' })
    expect(page.scrollLocked).toBe(false)

    vi.advanceTimersByTime(TOAST_DURATION_MS)
    expect(selectToasts(ref.system.get('toasts')!.getSnapshot())).toEqual([])
    ref.send({ type: 'toast.show', toast: { type: 'info', message: 'after resume' } })
    expect(selectToasts(ref.system.get('toasts')!.getSnapshot()).map((t) => t.id)).toEqual(['toast-from-browser'])
  })

  it('a refresh in flight at render time runs again in the browser with the browser fetchAccount', async () => {
    const server = createActor(
      appMachine.provide({
        actions: { persistTheme: () => {}, switchLocale: () => {} },
        actors: { fetchAccount: controllable<FetchAccountInput, FetchAccountResult>().actor },
      }),
      { input: { account: player, locale: 'en', theme: 'dark' } },
    ).start()
    server.send({ type: 'session.refresh' })
    const html = JSON.stringify(server.getPersistedSnapshot())
    server.stop()

    const browserFetch = controllable<FetchAccountInput, FetchAccountResult>()
    const { ref } = browserResume(html, browserFetch.actor)
    expect(selectIsRefreshingAccount(ref.getSnapshot())).toBe(true)
    expect(browserFetch.calls.map((input) => input.locale)).toEqual(['en'])
    browserFetch.resolve({ ok: true, account: VISITOR })
    await flush()
    expect(selectIsLoggedIn(ref.getSnapshot())).toBe(false)
  })

  it('refuses a missing or malformed snapshot loudly', () => {
    expect(() => resumeOptions(undefined)).toThrow(/dehydrated snapshot/)
    expect(() => resumeOptions({ nope: 1 })).toThrow(/dehydrated snapshot/)
  })
})

// ── the long-lived actors ───────────────────────────────────────────────────

describe('appMachine: the long-lived actors (browser only)', () => {
  afterEach(() => vi.useRealTimers())

  it('starts none on the server; app.hydrated starts them from the context', () => {
    const sut = startSut({ ...visitorInput, account: player, path: '/game/slots' })
    const children = () => sut.ref.getSnapshot().children
    expect([children().inactivity, children().balance, children().hints, children().balanceSocket]).toEqual([undefined, undefined, undefined, undefined])
    sut.ref.send({ type: 'app.hydrated' })
    expect(children().balance!.getSnapshot().context).toMatchObject({ path: '/game/slots', loggedIn: true })
    expect(children().hints!.getSnapshot().context.player).toEqual({ uid: 42, regTime: player.reg_time, login: player.login })
    expect(sut.effects.socket).toEqual([{ type: 'start', loggedIn: true }])
  })

  it("reads the site config's feature flags; a page without content keeps every feature on", () => {
    const features = { twoFactor: true, identityVerification: false, responsibleGaming: false, betHistory: true, noticeBettingVisible: true, clickableTitle: true }
    const withFlags = startSut({ ...visitorInput, cmsConfig: { ...visitorInput.cmsConfig, site: { features } } as AppInput['cmsConfig'] })
    expect(selectFeature('responsibleGaming')(withFlags.ref.getSnapshot())).toBe(false)
    expect(selectFeature('twoFactor')(withFlags.ref.getSnapshot())).toBe(true)
    const without = startSut({ ...visitorInput, cmsConfig: null })
    expect(selectFeature('responsibleGaming')(without.ref.getSnapshot())).toBe(true)
  })

  it("polls the balance by the operator's rules from the content's site config", () => {
    const settingsForUpdBalance = { isEnabledInterval: true, countSecondsForInterval: 30, isEnabledTurnOffRequests: false, countMinutesAfterWhichRequestsTurnedOff: 5, isEnabledRequestsAfterClick: true, countSecondsForDelayBetweenClick: 2 }
    const cmsConfig = { ...visitorInput.cmsConfig, site: { functionalSettings: { settingsForUpdBalance } } } as AppInput['cmsConfig']
    const sut = startSut({ ...visitorInput, account: player, cmsConfig })
    sut.ref.send({ type: 'app.hydrated' })
    expect(sut.ref.getSnapshot().children.balance!.getSnapshot().context.settings).toEqual(settingsForUpdBalance)
  })

  it('reads General info once a player is known and gives its limit to the inactivity watcher', async () => {
    const sut = startSut()
    sut.ref.send({ type: 'app.hydrated' })
    expect(sut.settings.calls).toHaveLength(0) // a visitor's page makes no call for it
    sut.ref.send({ type: 'session.set', account: player })
    expect(sut.settings.calls).toHaveLength(1)
    sut.settings.resolve({ ok: true, generalInfo })
    await flush()
    const inactivity = sut.ref.getSnapshot().children.inactivity!
    expect(inactivity.getSnapshot().context).toMatchObject({ timeoutMs: 600_000, loggedIn: true })
    expect(inactivity.getSnapshot().matches('watching')).toBe(true)
  })

  it('tells login and logout to every child; a re-read account restarts nothing', async () => {
    vi.useFakeTimers()
    const sut = startSut({ ...visitorInput, account: player, generalInfo })
    sut.ref.send({ type: 'app.hydrated' })
    const { inactivity, hints } = sut.ref.getSnapshot().children
    vi.advanceTimersByTime(500_000) // the warning opens at 80 % of 600 s
    expect(inactivity!.getSnapshot().hasTag('warning')).toBe(true)
    sut.ref.send({ type: 'session.refresh' })
    sut.fetch.resolve({ ok: true, account: player })
    await vi.advanceTimersByTimeAsync(0)
    expect(inactivity!.getSnapshot().hasTag('warning')).toBe(true)
    expect(hints!.getSnapshot().context.player?.uid).toBe(42)

    sut.ref.send({ type: 'session.set', account: VISITOR })
    expect(inactivity!.getSnapshot().matches('off')).toBe(true)
    expect(sut.ref.getSnapshot().children.balance!.getSnapshot().context.loggedIn).toBe(false)
    expect(hints!.getSnapshot().context.player).toBeNull()
    expect(sut.effects.socket.at(-1)).toEqual({ type: 'session.change', loggedIn: false })
  })

  it('counts a new location as activity, the same one (a layout mounting anew) not', () => {
    vi.useFakeTimers()
    const sut = startSut({ ...visitorInput, account: player, generalInfo, path: '/cashier/wallet' })
    sut.ref.send({ type: 'app.hydrated' })
    const inactivity = sut.ref.getSnapshot().children.inactivity!
    vi.advanceTimersByTime(470_000)
    sut.ref.send({ type: 'route.change', path: '/cashier/wallet' })
    vi.advanceTimersByTime(10_000) // 480 s since the page opened: the warning
    expect(inactivity.getSnapshot().hasTag('warning')).toBe(true)
    sut.ref.send({ type: 'route.change', path: '/cashier/wallet?tab=2' })
    expect(inactivity.getSnapshot().hasTag('warning')).toBe(false)
  })

  it('forwards the views’ events: route changes, a refresh, the warning’s stay, a dismissed hint, the end of a session', () => {
    const sut = startSut({ ...visitorInput, account: player })
    sut.ref.send({ type: 'app.hydrated' })
    const balance = sut.ref.getSnapshot().children.balance!
    sut.ref.send({ type: 'route.change', path: '/game/slots' })
    expect(balance.getSnapshot().context.path).toBe('/game/slots')
    expect(sut.ref.getSnapshot().context.path).toBe('/game/slots')
    sut.ref.send({ type: 'route.change', path: '/cashier/wallet' })
    sut.ref.send({ type: 'balance.refresh' })
    expect(balance.getSnapshot().hasTag('fetching')).toBe(true)
    sut.ref.send({ type: 'session.end', reason: 'otherTab' })
    expect(sut.effects.ended).toEqual(['otherTab'])
  })

  it('hands every balance the account shows to the hints, and the inactivity warning to the dialog stack', () => {
    vi.useFakeTimers()
    const sut = startSut({ ...visitorInput, account: player, generalInfo })
    sut.ref.send({ type: 'app.hydrated' })
    const hints = sut.ref.getSnapshot().children.hints!
    sut.ref.send({ type: 'balance.update', balances: { balance_main: { amount: '130.00', currency: 'EUR' }, balance_bonus: null, balance_betting_bonus: null } })
    expect(hints.getSnapshot().context.balance).toEqual({ uid: 42, amount: '130.00' })
    vi.advanceTimersByTime(480_000)
    expect(selectIsDialogOpen('inactivity-warning')(selectDialogsRef(sut.ref.getSnapshot())!.getSnapshot())).toBe(true)
    sut.ref.send({ type: 'inactivity.stay' })
    expect(selectIsDialogOpen('inactivity-warning')(selectDialogsRef(sut.ref.getSnapshot())!.getSnapshot())).toBe(false)
  })

  it("tells the operator's popups who came in and how, where the page is, and opens theirs on the dialog stack", async () => {
    vi.useFakeTimers()
    const withPopups = { ...visitorInput, cmsConfig: { ...visitorInput.cmsConfig, popups: { items: samplePopups } } } as AppInput
    const sut = startSut(withPopups)
    sut.ref.send({ type: 'app.hydrated' })
    await vi.advanceTimersByTimeAsync(0)
    const popups = () => sut.ref.getSnapshot().children.sitePopups!.getSnapshot()
    expect(popups().context.pending?.id).toBe('first-visit')
    // A login: the visitor's popup is dropped, the player's waits (and goes with the tab).
    sut.ref.send({ type: 'session.set', account: player, via: 'login' })
    expect(popups().context.loggedIn).toBe(true)
    expect(popups().context.pending?.id).toBe('welcome-back')
    expect(sut.effects.carried).toEqual(['afterLogin'])
    sut.ref.send({ type: 'route.change', path: '/game/slots' })
    expect(popups().context.path).toBe('/game/slots')
    await vi.advanceTimersByTimeAsync(2_000)
    expect(popups().matches('held')).toBe(true)
    sut.ref.send({ type: 'route.change', path: '/promotions' })
    expect(selectIsDialogOpen('site-popup-welcome-back')(selectDialogsRef(sut.ref.getSnapshot())!.getSnapshot())).toBe(true)
    // A re-read account or a logout is not a way in: no trigger.
    sut.ref.send({ type: 'session.set', account: player })
    expect(sut.effects.carried).toEqual(['afterLogin'])
  })
})
