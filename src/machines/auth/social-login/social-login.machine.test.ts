import { describe, expect, it, vi } from 'vitest'
import { createActor, fromCallback, type SnapshotFrom } from 'xstate'
import { VISITOR } from '../../../services/api/contract/account'
import { ModelHarness, fixtureEvents, type GestureTable, dispatchGestures, ruleCollector } from '../../testing/model'
import { socialLoginMachine } from './social-login.machine'
import { dev, socialLoginOutcomes, socialLoginSamples, type SocialLoginOutcome } from './social-login.samples'
import { socialInitUrl, socialMessageFor } from './social-login.rules'
import { selectActiveService, selectCanCancelSocial, selectSocialAlert, selectSocialBusy, selectSocialDataState, selectSocialServices } from './social-login.selectors'
import type { LoadSocialSettingsResult, RefreshUserResult, SocialLoginActionParams, SocialLoginEvent, WatchWindowInput } from './social-login.types'
import { controllable, flush, settleGestures } from '../../testing/controllable'
import { describeModel } from '../../testing/model-suite'

type Snapshot = SnapshotFrom<typeof socialLoginMachine>

type Effect = { [K in keyof SocialLoginActionParams]: { type: K; params: SocialLoginActionParams[K] } }[keyof SocialLoginActionParams]

function startSut() {
  const settings = controllable<unknown, LoadSocialSettingsResult>()
  const refresh = controllable<unknown, RefreshUserResult>()
  const effects: Effect[] = []
  const window = { sendBack: null as ((e: SocialLoginEvent) => void) | null, inputs: [] as WatchWindowInput[], stopped: 0 }
  const record =
    <K extends keyof SocialLoginActionParams>(type: K) =>
    (_: unknown, params: SocialLoginActionParams[K]) =>
      void effects.push({ type, params } as Effect)
  const ref = createActor(
    socialLoginMachine.provide({
      actors: {
        loadSettings: settings.actor,
        refreshUser: refresh.actor,
        watchWindow: fromCallback<SocialLoginEvent, WatchWindowInput>(({ sendBack, input }) => {
          window.sendBack = sendBack
          window.inputs.push(input)
          return () => {
            window.stopped++
            window.sendBack = null
          }
        }),
      },
      actions: {
        rememberBackUrl: () => void effects.push({ type: 'rememberBackUrl', params: {} }),
        openWindow: record('openWindow'),
        navigate: record('navigate'),
        setUser: record('setUser'),
        trackLogin: record('trackLogin'),
        trackLoginError: record('trackLoginError'),
        closePopup: record('closePopup'),
        followBackUrl: record('followBackUrl'),
        reportError: record('reportError'),
      },
    }),
    { input: { typeAuth: 'registration', returnTo: '/gamehall?x=1' } },
  ).start()
  return { ref, settings, refresh, effects, window }
}
type Sut = ReturnType<typeof startSut>

const fixtures = socialLoginSamples
type Outcome = SocialLoginOutcome
const outcomes = socialLoginOutcomes

const isOutcome = (e: { type: string }): e is Outcome => e.type.startsWith('xstate.')
const isWindowEvent = (e: { type: string }) => e.type.startsWith('social.window.')

const send = (sut: Sut, event: SocialLoginEvent) => sut.ref.send(event)
/** The window's reports come through the watchWindow actor, as in the browser. */
const fromWindow = (sut: Sut, event: SocialLoginEvent) => {
  if (!sut.window.sendBack) throw new Error('no window is watched')
  sut.window.sendBack(event)
}
const gestures = {
  'social.select': send, // a social button
  'social.cancel': send, // the cancel link while the window is open
  'social.window.result': fromWindow, // the callback page's message
  'social.window.closed': fromWindow, // the player closes the window
  'social.window.blocked': fromWindow, // the browser refused the window
  'popup.close': send, // the popup's close button
} satisfies GestureTable<SocialLoginEvent, Sut, Snapshot>

const outcomeGestures = {
  ...settleGestures('loadSettings', (sut: Sut) => sut.settings),
  ...settleGestures('refreshUser', (sut: Sut) => sut.refresh),
} satisfies GestureTable<Outcome, Sut, Snapshot>

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)
const serializeState = (s: Snapshot) =>
  JSON.stringify({ value: s.value, services: s.context.services.length, service: s.context.service, created: s.context.created, alert: s.context.alert, account: s.context.account?.uid ?? null })

const harness = new ModelHarness<typeof socialLoginMachine, Sut, Outcome>({
  machine: socialLoginMachine,
  input: { typeAuth: 'registration', returnTo: '/gamehall?x=1' },
  events: (snapshot) => [...fixtureEvents<SocialLoginEvent, Snapshot>(fixtures, snapshot), ...fixtureEvents<Outcome, Snapshot>(outcomes, snapshot)],
  filterEvents: (snapshot, event) => {
    if (snapshot.status !== 'active') return false
    if (isWindowEvent(event)) return snapshot.matches('waiting')
    if (!isOutcome(event)) return true
    if (event.type.endsWith('loadSettings')) return snapshot.matches('loading')
    return snapshot.matches('refreshing') || snapshot.matches('checking')
  },
  serializeState,
  createSut: startSut,
  gestures: dispatchGestures(gestures, outcomeGestures),
  check: (sut, { state, from, event }) => {
    const snapshot = sut.ref.getSnapshot()
    expect(serializeState(snapshot)).toBe(serializeState(state))
    const { broken, rule } = ruleCollector()
    const running = Object.keys(snapshot.children)
    rule('one actor at a time', running.length <= 1)
    rule('the window is watched exactly while waiting', running.includes('watchWindow') === snapshot.matches('waiting'))
    rule('buttons only when ready or waiting', selectSocialServices(snapshot).length > 0 === (snapshot.matches('ready') || snapshot.matches('waiting')))
    rule('busy while a window is out or checked', selectSocialBusy(snapshot) === (['waiting', 'refreshing', 'checking'] as const).some((s) => snapshot.matches(s)))
    rule('cancel only while waiting', selectCanCancelSocial(snapshot) === snapshot.matches('waiting'))
    rule('the active button is the chosen service', selectActiveService(snapshot) === (selectSocialBusy(snapshot) ? 'dev' : null))
    rule('data-state names the state', /^social\.[a-z]+$/.test(selectSocialDataState(snapshot)))

    const effects = sut.effects.splice(0)
    const types = effects.map((e) => e.type)
    if (from && event) {
      if (event.type === 'social.select' && snapshot.matches('waiting') && !from.matches('waiting')) {
        // SPEC §4, §7: the backUrl is kept, then the 640x480 window opens at /oauth/init.
        rule('select keeps backUrl then opens the window', same(types, ['rememberBackUrl', 'openWindow']))
        rule(
          'the window is 640x480 at /oauth/init with service, redirect_url and type_auth',
          same(effects[1]?.params, { url: '/oauth/init?service=dev&redirect_url=%2Fgamehall%3Fx%3D1&type_auth=registration', name: 'social-auth', width: 640, height: 480 }),
        )
        rule('the watched window is the chosen one', same(sut.window.inputs.at(-1), { service: 'dev' }))
      } else if (event.type === 'social.select') {
        rule('an unknown service opens nothing', types.length === 0)
      }
      if (snapshot.matches('success')) rule('success: session, analytics, popup, backUrl', same(types, ['setUser', 'trackLogin', 'closePopup', 'followBackUrl']))
      else if (snapshot.matches('completing')) rule('completing: session, analytics, popup, no navigation', same(types, ['setUser', 'trackLogin', 'closePopup']))
      else if (snapshot.matches('redirected')) rule('a blocked window runs the flow in this page', same(effects, [{ type: 'navigate', params: { url: '/oauth/init?service=dev&redirect_url=%2Fgamehall%3Fx%3D1&type_auth=registration' } }]))
      else if (event.type === 'popup.close') rule('close closes', same(effects, [{ type: 'closePopup', params: { reason: 'dismissed' } }]))
      else rule('no session effects elsewhere', !types.some((t) => ['setUser', 'closePopup', 'followBackUrl', 'navigate'].includes(t)))
      if (snapshot.matches('success') || snapshot.matches('completing')) {
        rule('tracked as sign-up exactly when the window made the account', (effects[1]?.params as { created: boolean }).created === snapshot.context.created)
      }
      // A failure reported by the window or the server is shown and tracked; a closed window is not.
      if (snapshot.matches('ready') && (from.matches('waiting') || from.matches('refreshing') || from.matches('checking'))) {
        const expectAlert = !(event.type === 'social.cancel' || (from.matches('checking') && event.type === 'xstate.done.actor.refreshUser'))
        rule('an alert exactly for failures', (snapshot.context.alert !== null) === expectAlert)
      }
      rule('only a rejection is reported', types.includes('reportError') === event.type.startsWith('xstate.error.'))
      if (from.matches('waiting') && !snapshot.matches('waiting')) rule('leaving waiting stops watching the window', sut.window.stopped > 0)
    }
    expect(broken).toEqual([])
  },
})

describeModel('socialLoginMachine', harness, { minShortestPaths: 8 })

describe('socialLoginMachine: rules (SPEC §4 Social login, §7)', () => {
  it('builds the window address with the three SPEC §7 parameters, encoded', () => {
    expect(socialInitUrl('dev', '/es/gamehall?a=1&b=2', 'login')).toBe('/oauth/init?service=dev&redirect_url=%2Fes%2Fgamehall%3Fa%3D1%26b%3D2&type_auth=login')
  })
  it('maps failure codes to what the player reads', () => {
    expect(socialMessageFor('access_denied')).toBe('cancelled')
    expect(socialMessageFor('account_blocked')).toBe('blocked')
    expect(socialMessageFor('invalid_id_token')).toBe('failed')
    expect(socialMessageFor(null)).toBe('failed')
  })
  it('a window that reports success but left no session is a failure the player sees', async () => {
    const sut = startSut()
    sut.settings.resolve({ ok: true, settings: { services: [dev], redirect_allowlist: [] } })
    await flush()
    sut.ref.send({ type: 'social.select', service: 'dev' })
    sut.window.sendBack?.({ type: 'social.window.result', result: { ok: true, created: false } })
    sut.refresh.resolve({ ok: true, account: { ...VISITOR } })
    await flush()
    expect(selectSocialAlert(sut.ref.getSnapshot())).toBe('failed')
    expect(selectSocialServices(sut.ref.getSnapshot())).toEqual([dev])
  })
  it('the default actor asks oauth/getsettings on the page\'s API client', async () => {
    const fetch = vi.fn(async (url: string | URL | Request) => {
      expect(String(url)).toContain('/api/oauth/getsettings')
      const error = { type: 'ApplicationUnavailableException', message: 'down', code: null }
      return new Response(JSON.stringify({ error }), { status: 503, headers: { 'content-type': 'application/json' } })
    })
    vi.stubGlobal('fetch', fetch)
    vi.stubGlobal('document', { documentElement: { lang: 'en' } })
    try {
      const bare = createActor(socialLoginMachine, { input: {} }).start()
      await vi.waitFor(() => expect(selectSocialDataState(bare.getSnapshot())).toBe('social.unavailable'))
      expect(fetch).toHaveBeenCalled()
    } finally {
      vi.unstubAllGlobals()
    }
  })
})
