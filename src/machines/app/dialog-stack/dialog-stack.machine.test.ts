import { describe, expect, it } from 'vitest'
import { createActor, type SnapshotFrom } from 'xstate'
import { ModelHarness, fixtureEvents, type GestureTable } from '../../testing/model'
import { askConfirm } from './dialog-stack.confirm'
import { dialogStackMachine } from './dialog-stack.machine'
import {
  burnBonusesDialog as burnBonuses,
  dialogStackSamples as fixtures,
  promoDialog as promo,
  registrationDialog as registration,
} from './dialog-stack.samples'
import { selectCanDismiss, selectIsScrollLocked, selectOpenDialogs, selectTopDialog } from './dialog-stack.selectors'
import type { Dialog, DialogRequest, DialogStackEmitted, DialogStackEvent } from './dialog-stack.types'
import { describeModel } from '../../testing/model-suite'

type Snapshot = SnapshotFrom<typeof dialogStackMachine>

/** A fake page: what the scroll-lock actions would do to document.body. */
interface Sut {
  actor: ReturnType<typeof start>
  page: { scrollLocked: boolean; locks: number; unlocks: number }
  resolved: DialogStackEmitted[]
}

function start() {
  const page = { scrollLocked: false, locks: 0, unlocks: 0 }
  const resolved: DialogStackEmitted[] = []
  const actor = createActor(
    dialogStackMachine.provide({
      actions: {
        lockScroll: () => {
          page.scrollLocked = true
          page.locks++
        },
        unlockScroll: () => {
          page.scrollLocked = false
          page.unlocks++
        },
      },
    }),
  )
  actor.on('dialog.confirm.resolved', (event) => resolved.push(event))
  actor.start()
  return Object.assign(actor, { page, resolved })
}

function createSut(): Sut {
  const actor = start()
  return { actor, page: actor.page, resolved: actor.resolved }
}

// How each event happens on a page. On the machine they are all sends; the comments are the gesture
// the view test maps each to.
const gestures = {
  'dialog.open': (sut, event) => sut.actor.send(event), // a route guard, query flag or button
  'dialog.close': (sut, event) => sut.actor.send(event), // the close button, or code with immediate
  'dialog.closeTop': (sut, event) => sut.actor.send(event), // Escape or a click on the overlay
  'dialog.confirm.answer': (sut, event) => sut.actor.send(event), // agree or reject button
  'app.hydrated': (sut, event) => sut.actor.send(event), // the browser took over the SSR page
} satisfies GestureTable<DialogStackEvent, Sut, Snapshot>

const all = (s: { context: { stack: readonly Dialog[]; queue: readonly Dialog[] } }) => [
  ...s.context.stack,
  ...s.context.queue,
]

const harness = new ModelHarness({
  machine: dialogStackMachine,
  events: (snapshot) => fixtureEvents(fixtures, snapshot),
  createSut,
  gestures: (sut, event, from) => (gestures[event.type] as (s: Sut, e: DialogStackEvent, f: Snapshot) => void)(sut, event, from),
  check: (sut, { state, from, event }) => {
    const snapshot = sut.actor.getSnapshot()
    expect(snapshot.value).toEqual(state.value)
    expect(snapshot.context).toEqual(state.context)

    const { stack, queue } = state.context
    // SPEC §4: scroll is locked while a dialog is open and unlocked when none is left.
    expect(sut.page.scrollLocked).toBe(stack.length > 0)
    expect(state.matches('idle')).toBe(stack.length === 0)
    // Queued dialogs only ever wait behind an open one.
    if (stack.length === 0) expect(queue).toEqual([])
    expect(new Set(all(state).map((d) => d.id)).size).toBe(all(state).length)

    const settled = sut.resolved.splice(0)
    if (!from || !event) return expect(settled).toEqual([])

    const remaining = new Set(all(state).map((d) => d.id))
    const gone = all(from).filter((d) => !remaining.has(d.id))
    expect(gone.length).toBeLessThanOrEqual(1)
    for (const dialog of gone) {
      // preventClose holds unless the close is immediate (or the confirm itself is answered).
      if (dialog.preventClose) {
        expect(
          (event.type === 'dialog.close' && event.immediate === true) || event.type === 'dialog.confirm.answer',
        ).toBe(true)
      }
      // Escape and overlay only ever close the top dialog.
      if (event.type === 'dialog.closeTop') expect(dialog).toEqual(from.context.stack.at(-1))
    }
    // A confirm settles exactly once when it goes: true only from the agree button.
    expect(settled).toEqual(
      gone
        .filter((d) => d.kind === 'confirm')
        .map((d) => ({
          type: 'dialog.confirm.resolved',
          id: d.id,
          answer: event.type === 'dialog.confirm.answer' && event.answer,
        })),
    )
    // A queued open never changes what the player sees while something is open.
    if (event.type === 'dialog.open' && event.queue && from.context.stack.length > 0) {
      expect(stack).toEqual(from.context.stack)
    }
  },
})

describeModel('dialogStackMachine', harness, { minShortestPaths: 10 })

describe('dialogStackMachine (rules of SPEC §4 Dialog stack, §2.4)', () => {
  const open = (dialog: DialogRequest, queue = false): DialogStackEvent => ({ type: 'dialog.open', dialog, queue })

  it('locks scroll on the first open and unlocks only when the last dialog closes', () => {
    const actor = start()
    actor.send(open(promo))
    actor.send(open(burnBonuses))
    expect(actor.page).toEqual({ scrollLocked: true, locks: 1, unlocks: 0 })
    actor.send({ type: 'dialog.closeTop' })
    expect(actor.page).toEqual({ scrollLocked: true, locks: 1, unlocks: 0 })
    actor.send({ type: 'dialog.close', id: 'promo' })
    expect(actor.page).toEqual({ scrollLocked: false, locks: 1, unlocks: 1 })
    expect(selectIsScrollLocked(actor.getSnapshot())).toBe(false)
  })

  it('refuses to close a preventClose dialog unless the close is immediate', () => {
    const actor = start()
    actor.send(open(registration))
    actor.send({ type: 'dialog.closeTop' })
    actor.send({ type: 'dialog.close', id: 'reg' })
    expect(selectTopDialog(actor.getSnapshot())?.id).toBe('reg')
    expect(selectCanDismiss('reg')(actor.getSnapshot())).toBe(false)
    actor.send({ type: 'dialog.close', id: 'reg', immediate: true })
    expect(selectOpenDialogs(actor.getSnapshot())).toEqual([])
    expect(actor.page.scrollLocked).toBe(false)
  })

  it('shows a queued dialog after the open one closes, without unlocking in between', () => {
    const actor = start()
    actor.send(open(promo))
    actor.send(open(burnBonuses, true))
    expect(selectOpenDialogs(actor.getSnapshot()).map((d) => d.id)).toEqual(['promo'])
    actor.send({ type: 'dialog.closeTop' })
    expect(selectOpenDialogs(actor.getSnapshot()).map((d) => d.id)).toEqual(['ask'])
    expect(actor.page).toEqual({ scrollLocked: true, locks: 1, unlocks: 0 })
  })

  it('opens a queued dialog at once when nothing is open', () => {
    const actor = start()
    actor.send(open(promo, true))
    expect(selectTopDialog(actor.getSnapshot())?.id).toBe('promo')
  })

  it('queues in order: the SPEC §4 registration sequence shows one popup after another', () => {
    const actor = start()
    const kinds = ['confirm-email', 'cashback-unseen', 'campaign'] as const
    for (const kind of kinds) actor.send(open({ id: kind, kind }, true))
    const shown: string[] = []
    while (selectTopDialog(actor.getSnapshot())) {
      shown.push(selectTopDialog(actor.getSnapshot())!.id)
      actor.send({ type: 'dialog.closeTop' })
    }
    expect(shown).toEqual([...kinds])
    expect(actor.page).toEqual({ scrollLocked: false, locks: 1, unlocks: 1 })
  })

  it('ignores a second open of the same id', () => {
    const actor = start()
    actor.send(open(promo))
    actor.send(open(promo))
    actor.send(open(promo, true))
    expect(actor.getSnapshot().context).toEqual({
      stack: [{ id: 'promo', kind: 'promo-activated', props: {}, preventClose: false }],
      queue: [],
    })
  })

  it.each([
    ['agree', true, { type: 'dialog.confirm.answer', id: 'ask', answer: true }],
    ['reject', false, { type: 'dialog.confirm.answer', id: 'ask', answer: false }],
    ['overlay click', false, { type: 'dialog.closeTop' }],
    ['Escape', false, { type: 'dialog.closeTop' }],
    ['a close by code', false, { type: 'dialog.close', id: 'ask' }],
  ] as const)('a confirm closed by %s resolves %s through resolveConfirm', (_, answer, event) => {
    const calls: unknown[] = []
    const actor = createActor(
      dialogStackMachine.provide({ actions: { resolveConfirm: (_, params) => calls.push(params) } }),
    ).start()
    actor.send(open(burnBonuses))
    actor.send(event)
    expect(calls).toEqual([{ id: 'ask', answer }])
    expect(selectTopDialog(actor.getSnapshot())).toBeUndefined()
  })

  it('askConfirm settles the caller promise with the answer', async () => {
    const actor = start()
    const agreed = askConfirm(actor, { id: 'a', props: burnBonuses.props })
    expect(selectTopDialog(actor.getSnapshot())?.kind).toBe('confirm')
    actor.send({ type: 'dialog.confirm.answer', id: 'a', answer: true })
    await expect(agreed).resolves.toBe(true)

    const escaped = askConfirm(actor, { props: burnBonuses.props }, () => 'b')
    actor.send({ type: 'dialog.closeTop' })
    await expect(escaped).resolves.toBe(false)
  })

  it('askConfirm answers false if the dialog stack stops first', async () => {
    const actor = start()
    const answer = askConfirm(actor, { id: 'c', props: burnBonuses.props })
    actor.stop()
    await expect(answer).resolves.toBe(false)
  })

  it('re-applies the scroll lock when the browser takes over a server-rendered open dialog', () => {
    const server = start()
    server.send(open(registration))
    const persisted = JSON.parse(JSON.stringify(server.getPersistedSnapshot()))
    server.stop()

    const page = { locked: false }
    const browser = createActor(
      dialogStackMachine.provide({ actions: { lockScroll: () => void (page.locked = true) } }),
      { snapshot: persisted },
    ).start()
    expect(selectTopDialog(browser.getSnapshot())?.id).toBe('reg')
    expect(page.locked).toBe(false) // restoring runs no entry actions
    browser.send({ type: 'app.hydrated' })
    expect(page.locked).toBe(true)
  })
})
