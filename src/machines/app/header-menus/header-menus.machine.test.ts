import { describe, expect, it } from 'vitest'
import { createActor, type SnapshotFrom } from 'xstate'
import { ModelHarness, fixtureEvents, type GestureTable } from '../../testing/model'
import { describeModel } from '../../testing/model-suite'
import { headerMenusMachine } from './header-menus.machine'
import { headerMenusSamples as fixtures } from './header-menus.samples'
import { selectIsMenuOpen, selectOpenMenu } from './header-menus.selectors'
import { HEADER_MENUS, type HeaderMenusEvent } from './header-menus.types'

type Snapshot = SnapshotFrom<typeof headerMenusMachine>
type Sut = ReturnType<typeof startSut>

function startSut() {
  return createActor(headerMenusMachine).start()
}

const gestures = {
  'menu.toggle': (sut, event) => sut.send(event), // the balance or the avatar button in the header
  'menu.close': (sut, event) => sut.send(event), // Escape, a click or focus outside, a link chosen, a navigation
} satisfies GestureTable<HeaderMenusEvent, Sut, Snapshot>

const harness = new ModelHarness({
  machine: headerMenusMachine,
  events: (snapshot) => fixtureEvents(fixtures, snapshot),
  createSut: startSut,
  gestures: (sut, event, from) => (gestures[event.type] as (s: Sut, e: HeaderMenusEvent, f: Snapshot) => void)(sut, event, from),
  check: (sut, { state, from, event }) => {
    const snapshot = sut.getSnapshot()
    expect(snapshot.value).toEqual(state.value)
    // At most one menu is open, and the selectors agree with each other.
    const open = HEADER_MENUS.filter((menu) => selectIsMenuOpen(menu)(snapshot))
    expect(open.length).toBeLessThanOrEqual(1)
    expect(selectOpenMenu(snapshot)).toBe(open[0] ?? null)
    if (!from || !event) return
    if (event.type === 'menu.close') expect(selectOpenMenu(snapshot)).toBeNull()
    // A trigger opens its menu, or closes it when it was the open one.
    if (event.type === 'menu.toggle') expect(selectOpenMenu(snapshot)).toBe(selectOpenMenu(from) === event.menu ? null : event.menu)
  },
})

describeModel('headerMenusMachine', harness, { minShortestPaths: 1 })

describe('headerMenusMachine (rules)', () => {
  it('swaps the balance breakdown for the account menu in one step', () => {
    const actor = startSut()
    actor.send({ type: 'menu.toggle', menu: 'balance' })
    actor.send({ type: 'menu.toggle', menu: 'account' })
    expect(selectOpenMenu(actor.getSnapshot())).toBe('account')
    expect(selectIsMenuOpen('balance')(actor.getSnapshot())).toBe(false)
  })

  it('a close with nothing open changes nothing', () => {
    const actor = startSut()
    actor.send({ type: 'menu.close' })
    expect(selectOpenMenu(actor.getSnapshot())).toBeNull()
  })
})
