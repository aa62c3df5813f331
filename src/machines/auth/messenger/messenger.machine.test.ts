import { describe, expect, it } from 'vitest'
import { createActor, type SnapshotFrom } from 'xstate'
import { ModelHarness, fixtureEvents, type GestureTable, dispatchGestures, ruleCollector } from '../../testing/model'
import { messengerMachine } from './messenger.machine'
import { SIGNATURE, banned, expired, expectedLaunch, invalid, launchHash, messengerOutcomes, messengerSamples, player, type MessengerOutcome } from './messenger.samples'
import { messengerMessageFor, readMessengerLaunch } from './messenger.rules'
import { selectIsSigningIn, selectMessengerOutcome } from './messenger.selectors'
import type { MessengerActionParams, MessengerEvent, SignInInput, SignInResult } from './messenger.types'
import { controllable, settleGestures } from '../../testing/controllable'
import { describeModel } from '../../testing/model-suite'

type Snapshot = SnapshotFrom<typeof messengerMachine>

// ── fixtures of the world ────────────────────────────────────────────────────

// ── the system under test ────────────────────────────────────────────────────

type Effect = { [K in keyof MessengerActionParams]: { type: K; params: MessengerActionParams[K] } }[keyof MessengerActionParams]

function startSut() {
  const signIn = controllable<SignInInput, SignInResult>()
  const effects: Effect[] = []
  const record =
    <K extends keyof MessengerActionParams>(type: K) =>
    (_: unknown, params: MessengerActionParams[K]) =>
      void effects.push({ type, params } as Effect)
  const ref = createActor(
    messengerMachine.provide({
      actions: { setUser: record('setUser'), trackSignIn: record('trackSignIn'), showErrorToast: record('showErrorToast'), reportError: record('reportError') },
      actors: { signIn: signIn.actor },
    }),
  ).start()
  return { ref, signIn, effects }
}
type Sut = ReturnType<typeof startSut>

// ── model ────────────────────────────────────────────────────────────────────

const fixtures = messengerSamples
type Outcome = MessengerOutcome
const outcomes = messengerOutcomes

const gestures = {
  'messenger.check': (sut, event) => sut.ref.send(event), // the page hydrated and looked at its URL
} satisfies GestureTable<MessengerEvent, Sut, Snapshot>
const outcomeGestures = {
  ...settleGestures('signIn', (sut: Sut) => sut.signIn),
} satisfies GestureTable<Outcome, Sut, Snapshot>
const isOutcome = (event: { type: string }): event is Outcome => event.type in outcomes

const serializeState = (s: Snapshot) =>
  JSON.stringify({ value: s.value, launch: s.context.launch !== null, failure: s.context.failure?.code ?? null, account: s.context.account?.uid ?? null })
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

const harness = new ModelHarness<typeof messengerMachine, Sut, Outcome>({
  machine: messengerMachine,
  events: (snapshot) => [...fixtureEvents<MessengerEvent, Snapshot>(fixtures, snapshot), ...fixtureEvents<Outcome, Snapshot>(outcomes, snapshot)],
  filterEvents: (snapshot, event) => snapshot.status === 'active' && isOutcome(event) === snapshot.matches('signingIn'),
  serializeState,
  createSut: startSut,
  gestures: dispatchGestures(gestures, outcomeGestures),
  check: (sut, { state, from, event }) => {
    const snapshot = sut.ref.getSnapshot()
    expect(serializeState(snapshot)).toBe(serializeState(state))
    const { broken, rule } = ruleCollector()
    const running = Object.keys(snapshot.children)
    rule('busy exactly while signing in', selectIsSigningIn(snapshot) === (running.length === 1))
    rule('outcome names the state', selectMessengerOutcome(snapshot) === (snapshot.matches('signingIn') ? 'signingIn' : snapshot.status === 'done' ? String(snapshot.value) : 'pending'))
    // The init data is held only while it is being sent.
    rule('launch only while signing in', (snapshot.context.launch !== null) === snapshot.matches('signingIn'))

    const effects = sut.effects.splice(0)
    const types = effects.map((e) => e.type)
    if (from && event && !isOutcome(event)) {
      // SPEC §4: only a logged-out visitor with init data in the hash sends anything, and it sends
      // is_tg, id, username, hash, language_code and payload.
      const sends = !event.loggedIn && readMessengerLaunch(event.hash) !== null
      rule('signs in only when logged out with a launch', snapshot.matches('signingIn') === sends)
      if (sends) rule('sends the SPEC §4 fields', same(sut.signIn.calls.at(-1), expectedLaunch))
      rule('a check has no side effects', types.length === 0)
    }
    if (from && event && isOutcome(event)) {
      if (snapshot.matches('signedIn')) {
        rule('signed in: user set, then analytics', same(effects, [
          { type: 'setUser', params: { account: player } },
          { type: 'trackSignIn', params: { uid: player.uid } },
        ]))
      } else {
        // SPEC §8: every failure shows one error toast, and never sets a user.
        const toast = effects.filter((e) => e.type === 'showErrorToast')
        rule('failure shows one toast', toast.length === 1)
        rule('failure sets no user', !types.includes('setUser'))
        const expectedId = event.type === 'xstate.done.actor.signIn' && !event.output.ok ? messengerMessageFor(event.output.error) : 'messengerFailed'
        rule('toast text follows the code', same(toast[0]?.params.messageId, expectedId))
        rule('a crash is reported', types.includes('reportError') === (event.type === 'xstate.error.actor.signIn'))
      }
    }
    expect(broken).toEqual([])
  },
})

describeModel('messengerMachine', harness, { minShortestPaths: 4 })

describe('messenger rules (SPEC §4, §8)', () => {
  it('reads the launch from the hash the messenger opens the site with', () => {
    expect(readMessengerLaunch(launchHash)).toEqual(expectedLaunch)
    expect(readMessengerLaunch(launchHash.slice(1))).toEqual(expectedLaunch)
  })

  it('leaves out username and language_code when the user has none', () => {
    const bare = new URLSearchParams({ user: JSON.stringify({ id: 7 }), auth_date: '1', hash: SIGNATURE }).toString()
    expect(readMessengerLaunch(`#tgWebAppData=${encodeURIComponent(bare)}`)).toEqual({ is_tg: true, id: '7', hash: SIGNATURE, payload: bare })
  })

  it.each([
    ['no hash at all', ''],
    ['another fragment', '#reset_token=abc'],
    ['no signature', `#tgWebAppData=${encodeURIComponent('user=%7B%22id%22%3A1%7D&auth_date=1')}`],
    ['a short signature', `#tgWebAppData=${encodeURIComponent(`user=%7B%22id%22%3A1%7D&hash=${'a'.repeat(10)}`)}`],
    ['user is not JSON', `#tgWebAppData=${encodeURIComponent(`user=nope&hash=${SIGNATURE}`)}`],
    ['user without an id', `#tgWebAppData=${encodeURIComponent(`user=%7B%7D&hash=${SIGNATURE}`)}`],
    ['an id that is not a positive number', `#tgWebAppData=${encodeURIComponent(`user=%7B%22id%22%3A-4%7D&hash=${SIGNATURE}`)}`],
  ])('reads nothing from %s', (_, hash) => {
    expect(readMessengerLaunch(hash)).toBeNull()
  })

  it('picks the toast by code', () => {
    expect(messengerMessageFor(expired.error)).toBe('messengerExpired')
    expect(messengerMessageFor(invalid.error)).toBe('messengerInvalid')
    expect(messengerMessageFor(banned.error)).toBe('messengerFailed')
    expect(messengerMessageFor(null)).toBe('messengerFailed')
  })
})
