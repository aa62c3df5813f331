// The /fairness page: our extension of SPEC §7 'Games' (docs/games.md#verifying-a-round). Three
// independent parts, so three parallel regions: the caller's seeds (read, rotated with a new client
// seed, the revealed seed checked against the hash shown before), a round verified in the browser
// (from ?round=ID, waiting for its seed to be revealed, or typed by hand), and the crash hash
// chain check. The longer reasoning is in docs/machines.md#fairness.
import { assertEvent, assign, emit, raise, setup } from 'xstate'
import { FOCUS_FIRST_ERROR } from '../../forms/focus-first-error'
import { checkChain, hashSeed, loadRound, loadSeeds, rotateSeeds, verifyRound } from './fairness.actors'
import {
  clientSeedProblem,
  EMPTY_CHAIN,
  EMPTY_FORM,
  formErrorsOf,
  formFrom,
  isFinished,
  readChainForm,
  readManualForm,
  refusedClientSeed,
  requestFromRound,
  rotateFailureOf,
  roundFailureOf,
  verdictOf,
} from './fairness.rules'
import type {
  CheckChainResult,
  FairnessActionParams,
  FairnessContext,
  FairnessEmitted,
  FairnessEvent,
  FairnessInput,
  HashSeedResult,
  LoadRoundResult,
  LoadSeedsResult,
  RotateSeedsResult,
  VerifyRoundResult,
} from './fairness.types'

export const FAIRNESS_TAGS = {
  /** The seeds are being read. */
  loadingSeeds: 'seeds.loading',
  /** A rotation is on its way or its revealed seed is being hashed: the rotate button waits. */
  rotating: 'seeds.rotating',
  /** The browser is recomputing a round. */
  computing: 'verify.computing',
  /** The crash check is hashing. */
  checkingChain: 'chain.checking',
} as const

type Done<T> = { event: { output: T } }

const fairnessSetup = setup({
  types: {
    input: {} as FairnessInput,
    context: {} as FairnessContext,
    events: {} as FairnessEvent,
    children: {} as { loadSeeds: 'loadSeeds'; rotateSeeds: 'rotateSeeds'; hashSeed: 'hashSeed'; loadRound: 'loadRound'; verifyRound: 'verifyRound'; checkChain: 'checkChain' },
    tags: {} as (typeof FAIRNESS_TAGS)[keyof typeof FAIRNESS_TAGS],
    emitted: {} as FairnessEmitted,
  },
  actors: { loadSeeds, rotateSeeds, hashSeed, loadRound, verifyRound, checkChain },
  actions: {
    reportError: (_, params: FairnessActionParams['reportError']) => {
      console.error('fairnessMachine:', params.error)
    },
    focusFirstError: emit((_, params: FairnessActionParams['focusFirstError']) => ({ type: FOCUS_FIRST_ERROR, form: params.form })),
    // seeds
    assignSeeds: assign((_, params: { seeds: NonNullable<FairnessContext['seeds']> }) => ({ seeds: params.seeds })),
    assignClientSeed: assign(({ event }) => {
      assertEvent(event, 'seeds.clientSeed.change')
      return { clientSeed: event.value, clientSeedError: null }
    }),
    refuseClientSeed: assign({ clientSeedError: 'pattern' as const }),
    startRotation: assign(({ context }) => ({ shownHash: context.seeds?.active.serverSeedHash ?? null, rotateFailure: null, reveal: null })),
    assignRotated: assign(({ context }, params: { seeds: NonNullable<FairnessContext['seeds']> }) => ({
      seeds: params.seeds,
      clientSeed: '',
      clientSeedError: null,
      reveal: params.seeds.previous ? { serverSeed: params.seeds.previous.serverSeed, shownHash: context.shownHash ?? params.seeds.previous.serverSeedHash, hash: null } : null,
    })),
    assignRevealHash: assign(({ context }, params: HashSeedResult) => ({ reveal: context.reveal ? { ...context.reveal, hash: params.hash } : null })),
    assignServerRefusal: assign({ clientSeedError: 'refused' as const }),
    assignRotateFailure: assign((_, params: { result: RotateSeedsResult }) => ({ rotateFailure: params.result.ok ? null : rotateFailureOf(params.result.error) })),
    assignRotateError: assign({ rotateFailure: 'failed' as const }),
    announceRevealed: raise({ type: 'seeds.revealed' }),
    // verify
    assignRound: assign((_, params: { result: LoadRoundResult }) => ({ round: params.result.ok ? params.result.round : null, failure: null })),
    assignRoundRequest: assign(({ context }) => ({ request: context.round ? requestFromRound(context.round) : null, result: null, failure: null })),
    assignRoundFailure: assign((_, params: { result: LoadRoundResult }) => (params.result.ok ? { failure: 'unfinished' as const } : { round: null, failure: roundFailureOf(params.result.error) })),
    assignLoadError: assign({ round: null, failure: 'load_failed' as const }),
    assignField: assign(({ context, event }) => {
      assertEvent(event, 'verify.field.change')
      const { [event.name]: _dropped, ...errors } = context.formErrors
      return { form: { ...context.form, [event.name]: event.value }, formErrors: errors }
    }),
    prefillSeeds: assign(({ context }) => {
      const previous = context.seeds?.previous
      if (!previous) return {}
      const { serverSeed: _s, clientSeed: _c, ...errors } = context.formErrors
      return { form: { ...context.form, serverSeed: previous.serverSeed, clientSeed: previous.clientSeed }, formErrors: errors }
    }),
    fillForm: assign(({ context }) => ({ form: formFrom(context.request, context.round, context.form), formErrors: {}, failure: null })),
    assignFormRequest: assign(({ context }) => {
      const read = readManualForm(context.form)
      return read.ok ? { request: read.request, formErrors: {}, result: null, failure: null } : {}
    }),
    assignFormErrors: assign(({ context }) => {
      const read = readManualForm(context.form)
      return { formErrors: read.ok ? {} : read.errors }
    }),
    assignResult: assign((_, params: { result: VerifyRoundResult }) => {
      if (!params.result.ok) return {}
      const { ok: _ok, ...verified } = params.result
      return { result: verified, failure: null }
    }),
    assignComputeFailure: assign((_, params: { result: VerifyRoundResult }) => ({ result: null, failure: params.result.ok ? null : params.result.error })),
    assignComputeFormErrors: assign((_, params: { result: VerifyRoundResult }) => ({ formErrors: formErrorsOf(params.result), result: null })),
    assignComputeError: assign({ failure: 'failed' as const, result: null }),
    // chain
    assignChainField: assign(({ context, event }) => {
      assertEvent(event, 'chain.field.change')
      const { [event.name]: _dropped, ...errors } = context.chainErrors
      return { chain: { ...context.chain, [event.name]: event.value }, chainErrors: errors, chainResult: null }
    }),
    assignChainErrors: assign(({ context }) => {
      const read = readChainForm(context.chain)
      return { chainErrors: read.ok ? {} : read.errors }
    }),
    assignChainResult: assign((_, params: { result: CheckChainResult }) => ({ chainResult: params.result.ok ? { hash: params.result.hash, matches: params.result.matches } : null })),
  },
  guards: {
    hasRound: ({ context }) => context.roundId !== null,
    clientSeedOk: ({ context }) => clientSeedProblem(context.clientSeed) === null,
    seedsRead: (_, params: { result: LoadSeedsResult }) => params.result.ok,
    rotated: (_, params: { result: RotateSeedsResult }) => params.result.ok,
    clientSeedRefused: (_, params: { result: RotateSeedsResult }) => !params.result.ok && refusedClientSeed(params.result.error),
    unfinishedRound: (_, params: { result: LoadRoundResult }) => params.result.ok && !isFinished(params.result.round),
    revealedRound: (_, params: { result: LoadRoundResult }) => params.result.ok && params.result.round.fairness.serverSeed !== null,
    roundLoaded: (_, params: { result: LoadRoundResult }) => params.result.ok,
    hasRevealedPair: ({ context }) => Boolean(context.seeds?.previous),
    formValid: ({ context }) => readManualForm(context.form).ok,
    /** The engine refused the form's own bet or decisions: the form shows it by the field. */
    refusedByForm: ({ context }, params: { result: VerifyRoundResult }) =>
      context.request?.source === 'form' && !params.result.ok && ['bad_bet', 'bad_actions', 'unknown_game'].includes(params.result.error),
    computed: (_, params: { result: VerifyRoundResult }) => params.result.ok,
    nothingToCompare: ({ context }) => context.request?.recorded === null,
    /** The seed hashes to what the server showed before play, and the round is the one it recorded. */
    matchesRecord: ({ context }) => {
      if (!context.request || !context.result) return false
      const verdict = verdictOf(context.request, context.result)
      return verdict.hash === true && verdict.state === true
    },
    hasRequest: ({ context }) => context.request !== null,
    chainValid: ({ context }) => readChainForm(context.chain).ok,
    chainChecked: (_, params: { result: CheckChainResult }) => params.result.ok,
  },
})

const seedsResult = ({ event }: Done<LoadSeedsResult>) => ({ result: event.output })
const rotateResult = ({ event }: Done<RotateSeedsResult>) => ({ result: event.output })
const rotatedSeeds = ({ event }: Done<RotateSeedsResult>) => ({ seeds: (event.output as Extract<RotateSeedsResult, { ok: true }>).seeds })
const roundResult = ({ event }: Done<LoadRoundResult>) => ({ result: event.output })
const verifyResult = ({ event }: Done<VerifyRoundResult>) => ({ result: event.output })
const chainResult = ({ event }: Done<CheckChainResult>) => ({ result: event.output })
const reportError = { type: 'reportError', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) } as const
const focus = (form: FairnessActionParams['focusFirstError']['form']) => ({ type: 'focusFirstError', params: { form } }) as const

/** The rotation form where a rotation may be asked for: typing, and rotating (our own check of the client seed first). */
const rotateForm = {
  'seeds.clientSeed.change': { actions: 'assignClientSeed' },
  'seeds.rotate': [
    { guard: 'clientSeedOk', target: '#fairness.seeds.ready.rotating', actions: 'startRotation' },
    { target: '#fairness.seeds.ready.idle', actions: ['refuseClientSeed', focus('rotate')] },
  ],
} as const

/** Verify by hand, from wherever the page stands: the form, filled with what is on show. */
const toManual = { 'verify.manual': { target: '#fairness.verify.form', actions: 'fillForm' } } as const

/** The chain check's form: typing drops the last answer and goes back to `idle`, where a valid pair is hashed. */
const chainTyping = { 'chain.field.change': { target: '#fairness.chain.idle', actions: 'assignChainField' } } as const
/** An answer (or a failure) stands for the pair checked, which nothing has changed since: checking again needs no new check of the form. */
const chainAgain = { ...chainTyping, 'chain.submit': '#fairness.chain.checking' } as const

export const fairnessMachine = fairnessSetup.createMachine({
  id: 'fairness',
  type: 'parallel',
  context: ({ input }) => ({
    roundId: input.roundId,
    seeds: null,
    clientSeed: '',
    clientSeedError: null,
    rotateFailure: null,
    shownHash: null,
    reveal: null,
    round: null,
    form: EMPTY_FORM,
    formErrors: {},
    request: null,
    result: null,
    failure: null,
    chain: EMPTY_CHAIN,
    chainErrors: {},
    chainResult: null,
  }),
  states: {
    seeds: {
      initial: 'loading',
      states: {
        loading: {
          tags: FAIRNESS_TAGS.loadingSeeds,
          invoke: {
            id: 'loadSeeds',
            src: 'loadSeeds',
            onDone: [
              {
                guard: { type: 'seedsRead', params: seedsResult },
                target: 'ready',
                actions: { type: 'assignSeeds', params: ({ event }) => ({ seeds: (event.output as Extract<LoadSeedsResult, { ok: true }>).seeds }) },
              },
              { target: 'loadFailed' },
            ],
            onError: { target: 'loadFailed', actions: reportError },
          },
        },
        loadFailed: { on: { 'seeds.retry': 'loading' } },
        ready: {
          initial: 'idle',
          states: {
            idle: { on: rotateForm },
            rotating: {
              tags: FAIRNESS_TAGS.rotating,
              invoke: {
                id: 'rotateSeeds',
                src: 'rotateSeeds',
                input: ({ context }) => ({ clientSeed: context.clientSeed === '' ? null : context.clientSeed }),
                onDone: [
                  { guard: { type: 'rotated', params: rotateResult }, target: 'checkingReveal', actions: [{ type: 'assignRotated', params: rotatedSeeds }, 'announceRevealed'] },
                  { guard: { type: 'clientSeedRefused', params: rotateResult }, target: 'idle', actions: ['assignServerRefusal', focus('rotate')] },
                  { target: 'failed', actions: { type: 'assignRotateFailure', params: rotateResult } },
                ],
                onError: { target: 'failed', actions: ['assignRotateError', reportError] },
              },
            },
            checkingReveal: {
              tags: FAIRNESS_TAGS.rotating,
              invoke: {
                id: 'hashSeed',
                src: 'hashSeed',
                input: ({ context }) => {
                  if (!context.reveal) throw new Error('fairnessMachine: checking a reveal without a revealed seed')
                  return { text: context.reveal.serverSeed }
                },
                onDone: { target: 'rotated', actions: { type: 'assignRevealHash', params: ({ event }) => event.output } },
                onError: { target: 'rotated', actions: reportError },
              },
            },
            rotated: { on: rotateForm },
            failed: { on: rotateForm },
          },
        },
      },
    },
    verify: {
      initial: 'deciding',
      states: {
        deciding: {
          always: [{ guard: 'hasRound', target: 'loadingRound' }, { target: 'form' }],
        },
        form: {
          on: {
            'verify.field.change': { actions: 'assignField' },
            'verify.prefill': { guard: 'hasRevealedPair', actions: 'prefillSeeds' },
            'verify.submit': [
              { guard: 'formValid', target: 'computing', actions: 'assignFormRequest' },
              { actions: ['assignFormErrors', focus('manual')] },
            ],
          },
        },
        loadingRound: {
          invoke: {
            id: 'loadRound',
            src: 'loadRound',
            input: ({ context }) => {
              if (context.roundId === null) throw new Error('fairnessMachine: loading a round without its id')
              return { round: context.roundId }
            },
            onDone: [
              { guard: { type: 'unfinishedRound', params: roundResult }, target: 'roundFailed', actions: [{ type: 'assignRound', params: roundResult }, { type: 'assignRoundFailure', params: roundResult }] },
              { guard: { type: 'revealedRound', params: roundResult }, target: 'computing', actions: [{ type: 'assignRound', params: roundResult }, 'assignRoundRequest'] },
              { guard: { type: 'roundLoaded', params: roundResult }, target: 'awaitingReveal', actions: { type: 'assignRound', params: roundResult } },
              { target: 'roundFailed', actions: { type: 'assignRoundFailure', params: roundResult } },
            ],
            onError: { target: 'roundFailed', actions: ['assignLoadError', reportError] },
          },
        },
        // The round's pair is still in use: rotating reveals it (the seeds region), then the round loads again.
        awaitingReveal: {
          on: { 'seeds.revealed': 'loadingRound', ...toManual },
        },
        roundFailed: {
          on: { 'verify.retry': { guard: 'hasRound', target: 'loadingRound' }, ...toManual },
        },
        computing: {
          tags: FAIRNESS_TAGS.computing,
          invoke: {
            id: 'verifyRound',
            src: 'verifyRound',
            input: ({ context }) => {
              if (!context.request) throw new Error('fairnessMachine: computing without a request')
              return context.request.input
            },
            onDone: [
              { guard: { type: 'refusedByForm', params: verifyResult }, target: 'form', actions: [{ type: 'assignComputeFormErrors', params: verifyResult }, focus('manual')] },
              { guard: { type: 'computed', params: verifyResult }, target: 'verified', actions: { type: 'assignResult', params: verifyResult } },
              { target: 'failed', actions: { type: 'assignComputeFailure', params: verifyResult } },
            ],
            onError: { target: 'failed', actions: ['assignComputeError', reportError] },
          },
        },
        verified: {
          initial: 'deciding',
          states: {
            deciding: {
              always: [
                { guard: 'nothingToCompare', target: 'computed' },
                { guard: 'matchesRecord', target: 'match' },
                { target: 'mismatch' },
              ],
            },
            /** From the form: nothing recorded to compare with; the outcome and the seed's hash are shown. */
            computed: {},
            match: {},
            mismatch: {},
          },
          on: toManual,
        },
        failed: {
          on: { 'verify.retry': { guard: 'hasRequest', target: 'computing' }, ...toManual },
        },
      },
    },
    chain: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            ...chainTyping,
            'chain.submit': [
              { guard: 'chainValid', target: 'checking', actions: 'assignChainErrors' },
              { actions: ['assignChainErrors', focus('chain')] },
            ],
          },
        },
        checking: {
          tags: FAIRNESS_TAGS.checkingChain,
          invoke: {
            id: 'checkChain',
            src: 'checkChain',
            input: ({ context }) => {
              const read = readChainForm(context.chain)
              if (!read.ok) throw new Error('fairnessMachine: checking an invalid chain form')
              return { seed: read.seed, previous: read.previous }
            },
            onDone: [
              { guard: { type: 'chainChecked', params: chainResult }, target: 'checked', actions: { type: 'assignChainResult', params: chainResult } },
              { target: 'failed' },
            ],
            onError: { target: 'failed', actions: reportError },
          },
        },
        checked: { on: chainAgain },
        failed: { on: chainAgain },
      },
    },
  },
})

export type FairnessMachine = typeof fairnessMachine
