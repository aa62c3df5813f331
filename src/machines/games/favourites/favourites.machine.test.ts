import { describe, expect, it } from 'vitest'
import { createActor, type SnapshotFrom } from 'xstate'
import { recordCoverage } from '../../testing/coverage'
import { controllable, flush, settleGestures } from '../../testing/controllable'
import { dispatchGestures, fixtureEvents, ModelHarness, ruleCollector, type GestureTable } from '../../testing/model'
import { describeModel } from '../../testing/model-suite'
import { favouritesMachine } from './favourites.machine'
import { isLiked, shownLikes } from './favourites.rules'
import { favouritesOutcomes, favouritesSamples, type FavouritesOutcome } from './favourites.samples'
import { selectIsFavourite, selectRefused } from './favourites.selectors'
import { FAVOURITES_NEED_LOGIN, FAVOURITES_REFUSED, type FavouritesEvent, type FavouritesInput, type FavouritesResult, type SaveLikeInput } from './favourites.types'

type Snapshot = SnapshotFrom<typeof favouritesMachine>

function startSut(input: FavouritesInput) {
  const load = controllable<unknown, FavouritesResult>()
  const save = controllable<SaveLikeInput, FavouritesResult>()
  const asked: string[] = []
  const refusals: { sysname: string; title: string }[] = []
  const ref = createActor(favouritesMachine.provide({ actors: { loadLikes: load.actor, saveLike: save.actor } }), { input })
  ref.on(FAVOURITES_NEED_LOGIN, (e) => void asked.push(e.type))
  ref.on(FAVOURITES_REFUSED, ({ sysname, title }) => void refusals.push({ sysname, title }))
  ref.start()
  return { ref, load, save, asked, refusals }
}
type Sut = ReturnType<typeof startSut>

const send = (sut: Sut, e: FavouritesEvent) => sut.ref.send(e)
const gestures = {
  'favourites.toggle': send, // the heart on a card
  'favourites.retry': send,
  'session.change': send, // the root actor tells a login or logout
} satisfies GestureTable<FavouritesEvent, Sut, Snapshot>
const outcomeGestures = {
  ...settleGestures('loadLikes', (sut: Sut) => sut.load),
  ...settleGestures('saveLike', (sut: Sut) => sut.save),
} satisfies GestureTable<FavouritesOutcome, Sut, Snapshot>
const isOutcome = (e: { type: string }): e is FavouritesOutcome => e.type in favouritesOutcomes

const serializeState = (s: Snapshot) => JSON.stringify({ value: s.value, saved: s.context.saved, queue: s.context.queue, refused: s.context.refused })

function harnessFor(input: FavouritesInput) {
  return new ModelHarness<typeof favouritesMachine, Sut, FavouritesOutcome>({
    machine: favouritesMachine,
    input,
    events: (s) => [...fixtureEvents<FavouritesEvent, Snapshot>(favouritesSamples, s), ...fixtureEvents<FavouritesOutcome, Snapshot>(favouritesOutcomes, s)],
    filterEvents: (s, e) => {
      if (isOutcome(e)) return (e.type.includes('loadLikes') ? 'loadLikes' : 'saveLike') in s.children
      // Three taps waiting is as far as the graph needs to go.
      if (e.type === 'favourites.toggle' && s.context.queue.length >= 2) return false
      return s.can(e)
    },
    serializeState,
    createSut: () => startSut(input),
    gestures: dispatchGestures(gestures, outcomeGestures),
    check: (sut, { state }) => {
      const s = sut.ref.getSnapshot()
      expect(serializeState(s)).toBe(serializeState(state))
      const { broken, rule } = ruleCollector()
      rule('a visitor has no favourites', !s.matches('visitor') || (s.context.saved.length === 0 && s.context.queue.length === 0))
      rule('sends the first tap waiting', !('saveLike' in s.children) || JSON.stringify(sut.save.calls.at(-1)) === JSON.stringify(s.context.queue[0]))
      rule('a game is listed once', new Set(shownLikes(s.context.saved, s.context.queue)).size === shownLikes(s.context.saved, s.context.queue).length)
      // Taps while the likes are read wait for them.
      rule('nothing waits while nothing is sent', s.context.queue.length === 0 || 'saveLike' in s.children || s.matches({ player: 'next' }) || s.matches({ player: 'loading' }))
      rule('a failed read keeps no tap', !s.matches({ player: 'loadFailed' }) || s.context.queue.length === 0)
      expect(broken).toEqual([])
    },
  })
}

describeModel(
  'favouritesMachine',
  { 'a player': harnessFor({ loggedIn: true }), 'a visitor': harnessFor({ loggedIn: false }) },
  { minShortestPaths: { 'a player': 10, 'a visitor': 5 }, timeoutMs: 120_000, reach: 'together' },
)

describe('favourites', () => {
  it('shows a tap at once, sends taps in order, and puts back the one the server refuses', async () => {
    const sut = startSut({ loggedIn: true })
    recordCoverage(sut.ref)
    sut.load.resolve({ ok: true, likes: ['aurora-lanterns'] })
    await flush()
    sut.ref.send({ type: 'favourites.toggle', sysname: 'dice-classic', title: 'Dice' })
    sut.ref.send({ type: 'favourites.toggle', sysname: 'aurora-lanterns' })
    const snap = () => sut.ref.getSnapshot()
    expect(selectIsFavourite('dice-classic')(snap())).toBe(true)
    expect(selectIsFavourite('aurora-lanterns')(snap())).toBe(false)
    expect(sut.save.calls).toEqual([{ sysname: 'dice-classic', like: true, title: 'Dice' }])
    sut.save.resolve({ ok: false, code: 'unknown_game' })
    await flush()
    expect(selectIsFavourite('dice-classic')(snap())).toBe(false)
    expect(selectRefused(snap())).toBe('dice-classic')
    // Told once, with the card's title, for the page to say so.
    expect(sut.refusals).toEqual([{ sysname: 'dice-classic', title: 'Dice' }])
    expect(sut.save.calls.at(-1)).toEqual({ sysname: 'aurora-lanterns', like: false })
    sut.save.resolve({ ok: true, likes: [] })
    await flush()
    expect(snap().matches({ player: 'ready' })).toBe(true)
    expect(isLiked(snap().context, 'aurora-lanterns')).toBe(false)
  })

  it('asks a visitor to log in, and reads the list once they do', () => {
    const sut = startSut({ loggedIn: false })
    sut.ref.send({ type: 'favourites.toggle', sysname: 'dice-classic' })
    expect(sut.asked).toEqual([FAVOURITES_NEED_LOGIN])
    expect(sut.save.calls).toHaveLength(0)
    sut.ref.send({ type: 'session.change', loggedIn: true })
    expect(sut.load.calls).toHaveLength(1)
  })
})
