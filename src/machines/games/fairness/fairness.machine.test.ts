import { describe, expect, it } from 'vitest'
import { createActor, type SnapshotFrom } from 'xstate'
import { CLIENT_SEED_PATTERN } from '../../../shared/games/fair'
import { FOCUS_FIRST_ERROR } from '../../forms/focus-first-error'
import { recordCoverage } from '../../testing/coverage'
import { controllable, flush, settleGestures } from '../../testing/controllable'
import { dispatchGestures, fixtureEvents, ModelHarness, ruleCollector, type GestureTable } from '../../testing/model'
import { describeModel } from '../../testing/model-suite'
import { fairnessMachine } from './fairness.machine'
import { formFrom, readManualForm, requestFromRound, sameJson, verdictOf } from './fairness.rules'
import { fairnessFilter, fairnessOutcomes, fairnessSamples, fairnessState, MATCH, MISMATCH, ROTATED_SEEDS, ROUNDS, SAMPLE_SEEDS, type FairnessOutcome } from './fairness.samples'
import { selectCanRotate, selectReveal, selectRotateStep, selectVerdict, selectVerifyView } from './fairness.selectors'
import type {
  CheckChainResult,
  FairnessEmitted,
  FairnessEvent,
  FairnessInput,
  HashSeedInput,
  HashSeedResult,
  LoadRoundResult,
  LoadSeedsResult,
  RotateSeedsInput,
  RotateSeedsResult,
  VerifyRoundInput,
  VerifyRoundResult,
} from './fairness.types'

type Snapshot = SnapshotFrom<typeof fairnessMachine>

function startSut(input: FairnessInput) {
  const seeds = controllable<unknown, LoadSeedsResult>()
  const rotate = controllable<RotateSeedsInput, RotateSeedsResult>()
  const hash = controllable<HashSeedInput, HashSeedResult>()
  const round = controllable<{ round: string }, LoadRoundResult>()
  const verify = controllable<VerifyRoundInput, VerifyRoundResult>()
  const chain = controllable<{ seed: string; previous: string }, CheckChainResult>()
  const focused: FairnessEmitted['form'][] = []
  const reported: unknown[] = []
  const ref = createActor(
    fairnessMachine.provide({
      actors: { loadSeeds: seeds.actor, rotateSeeds: rotate.actor, hashSeed: hash.actor, loadRound: round.actor, verifyRound: verify.actor, checkChain: chain.actor },
      actions: { reportError: (_, { error }) => void reported.push(error) },
    }),
    { input },
  )
  ref.on(FOCUS_FIRST_ERROR, (e) => void focused.push(e.form))
  ref.start()
  return { ref, seeds, rotate, hash, round, verify, chain, focused, reported }
}
type Sut = ReturnType<typeof startSut>

const send = (sut: Sut, e: FairnessEvent) => sut.ref.send(e)
const gestures = {
  'seeds.retry': send,
  'seeds.clientSeed.change': send,
  'seeds.rotate': send,
  'seeds.revealed': send,
  'verify.field.change': send,
  'verify.prefill': send,
  'verify.submit': send,
  'verify.manual': send,
  'verify.retry': send,
  'chain.field.change': send,
  'chain.submit': send,
} satisfies GestureTable<FairnessEvent, Sut, Snapshot>
const outcomeGestures = {
  ...settleGestures('loadSeeds', (sut: Sut) => sut.seeds),
  ...settleGestures('rotateSeeds', (sut: Sut) => sut.rotate),
  ...settleGestures('hashSeed', (sut: Sut) => sut.hash),
  ...settleGestures('loadRound', (sut: Sut) => sut.round),
  ...settleGestures('verifyRound', (sut: Sut) => sut.verify),
  ...settleGestures('checkChain', (sut: Sut) => sut.chain),
} satisfies GestureTable<FairnessOutcome, Sut, Snapshot>
const isOutcome = (e: { type: string }): e is FairnessOutcome => e.type in fairnessOutcomes

function harnessFor(input: FairnessInput) {
  return new ModelHarness<typeof fairnessMachine, Sut, FairnessOutcome>({
    machine: fairnessMachine,
    input,
    events: (s) => [...fixtureEvents<FairnessEvent, Snapshot>(fairnessSamples, s), ...fixtureEvents<FairnessOutcome, Snapshot>(fairnessOutcomes, s)],
    filterEvents: (s, e) => {
      return (isOutcome(e) || s.can(e)) && fairnessFilter(s, e)
    },
    serializeState: fairnessState,
    createSut: () => startSut(input),
    gestures: dispatchGestures(gestures, outcomeGestures),
    check: (sut, { state, from, event }) => {
      const s = sut.ref.getSnapshot()
      expect(fairnessState(s)).toBe(fairnessState(state))
      const { broken, rule } = ruleCollector()
      const c = s.context
      const view = selectVerifyView(s)
      rule('every rotation sends what was typed, and only a client seed the server takes', sut.rotate.calls.every((call) => call.clientSeed === null || CLIENT_SEED_PATTERN.test(call.clientSeed)))
      if (from && event?.type === 'seeds.rotate') {
        if (selectRotateStep(s) === 'rotating') rule('rotates with the typed seed (none keeps the one in use)', sut.rotate.calls.at(-1)?.clientSeed === (from.context.clientSeed || null))
        else rule('a refused client seed stays as typed, with its error', c.clientSeed === from.context.clientSeed && c.clientSeedError === 'pattern')
      }
      if (from && event?.type === 'xstate.done.actor.rotateSeeds') {
        if (c.clientSeedError === 'refused') rule('the server’s refusal keeps what was typed', c.clientSeed === from.context.clientSeed)
        if (s.matches({ seeds: { ready: 'checkingReveal' } })) {
          rule('the revealed seed is checked against the hash shown before the rotation', c.reveal?.shownHash === from.context.seeds?.active.serverSeedHash && sut.hash.calls.at(-1)?.text === ROTATED_SEEDS.previous!.serverSeed)
          if (from.matches({ verify: 'awaitingReveal' })) rule('a round waiting for its seed loads again', s.matches({ verify: 'loadingRound' }) && sut.round.calls.length >= 2 && sut.round.calls.at(-1)?.round === from.context.roundId)
        }
      }
      const reveal = selectReveal(s)
      if (reveal) rule('the reveal says whether SHA-256(seed) is the hash shown before', reveal.matches === (reveal.hash === null ? null : reveal.hash === reveal.shownHash))
      rule('a round whose seed is secret is never recomputed', sut.verify.calls.every((call) => /^[0-9a-f]{64}$/.test(call.serverSeed)))
      if (c.round?.status === 'open' && c.request?.source !== 'form') rule('a round still being played is never verified nor waits for a rotation', view === 'roundFailed' ? c.failure === 'unfinished' : view === 'form' || view === 'loadingRound')
      if (view === 'awaitingReveal') rule('a round waiting for its seed can be revealed by rotating', selectCanRotate(s) || !s.matches({ seeds: 'ready' }) || selectRotateStep(s) === 'rotating')
      const verdict = selectVerdict(s)
      if (view === 'match') rule('match: the seed’s hash and the round both equal the server’s', verdict?.hash === true && verdict.state === true)
      if (view === 'mismatch') rule('mismatch: the seed’s hash or the round differs from the server’s', verdict !== null && (verdict.hash === false || verdict.state === false))
      if (view === 'computed') rule('a round typed by hand has nothing recorded to compare with', c.request?.source === 'form' && verdict?.hash === null)
      if (from && event?.type === 'xstate.done.actor.verifyRound' && c.request?.source === 'round') rule('what was recomputed is the round from the address', sameJson(sut.verify.calls.at(-1), requestFromRound(c.round!).input))
      if (from && event?.type === 'verify.submit') {
        if (view === 'computing') rule('a valid form is recomputed as typed', sameJson(sut.verify.calls.at(-1), readManualForm(from.context.form).ok ? (readManualForm(from.context.form) as { request: { input: unknown } }).request.input : null))
        else rule('an invalid form shows its errors, focused', Object.keys(c.formErrors).length > 0 && sut.focused.at(-1) === 'manual')
      }
      if (from && event?.type === 'chain.submit') {
        if (s.matches({ chain: 'checking' })) rule('the chain check hashes the seed typed', sut.chain.calls.at(-1)?.seed === c.chain.seed.trim().toLowerCase())
        else rule('an invalid chain form shows its errors, focused', Object.keys(c.chainErrors).length > 0 && sut.focused.at(-1) === 'chain')
      }
      if (from && event?.type === 'verify.manual') rule('verify by hand starts from what was on show', sameJson(c.form, formFrom(from.context.request, from.context.round, from.context.form)))
      expect(broken).toEqual([])
    },
  })
}

describeModel('fairnessMachine', { 'a round in the address': harnessFor({ roundId: '42' }), 'the form': harnessFor({ roundId: null }) }, {
  minShortestPaths: { 'a round in the address': 40, 'the form': 25 },
  timeoutMs: 240_000,
  reach: 'together',
})

describe('fairness rules (docs/games.md#verifying-a-round)', () => {
  it('a round verifies when the seed hashes to the hash shown before play and the round is the recorded one', () => {
    const request = requestFromRound(ROUNDS.revealed)
    const { ok: _ok, ...match } = MATCH as Extract<VerifyRoundResult, { ok: true }>
    const { ok: _ok2, ...mismatch } = MISMATCH as Extract<VerifyRoundResult, { ok: true }>
    expect(verdictOf(request, match)).toEqual({ hash: true, state: true })
    expect(verdictOf(request, mismatch)).toEqual({ hash: true, state: false })
    expect(verdictOf(request, { ...match, serverSeedHash: 'b'.repeat(64) })).toEqual({ hash: false, state: true })
    // jsonb reorders keys: the order of a state's keys says nothing.
    expect(sameJson({ a: 1, b: [1, { c: 2, d: 3 }] }, { b: [1, { d: 3, c: 2 }], a: 1 })).toBe(true)
    expect(sameJson({ a: 1 }, { a: 1, b: null })).toBe(false)
    expect(() => requestFromRound(ROUNDS.unrevealed)).toThrow()
  })

  it('reads the manual form: empty bet is {}, empty actions none, each bad field named', () => {
    const ok = readManualForm({ game: 'dice-classic', serverSeed: ' ' + 'A'.repeat(64) + ' ', clientSeed: 'x', nonce: '0', bet: '', actions: '' })
    expect(ok).toEqual({ ok: true, request: { source: 'form', recorded: null, input: { game: 'dice-classic', serverSeed: 'a'.repeat(64), clientSeed: 'x', nonce: 0, bet: {}, actions: [], abandoned: false } } })
    expect(readManualForm({ game: 'crash-x', serverSeed: 'abc', clientSeed: 'a:b', nonce: '-1', bet: '{', actions: '{}' })).toEqual({
      ok: false,
      errors: { game: 'unknown_game', serverSeed: 'server_seed', clientSeed: 'client_seed', nonce: 'nonce', bet: 'json', actions: 'not_a_list' },
    })
  })

  it('rotating from the waiting round reveals its seed, then verifies it', async () => {
    const sut = startSut({ roundId: '42' })
    recordCoverage(sut.ref)
    sut.seeds.resolve({ ok: true, seeds: SAMPLE_SEEDS })
    sut.round.resolve({ ok: true, round: ROUNDS.unrevealed })
    await flush()
    expect(selectVerifyView(sut.ref.getSnapshot())).toBe('awaitingReveal')
    sut.ref.send({ type: 'seeds.rotate' })
    expect(sut.rotate.calls).toEqual([{ clientSeed: null }])
    sut.rotate.resolve({ ok: true, seeds: ROTATED_SEEDS })
    await flush()
    expect(sut.round.calls).toEqual([{ round: '42' }, { round: '42' }])
    sut.round.resolve({ ok: true, round: ROUNDS.revealed })
    await flush()
    expect(sut.verify.calls.at(-1)).toMatchObject({ serverSeed: ROUNDS.revealed.fairness.serverSeed, nonce: 3, clientSeed: 'lucky-seed' })
    sut.verify.resolve(MATCH)
    sut.hash.resolve({ hash: SAMPLE_SEEDS.active.serverSeedHash })
    await flush()
    expect(selectVerifyView(sut.ref.getSnapshot())).toBe('match')
    expect(selectReveal(sut.ref.getSnapshot())).toEqual({ serverSeed: ROTATED_SEEDS.previous!.serverSeed, shownHash: SAMPLE_SEEDS.active.serverSeedHash, hash: SAMPLE_SEEDS.active.serverSeedHash, matches: true })
  })

  it('a client seed with a space is refused before asking, and kept as typed', () => {
    const sut = startSut({ roundId: null })
    recordCoverage(sut.ref)
    sut.seeds.resolve({ ok: true, seeds: SAMPLE_SEEDS })
    return flush().then(() => {
      sut.ref.send({ type: 'seeds.clientSeed.change', value: 'has space' })
      sut.ref.send({ type: 'seeds.rotate' })
      expect(sut.rotate.calls).toEqual([])
      expect(sut.ref.getSnapshot().context).toMatchObject({ clientSeed: 'has space', clientSeedError: 'pattern' })
      expect(sut.focused).toEqual(['rotate'])
    })
  })
})
