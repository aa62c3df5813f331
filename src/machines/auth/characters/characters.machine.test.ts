import { describe, expect, it, vi } from 'vitest'
import { createActor, type SnapshotFrom } from 'xstate'
import type { ApiClient } from '../../../services/api/client'
import { createApiClient } from '../../../services/api/client'
import { recordCoverage } from '../../testing/coverage'
import { controllable, flush, settleGestures } from '../../testing/controllable'
import { ModelHarness, fixtureEvents, type GestureTable } from '../../testing/model'
import { describeModel } from '../../testing/model-suite'
import { charactersMachine } from './characters.machine'
import { NOVA, ORION, charactersOutcomes, type CharactersOutcome } from './characters.samples'
import { selectCharacters } from './characters.selectors'
import type { LoadCharactersInput, LoyaltyCharacter } from './characters.types'

type Snapshot = SnapshotFrom<typeof charactersMachine>

const api = {} as ApiClient

function startSut() {
  const load = controllable<LoadCharactersInput, readonly LoyaltyCharacter[]>()
  const ref = createActor(charactersMachine.provide({ actors: { loadCharacters: load.actor } }), { input: { api } })
  recordCoverage(ref)
  ref.start()
  return { ref, load }
}
type Sut = ReturnType<typeof startSut>

type Outcome = CharactersOutcome
const outcomes = charactersOutcomes

const outcomeGestures = {
  ...settleGestures('loadCharacters', (sut: Sut) => sut.load),
} satisfies GestureTable<Outcome, Sut, Snapshot>

const harness = new ModelHarness<typeof charactersMachine, Sut, Outcome>({
  machine: charactersMachine,
  input: { api },
  events: (snapshot) => fixtureEvents<Outcome, Snapshot>(outcomes, snapshot),
  filterEvents: (snapshot) => snapshot.children.loadCharacters !== undefined,
  serializeState: (s) => JSON.stringify({ value: s.value, characters: s.context.characters.length }),
  createSut: startSut,
  gestures: (sut, event, from) => {
    const outcome = event as Outcome
    return (outcomeGestures[outcome.type] as (s: Sut, e: Outcome, f: Snapshot) => Promise<void>)(sut, outcome, from)
  },
  check: (sut, { state }) => {
    const snapshot = sut.ref.getSnapshot()
    expect(snapshot.value).toEqual(state.value)
    expect(selectCharacters(snapshot)).toEqual(state.matches('ready') ? state.context.characters : [])
    // SPEC §2.3: the list is asked for once.
    expect(sut.load.calls).toEqual([{ api }])
  },
})

describeModel('charactersMachine', harness, { minShortestPaths: 1 })

describe('charactersMachine (SPEC §2.3 character select)', () => {
  it('offers the characters in the order the server lists them', async () => {
    const sut = startSut()
    expect(selectCharacters(sut.ref.getSnapshot())).toEqual([])
    sut.load.resolve([ORION, NOVA])
    await flush()
    expect(selectCharacters(sut.ref.getSnapshot())).toEqual([ORION, NOVA])
  })

  it('a failed load hides the picker with a warning, not an error', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const sut = startSut()
    sut.load.reject(new Error('network down'))
    await flush()
    expect(sut.ref.getSnapshot().matches('none')).toBe(true)
    expect(selectCharacters(sut.ref.getSnapshot())).toEqual([])
    expect(warn).toHaveBeenCalledOnce()
    warn.mockRestore()
  })

  it('the default actor asks the API for loyalty/getcharacters', async () => {
    const fetch = vi.fn(async (url: string | URL | Request) => {
      expect(String(url)).toContain('/api/loyalty/getcharacters')
      return new Response(JSON.stringify({ data: [NOVA] }), { status: 200, headers: { 'content-type': 'application/json' } })
    })
    const real = createApiClient({ locale: 'en', version: '1', baseURL: 'http://localhost', fetch: fetch as typeof globalThis.fetch })
    const ref = createActor(charactersMachine, { input: { api: real } }).start()
    await vi.waitFor(() => expect(selectCharacters(ref.getSnapshot())).toEqual([NOVA]))
    expect(fetch).toHaveBeenCalledOnce()
  })
})
