// Sample events of the /fairness page, walked by its model test and listed in the flows registry.
import type { AnyMachineSnapshot } from 'xstate'
import { defineEntry, doneEventType, errorEventType, type SampleTable } from '../../flow-entry'
import { fairnessMachine } from './fairness.machine'
import { clientSeedProblem, EMPTY_CHAIN, readChainForm, readManualForm } from './fairness.rules'
import type {
  ApiFailure,
  ChainField,
  CheckChainResult,
  FairnessContext,
  FairnessEvent,
  FairnessInput,
  HashSeedResult,
  LoadRoundResult,
  LoadSeedsResult,
  ManualField,
  Round,
  RotateSeedsResult,
  Seeds,
  VerifyRoundResult,
} from './fairness.types'

const hex = (c: string) => c.repeat(64)

/** The pair in use and the last revealed one, as games/getSeeds answers them. */
export const SAMPLE_SEEDS: Seeds = {
  active: { serverSeedHash: hex('a'), clientSeed: 'lucky-seed', nonce: 4 },
  previous: { serverSeed: hex('1'), serverSeedHash: hex('2'), clientSeed: 'old-seed', rounds: 12 },
}
/** After a rotation: the pair that was in use is revealed (its seed hashes to the hash shown before). */
export const ROTATED_SEEDS: Seeds = {
  active: { serverSeedHash: hex('c'), clientSeed: 'lucky-seed', nonce: 0 },
  previous: { serverSeed: hex('d'), serverSeedHash: hex('a'), clientSeed: 'lucky-seed', rounds: 4 },
}

/** A settled dice round of the pair in use (the fairness vectors' first round: roll 71.08). */
export function sampleRound(extra: Partial<Round> = {}, serverSeed: string | null = null): Round {
  return {
    id: '42',
    game: 'dice-classic',
    kind: 'dice',
    mode: 'demo',
    currency: 'USD',
    status: 'settled',
    stake: '1.00',
    totalStake: '1.00',
    payout: '2.00',
    multiplier: 2.0004,
    step: 0,
    bet: { target: 50.5, direction: 'over' },
    state: { roll: 71.08, target: 50.5, direction: 'over', win: true, multiplier: 2.0004 },
    actions: [],
    abandoned: false,
    createdAt: '2026-11-26T12:00:00.000Z',
    settledAt: '2026-11-26T12:00:00.000Z',
    fairness: { serverSeedHash: hex('a'), clientSeed: 'lucky-seed', nonce: 3, serverSeed },
    balance: null,
    ...extra,
  }
}
export const ROUNDS = {
  /** Its pair still in use: the seed is not revealed yet. */
  unrevealed: sampleRound(),
  revealed: sampleRound({}, hex('d')),
  /** A mines round still being played. */
  open: sampleRound({ game: 'mines', kind: 'mines', status: 'open', payout: null, multiplier: null }),
}

/** What the browser computes for the revealed round: the seed hashes to the shown hash and the roll is the recorded one. */
export const MATCH: VerifyRoundResult = {
  ok: true,
  kind: 'dice',
  serverSeedHash: hex('a'),
  state: ROUNDS.revealed.state,
  view: ROUNDS.revealed.state,
  finished: true,
  multiplier: 2.0004,
  blocks: 1,
  words: 1,
}
/** A round that does not recompute to what the server recorded (another roll). */
export const MISMATCH: VerifyRoundResult = { ...MATCH, state: { ...(MATCH.state as object), roll: 12.5, win: false, multiplier: 0 }, view: { ...(MATCH.view as object), roll: 12.5, win: false, multiplier: 0 }, multiplier: 0 }

const failure = (type: ApiFailure['type'], code: string | null, invalidParameters: ApiFailure['invalidParameters'] = null): { ok: false; error: ApiFailure } => ({
  ok: false,
  error: { type, code, invalidParameters },
})

/** The manual form filled in order, one field an event, with what makes a valid request. */
export const GOOD_FORM: Readonly<Record<Exclude<ManualField, 'actions'>, string>> = {
  game: 'dice-classic',
  serverSeed: hex('1'),
  clientSeed: 'old-seed',
  nonce: '3',
  bet: '{"target":50.5,"direction":"over"}',
}
const FORM_ORDER = Object.keys(GOOD_FORM) as (keyof typeof GOOD_FORM)[]
const GOOD_CHAIN: Readonly<Record<ChainField, string>> = { seed: hex('e'), previous: hex('f') }

const ctx = (s: AnyMachineSnapshot) => s.context as FairnessContext

export const fairnessSamples = {
  'seeds.retry': [{ type: 'seeds.retry' }],
  // A new client seed the server takes, and one with a space it would refuse.
  'seeds.clientSeed.change': [
    { type: 'seeds.clientSeed.change', value: 'my-new-seed' },
    { type: 'seeds.clientSeed.change', value: 'has space' },
  ],
  'seeds.rotate': [{ type: 'seeds.rotate' }],
  'seeds.revealed': [{ type: 'seeds.revealed' }],
  // The next field not yet right gets its value; the nonce is first tried with a letter.
  'verify.field.change': (s: AnyMachineSnapshot) => {
    const form = ctx(s).form
    const next = FORM_ORDER.find((name) => form[name] !== GOOD_FORM[name])
    if (!next) return []
    return [{ type: 'verify.field.change', name: next, value: next === 'nonce' && form.nonce === '' ? 'x' : GOOD_FORM[next] }]
  },
  'verify.prefill': [{ type: 'verify.prefill' }],
  'verify.submit': [{ type: 'verify.submit' }],
  'verify.manual': [{ type: 'verify.manual' }],
  'verify.retry': [{ type: 'verify.retry' }],
  'chain.field.change': (s: AnyMachineSnapshot) => {
    const chain = ctx(s).chain
    const next = (['seed', 'previous'] as const).find((name) => chain[name] !== GOOD_CHAIN[name])
    // Both right: another seed of the round before, as someone checking the next pair would type.
    if (!next) return [{ type: 'chain.field.change', name: 'previous', value: hex('9') }]
    return [{ type: 'chain.field.change', name: next, value: next === 'seed' && chain.seed === '' ? 'not-a-seed' : GOOD_CHAIN[next] }]
  },
  'chain.submit': [{ type: 'chain.submit' }],
} satisfies SampleTable<FairnessEvent>

const SEEDS_READ = doneEventType(fairnessMachine, 'loadSeeds')
const SEEDS_FAILED = errorEventType(fairnessMachine, 'loadSeeds')
const ROTATED = doneEventType(fairnessMachine, 'rotateSeeds')
const ROTATE_FAILED = errorEventType(fairnessMachine, 'rotateSeeds')
const HASHED = doneEventType(fairnessMachine, 'hashSeed')
const HASH_FAILED = errorEventType(fairnessMachine, 'hashSeed')
const ROUND = doneEventType(fairnessMachine, 'loadRound')
const ROUND_FAILED = errorEventType(fairnessMachine, 'loadRound')
const VERIFIED = doneEventType(fairnessMachine, 'verifyRound')
const VERIFY_FAILED = errorEventType(fairnessMachine, 'verifyRound')
const CHAIN = doneEventType(fairnessMachine, 'checkChain')
const CHAIN_FAILED = errorEventType(fairnessMachine, 'checkChain')

export type FairnessOutcome =
  | { type: typeof SEEDS_READ; output: LoadSeedsResult }
  | { type: typeof SEEDS_FAILED; error: unknown }
  | { type: typeof ROTATED; output: RotateSeedsResult }
  | { type: typeof ROTATE_FAILED; error: unknown }
  | { type: typeof HASHED; output: HashSeedResult }
  | { type: typeof HASH_FAILED; error: unknown }
  | { type: typeof ROUND; output: LoadRoundResult }
  | { type: typeof ROUND_FAILED; error: unknown }
  | { type: typeof VERIFIED; output: VerifyRoundResult }
  | { type: typeof VERIFY_FAILED; error: unknown }
  | { type: typeof CHAIN; output: CheckChainResult }
  | { type: typeof CHAIN_FAILED; error: unknown }

export const fairnessOutcomes = {
  [SEEDS_READ]: [
    { type: SEEDS_READ, output: { ok: true, seeds: SAMPLE_SEEDS } },
    { type: SEEDS_READ, output: failure('ApplicationUnavailableException', null) },
  ],
  [SEEDS_FAILED]: [{ type: SEEDS_FAILED, error: 'network down' }],
  [ROTATED]: [
    { type: ROTATED, output: { ok: true, seeds: ROTATED_SEEDS } },
    { type: ROTATED, output: failure('InvalidParameterException', null, { client_seed: ['invalid'] }) },
    { type: ROTATED, output: failure('TooManyRequestsException', null) },
  ],
  [ROTATE_FAILED]: [{ type: ROTATE_FAILED, error: 'network down' }],
  // The revealed seed hashes to the hash shown before; or it does not; or the page has no Web Crypto.
  [HASHED]: [
    { type: HASHED, output: { hash: hex('a') } },
    { type: HASHED, output: { hash: hex('b') } },
    { type: HASHED, output: { hash: null } },
  ],
  [HASH_FAILED]: [{ type: HASH_FAILED, error: new Error('bug') }],
  [ROUND]: [
    { type: ROUND, output: { ok: true, round: ROUNDS.revealed } },
    { type: ROUND, output: { ok: true, round: ROUNDS.unrevealed } },
    { type: ROUND, output: { ok: true, round: ROUNDS.open } },
    { type: ROUND, output: failure('InvalidRequestException', 'round_not_found') },
  ],
  [ROUND_FAILED]: [{ type: ROUND_FAILED, error: 'network down' }],
  [VERIFIED]: [
    { type: VERIFIED, output: MATCH },
    { type: VERIFIED, output: MISMATCH },
    { type: VERIFIED, output: { ok: false, error: 'bad_bet', reason: 'bad-target' } },
    { type: VERIFIED, output: { ok: false, error: 'no_web_crypto', reason: null } },
  ],
  [VERIFY_FAILED]: [{ type: VERIFY_FAILED, error: new Error('bug') }],
  [CHAIN]: [
    { type: CHAIN, output: { ok: true, hash: hex('f'), matches: true } },
    { type: CHAIN, output: { ok: true, hash: hex('0'), matches: false } },
    { type: CHAIN, output: { ok: false } },
  ],
  [CHAIN_FAILED]: [{ type: CHAIN_FAILED, error: new Error('bug') }],
} satisfies SampleTable<FairnessOutcome>

const pristineForm = (c: FairnessContext) => Object.values(c.form).every((v) => v === '') && Object.keys(c.formErrors).length === 0
const pristineChain = (c: FairnessContext) => c.chain.seed === EMPTY_CHAIN.seed && c.chain.previous === EMPTY_CHAIN.previous && Object.keys(c.chainErrors).length === 0 && c.chainResult === null

/**
 * The three regions are independent, so the walk explores each while the others rest rather than
 * every combination (every transition is still taken):
 * - the crash check only while the seeds are as first read and the form untouched;
 * - the seeds only while the check is untouched and the form is untouched or a round waits for
 *   its seed (the one place the two regions meet);
 * - the round and the form only while the seeds are as first read and the check untouched.
 * What the runtime answers is always walked. 'seeds.revealed' is the chart's own, raised when a
 * rotation is done.
 */
export function fairnessFilter(snapshot: AnyMachineSnapshot, event: { type: string }): boolean {
  const c = ctx(snapshot)
  if (event.type === 'seeds.revealed') return false
  // An actor's answer, only while it runs.
  if (event.type.startsWith('xstate.')) return event.type.replace(/^xstate\.(done|error)\.actor\./, '') in snapshot.children
  const seedsAsRead = snapshot.matches({ seeds: { ready: 'idle' } }) && c.shownHash === null && c.clientSeed === '' && c.clientSeedError === null
  const formUntouched = snapshot.matches({ verify: 'form' }) && pristineForm(c)
  const checkUntouched = snapshot.matches({ chain: 'idle' }) && pristineChain(c)
  if (event.type.startsWith('chain.')) return seedsAsRead && formUntouched
  if (event.type.startsWith('seeds.')) return checkUntouched && (formUntouched || snapshot.matches({ verify: 'awaitingReveal' }))
  return checkUntouched && seedsAsRead
}

/** Graph states: the state value and what in the context decides what can happen next. */
export function fairnessState(snapshot: AnyMachineSnapshot): string {
  const c = ctx(snapshot)
  return JSON.stringify({
    value: snapshot.value,
    filled: (Object.keys(GOOD_FORM) as (keyof typeof GOOD_FORM)[]).map((name) => (c.form[name] === GOOD_FORM[name] ? 1 : c.form[name] === '' ? 0 : 2)).join(''),
    formOk: readManualForm(c.form).ok,
    formErrors: Object.keys(c.formErrors).sort(),
    draft: c.clientSeed === '' ? '' : (clientSeedProblem(c.clientSeed) ?? 'ok'),
    clientSeedError: c.clientSeedError,
    rotateFailure: c.rotateFailure,
    reveal: c.reveal ? c.reveal.hash === c.reveal.shownHash : null,
    seeds: c.seeds ? c.seeds.active.serverSeedHash[0] : null,
    round: c.round ? `${c.round.status}:${c.round.fairness.serverSeed !== null}` : null,
    request: c.request?.source ?? null,
    result: c.result !== null,
    failure: c.failure,
    chain: `${c.chain.seed === '' ? 0 : readChainForm({ ...c.chain, previous: GOOD_CHAIN.previous }).ok ? 1 : 2}${c.chain.previous === '' ? 0 : c.chain.previous === GOOD_CHAIN.previous ? 1 : 2}`,
    chainErrors: Object.keys(c.chainErrors).sort(),
    chainResult: c.chainResult?.matches ?? null,
  })
}

export const fairnessInput: FairnessInput = { roundId: '42' }

export const fairnessEntry = defineEntry<typeof fairnessMachine, FairnessOutcome>({
  name: 'fairness',
  area: 'games',
  spec: "our extension of §7 'Games': the provably fair seeds and the round check (docs/games.md#verifying-a-round)",
  description:
    'The /fairness page: the caller’s seeds and their rotation (the revealed seed checked against the hash shown before), a round from ?round=ID or typed by hand recomputed in the browser and compared with the server’s, and the crash hash chain check',
  machine: fairnessMachine,
  input: fairnessInput,
  otherInputs: [{ roundId: null }],
  events: fairnessSamples,
  outcomes: fairnessOutcomes,
  filterEvents: fairnessFilter,
  serializeState: fairnessState,
})
