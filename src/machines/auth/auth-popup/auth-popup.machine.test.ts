import { describe, expect, it } from 'vitest'
import { createActor, type SnapshotFrom } from 'xstate'
import { ModelHarness, fixtureEvents, type GestureTable } from '../../testing/model'
import { describeModel } from '../../testing/model-suite'
import { recordCoverage } from '../../testing/coverage'
import { authPopupMachine } from './auth-popup.machine'
import { authPopupSamples } from './auth-popup.samples'
import { selectAuthPopupView, selectCanGo, shownAuthView } from './auth-popup.selectors'
import type { AuthPopupEvent, AuthPopupInput, AuthPopupView } from './auth-popup.types'

type Snapshot = SnapshotFrom<typeof authPopupMachine>

function startSut(input: AuthPopupInput) {
  const ref = createActor(authPopupMachine, { input })
  recordCoverage(ref)
  return ref.start()
}
type Sut = ReturnType<typeof startSut>

const fixtures = authPopupSamples

const send = (sut: Sut, event: AuthPopupEvent) => sut.send(event)
const gestures = {
  'popup.login': send, // 'Log in' under the sign-up form, 'Back to log in' under the reset form
  'popup.registration': send, // 'Create an account' under the login form
  'popup.restore': send, // 'Forgot your password?' under the login form
} satisfies GestureTable<AuthPopupEvent, Sut, Snapshot>

/** SPEC §2.3: where each link leads, and from which views it is offered. */
const LINKS: Record<AuthPopupEvent['type'], { from: readonly AuthPopupView[]; to: AuthPopupView }> = {
  'popup.login': { from: ['registration', 'restore'], to: 'authorization' },
  'popup.registration': { from: ['authorization'], to: 'registration' },
  'popup.restore': { from: ['authorization'], to: 'restore' },
}

const harnessFor = (input: AuthPopupInput) =>
  new ModelHarness<typeof authPopupMachine, Sut, never>({
    machine: authPopupMachine,
    input,
    events: (snapshot) => fixtureEvents<AuthPopupEvent, Snapshot>(fixtures, snapshot),
    createSut: () => startSut(input),
    gestures: (sut, event, from) => (gestures[event.type] as (s: Sut, e: AuthPopupEvent, f: Snapshot) => void)(sut, event, from),
    check: (sut, { state, from, event }) => {
      const snapshot = sut.getSnapshot()
      expect(snapshot.value).toEqual(state.value)
      for (const [type, link] of Object.entries(LINKS)) {
        expect(selectCanGo(type as AuthPopupEvent['type'])(snapshot), `${type} offered`).toBe(link.from.includes(selectAuthPopupView(snapshot)))
      }
      if (!from || !event) return
      const link = LINKS[event.type]
      const before = selectAuthPopupView(from)
      expect(selectAuthPopupView(snapshot)).toBe(link.from.includes(before) ? link.to : before)
    },
  })

describeModel(
  'authPopupMachine',
  {
    'opened for login': harnessFor({ view: 'authorization' }),
    'opened for sign-up': harnessFor({ view: 'registration' }),
    'opened for the reset': harnessFor({ view: 'restore' }),
    'opened for social completion': harnessFor({ view: 'socialRegistration' }),
  },
  { minShortestPaths: { 'opened for login': 1, 'opened for sign-up': 0, 'opened for the reset': 0, 'opened for social completion': 0 }, reach: 'together' },
)

describe('authPopupMachine (SPEC §2.3)', () => {
  it.each([
    ['registration', 'registration'],
    ['restore', 'restore'],
    ['socialRegistration', 'socialRegistration'],
    ['authorization', 'authorization'],
    // twofa is the login flow's step: asked for by itself, the login view opens.
    ['twofa', 'authorization'],
    [undefined, 'authorization'],
    [42, 'authorization'],
  ] as const)('opened with view %s shows %s', (view, shown) => {
    expect(selectAuthPopupView(startSut({ view }).getSnapshot())).toBe(shown)
  })

  it('shows the login flow’s twofa step in place of the login view only', () => {
    expect(shownAuthView('authorization', 'twofa')).toBe('twofa')
    expect(shownAuthView('authorization', 'form')).toBe('authorization')
    expect(shownAuthView('registration', 'twofa')).toBe('registration')
  })

  it('social completion offers no link away', () => {
    const sut = startSut({ view: 'socialRegistration' })
    for (const type of ['popup.login', 'popup.registration', 'popup.restore'] as const) sut.send({ type })
    expect(selectAuthPopupView(sut.getSnapshot())).toBe('socialRegistration')
  })
})
