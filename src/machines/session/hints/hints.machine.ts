// The new player's hints (SPEC §4 'Hints', §9): one dismissible banner chosen from real facts, read again
// when a balance move or the end of a time window may change them (docs/machines.md#hints).
import { and, assign, setup } from 'xstate'
import { isAccountStateError } from '../../../shared/errors'
import { loadHintFacts, rememberDismissedHint } from './hints.actors'
import { currentHint, nextHintChange, type HintKind } from './hints.rules'
import type { HintFactsLoaded, HintPlayer, HintsActionParams, HintsContext, HintsEvent, HintsInput } from './hints.types'

function samePlayer(a: HintPlayer | null, b: HintPlayer | null): boolean {
  return a === b || (a !== null && b !== null && a.uid === b.uid && a.regTime === b.regTime && a.login === b.login)
}

/** setTimeout's ceiling (about 24.8 days); the windows are far shorter. */
const MAX_DELAY_MS = 2_147_000_000

function msUntilWindowCloses(context: HintsContext): number | null {
  if (!context.player || !context.facts) return null
  const next = nextHintChange(context.player.regTime, context.facts.checkedAt)
  return next === null ? null : Math.min(Math.max(next - context.facts.checkedAt, 0), MAX_DELAY_MS)
}

export const hintsMachine = setup({
  types: {
    input: {} as HintsInput,
    context: {} as HintsContext,
    events: {} as HintsEvent,
    children: {} as { loadHintFacts: 'loadHintFacts' },
  },
  actors: { loadHintFacts },
  delays: {
    windowCloses: ({ context }) => msUntilWindowCloses(context) ?? MAX_DELAY_MS,
  },
  actions: {
    /** Browser storage, per player; with storage off the hint comes back on the next page. */
    rememberDismissed: (_, params: HintsActionParams['rememberDismissed']) => {
      rememberDismissedHint(params.uid, params.kind)
    },
    // A hint is a nicety: when its facts cannot be read it stays hidden. A session that ended
    // elsewhere, a ban or maintenance is no fault of the page (the inactivity watcher and the
    // system pages deal with them), so only other failures are reported.
    reportError: (_, params: HintsActionParams['reportError']) => {
      if (!isAccountStateError(params.error)) console.error('hintsMachine:', params.error)
    },
    assignPlayer: assign((_, params: { player: HintPlayer | null }) => ({ player: params.player, facts: null, balance: null })),
    noteBalance: assign(({ context, event }) => ({ balance: event.type === 'hints.balance' ? { uid: event.uid, amount: event.amount } : context.balance })),
    /** A hint closed while the facts were read stays closed, whatever the read found stored. */
    assignFacts: assign(({ context }, params: { facts: HintFactsLoaded }) => ({
      facts: { ...params.facts, dismissed: [...new Set([...params.facts.dismissed, ...(context.facts?.dismissed ?? [])])] },
    })),
    forgetFacts: assign({ facts: null }),
    assignDismissed: assign(({ context }, params: { kind: HintKind }) => ({
      facts: context.facts && { ...context.facts, dismissed: [...context.facts.dismissed, params.kind] },
    })),
  },
  guards: {
    isPlayer: ({ context }) => context.player !== null,
    otherPlayer: ({ context }, params: { player: HintPlayer | null }) => !samePlayer(context.player, params.player),
    /** The current player's main balance changed since it was last reported. */
    balanceMoved: ({ context, event }) =>
      event.type === 'hints.balance' &&
      context.player !== null &&
      event.uid === context.player.uid &&
      context.balance?.uid === event.uid &&
      context.balance.amount !== event.amount,
    windowWillClose: ({ context }) => msUntilWindowCloses(context) !== null,
    awaitsDeposit: ({ context }) => context.facts?.hasDeposit === false,
    hintShown: ({ context }) => currentHint(context) !== null,
  },
}).createMachine({
  id: 'hints',
  context: ({ input }) => ({ player: input.player, facts: null, balance: null }),
  initial: 'deciding',
  on: {
    // The same player again (a re-read account) changes nothing: the facts are still theirs.
    'hints.player': {
      guard: { type: 'otherPlayer', params: ({ event }) => ({ player: event.player }) },
      target: '.deciding',
      actions: { type: 'assignPlayer', params: ({ event }) => ({ player: event.player }) },
    },
    // Every report is noted; the states below act on a move (their transitions note it too).
    'hints.balance': { actions: 'noteBalance' },
    // Wherever a hint is shown (also while the facts are read again).
    'hints.dismiss': {
      guard: 'hintShown',
      actions: [
        {
          type: 'rememberDismissed',
          params: ({ context }) => ({ uid: (context.player as HintPlayer).uid, kind: currentHint(context) as HintKind }),
        },
        { type: 'assignDismissed', params: ({ context }) => ({ kind: currentHint(context) as HintKind }) },
      ],
    },
  },
  states: {
    deciding: {
      always: [{ guard: 'isPlayer', target: 'loading' }, { target: 'off' }],
    },
    off: {},
    loading: {
      invoke: {
        id: 'loadHintFacts',
        src: 'loadHintFacts',
        input: ({ context }) => context.player as HintPlayer,
        onDone: { target: 'showing', actions: { type: 'assignFacts', params: ({ event }) => ({ facts: event.output }) } },
        onError: { target: 'unavailable', actions: ['forgetFacts', { type: 'reportError', params: ({ event }) => ({ error: event.error }) }] },
      },
      on: {
        'hints.balance': { guard: 'balanceMoved', target: 'loading', reenter: true, actions: 'noteBalance' },
      },
    },
    unavailable: {
      on: { 'hints.balance': { guard: 'balanceMoved', target: 'loading', actions: 'noteBalance' } },
    },
    showing: {
      initial: 'deciding',
      on: {
        'hints.balance': { guard: and(['balanceMoved', 'awaitsDeposit']), target: 'loading', actions: 'noteBalance' },
      },
      states: {
        deciding: {
          always: [{ guard: 'windowWillClose', target: 'timed' }, { target: 'settled' }],
        },
        timed: {
          after: { windowCloses: '#hints.loading' },
        },
        settled: {},
      },
    },
  },
})
