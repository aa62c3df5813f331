import { describe, expect, it } from 'vitest'
import { createActor, type SnapshotFrom } from 'xstate'
import { dialogStackMachine } from '../../app/dialog-stack/dialog-stack.machine'
import { recordCoverage } from '../../testing/coverage'
import { ModelHarness, fixtureEvents, type GestureTable } from '../../testing/model'
import { describeModel } from '../../testing/model-suite'
import { AUTH_DIALOG_ID } from '../auth-popup/auth-popup.ids'
import { socialRegistrationPromptMachine } from './social-registration-prompt.machine'
import { facts, socialRegistrationPromptSamples } from './social-registration-prompt.samples'
import { selectPromptAsked } from './social-registration-prompt.selectors'
import type { SocialRegistrationPromptEvent } from './social-registration-prompt.types'

type Snapshot = SnapshotFrom<typeof socialRegistrationPromptMachine>

function startSut() {
  const dialogs = createActor(dialogStackMachine).start()
  const ref = createActor(socialRegistrationPromptMachine, { input: { dialogs } })
  recordCoverage(ref)
  ref.start()
  return { ref, dialogs }
}
type Sut = ReturnType<typeof startSut>
const authDialogs = (sut: Sut) => sut.dialogs.getSnapshot().context.stack.filter((d) => d.id === AUTH_DIALOG_ID)

const fixtures = socialRegistrationPromptSamples

const gestures = {
  'prompt.facts': (sut, event) => sut.ref.send(event), // the session or the dialog stack changed
} satisfies GestureTable<SocialRegistrationPromptEvent, Sut, Snapshot>

const harness = new ModelHarness<typeof socialRegistrationPromptMachine, Sut, never>({
  machine: socialRegistrationPromptMachine,
  input: { dialogs: createActor(dialogStackMachine) },
  events: (snapshot) => fixtureEvents<SocialRegistrationPromptEvent, Snapshot>(fixtures, snapshot),
  createSut: startSut,
  gestures: (sut, event, from) => (gestures[event.type] as (s: Sut, e: SocialRegistrationPromptEvent, f: Snapshot) => void)(sut, event, from),
  check: (sut, { state, from, event }) => {
    const snapshot = sut.ref.getSnapshot()
    expect(snapshot.value).toEqual(state.value)
    // Once per page: the popup was opened exactly when the prompt has asked.
    expect(authDialogs(sut).length).toBe(selectPromptAsked(snapshot) ? 1 : 0)
    if (!from || !event) return
    const opens = !selectPromptAsked(from) && event.loggedIn && !event.completed && !event.authOpen
    expect(selectPromptAsked(snapshot)).toBe(selectPromptAsked(from) || opens)
  },
})

describeModel('socialRegistrationPromptMachine', harness, { minShortestPaths: 0 })

describe('socialRegistrationPromptMachine (SPEC §2.3)', () => {
  it('opens completion for a logged-in account not completed, once the auth popup is closed', () => {
    const sut = startSut()
    sut.ref.send(facts(false, false, false)) // a visitor
    sut.ref.send(facts(true, false, true)) // logged in by a social login, popup still open
    expect(authDialogs(sut)).toEqual([])
    sut.ref.send(facts(true, false, false)) // the popup closed
    expect(authDialogs(sut)).toEqual([expect.objectContaining({ kind: 'auth', props: { view: 'socialRegistration' } })])
  })

  it('asks once per page: closing it does not reopen it', () => {
    const sut = startSut()
    sut.ref.send(facts(true, false, false))
    sut.dialogs.send({ type: 'dialog.close', id: AUTH_DIALOG_ID, immediate: true })
    sut.ref.send(facts(true, false, false))
    expect(authDialogs(sut)).toEqual([])
  })

  it('never asks a completed account', () => {
    const sut = startSut()
    sut.ref.send(facts(true, true, false))
    expect(selectPromptAsked(sut.ref.getSnapshot())).toBe(false)
  })
})
