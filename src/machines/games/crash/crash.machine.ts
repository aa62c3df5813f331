// A player's crash table (docs/games.md#crash, docs/machines.md#crash): the shared round comes from
// the live topic; the player's own bet is a flow of its own inside it: place it while bets are
// open, cash out while the round runs, read its outcome when the round ends, clear it at the next.
import { assign, setup } from 'xstate'
import type { CrashBet, CrashState } from '../../../services/api/contract/games'
import { cashOut, followRound, loadState, newBetKey, placeBet } from './crash.actors'
import { betRoundEnded, canBet, canCashOut, errorCodeOf, newRound } from './crash.rules'
import type { CrashActionParams, CrashContext, CrashErrorCode, CrashEvent, CrashInput } from './crash.types'

export const crashMachine = setup({
  types: {
    input: {} as CrashInput,
    context: {} as CrashContext,
    events: {} as CrashEvent,
  },
  actors: { loadState, placeBet, cashOut, followRound },
  actions: {
    /** Tells the page around the game the player needs a deposit (the shell posts it to its parent). */
    notifyNeedsDeposit: (_, _params: CrashActionParams['notifyNeedsDeposit']) => {},
    /** A settled bet moved the balance: the shell re-reads it. */
    announceBalance: (_, _params: CrashActionParams['announceBalance']) => {},
    assignState: assign((_, params: { state: CrashState }) => ({ round: params.state.round, bet: params.state.bet, history: params.state.history })),
    assignRound: assign(({ context }, params: { round: CrashState['round'] }) => {
      const round = params.round
      // An ended round joins the history the moment it is told.
      const history =
        round && round.phase === 'ended' && round.crashPoint !== null && round.seed && !context.history.some((h) => h.id === round.id)
          ? [{ id: round.id, crashPoint: round.crashPoint, seed: round.seed, hash: round.hash }, ...context.history].slice(0, 20)
          : context.history
      return { round, history }
    }),
    assignBet: assign((_, params: { bet: CrashBet | null }) => ({ bet: params.bet })),
    assignAmount: assign((_, params: { amount: string | null }) => ({ amount: params.amount, error: null })),
    assignAuto: assign((_, params: { autoCashOut: string | null; valid: boolean }) => ({ autoCashOut: params.valid ? params.autoCashOut : null, autoInvalid: !params.valid, error: null })),
    assignError: assign((_, params: { error: CrashErrorCode | null }) => ({ error: params.error })),
  },
  guards: {
    canBet: ({ context }) => context.amount !== null && !context.autoInvalid && canBet(context.round, context.bet),
    canCashOut: ({ context }) => canCashOut(context.round, context.bet),
    betRoundEnded: ({ context }) => betRoundEnded(context.round, context.bet),
    newRound: ({ context }) => newRound(context.round, context.bet),
    isInsufficient: (_, params: { error: unknown }) => errorCodeOf(params.error) === 'insufficient_funds',
    /** Too late: the round crashed before the cash-out reached the server. */
    isRoundOver: (_, params: { error: unknown }) => errorCodeOf(params.error) === 'round_over',
    hasBetInRound: ({ context }) => context.bet !== null && context.round !== null && context.bet.roundId === context.round.id,
  },
}).createMachine({
  id: 'crash',
  context: ({ input }) => ({ game: input.game, mode: input.mode, amount: input.amount, autoCashOut: null, autoInvalid: false, round: null, bet: null, history: [], error: null }),
  initial: 'loading',
  on: {
    'crash.amount': { actions: { type: 'assignAmount', params: ({ event }) => ({ amount: event.amount }) } },
    'crash.auto': { actions: { type: 'assignAuto', params: ({ event }) => ({ autoCashOut: event.autoCashOut, valid: event.valid }) } },
  },
  states: {
    loading: {
      invoke: {
        id: 'loadState',
        src: 'loadState',
        input: ({ context }) => ({ game: context.game }),
        onDone: { target: 'table', actions: { type: 'assignState', params: ({ event }) => ({ state: event.output }) } },
        onError: { target: 'failed', actions: { type: 'assignError', params: { error: 'load_failed' } } },
      },
    },
    failed: {
      on: { 'crash.retry': { target: 'loading', actions: { type: 'assignError', params: { error: null } } } },
    },
    table: {
      invoke: { id: 'followRound', src: 'followRound', input: ({ context }) => ({ game: context.game }) },
      on: { 'crash.update': { actions: { type: 'assignRound', params: ({ event }) => ({ round: event.round }) } } },
      initial: 'deciding',
      states: {
        // Where a (re)loaded table stands: a bet on the round on show is live or being settled.
        deciding: {
          always: [
            { guard: 'betRoundEnded', target: 'settling' },
            { guard: 'hasBetInRound', target: 'placed' },
            { target: 'idle' },
          ],
        },
        idle: {
          on: {
            'crash.bet': { guard: 'canBet', target: 'placing', actions: { type: 'assignError', params: { error: null } } },
            'crash.dismiss': { actions: { type: 'assignError', params: { error: null } } },
          },
        },
        placing: {
          invoke: {
            id: 'placeBet',
            src: 'placeBet',
            input: ({ context }) => ({ game: context.game, mode: context.mode, amount: context.amount!, autoCashOut: context.autoCashOut, key: newBetKey() }),
            onDone: { target: 'placed', actions: { type: 'assignBet', params: ({ event }) => ({ bet: event.output }) } },
            onError: [
              {
                guard: { type: 'isInsufficient', params: ({ event }) => ({ error: event.error }) },
                target: 'needsDeposit',
                actions: [{ type: 'assignError', params: { error: 'insufficient_funds' } }, 'notifyNeedsDeposit'],
              },
              { target: 'idle', actions: { type: 'assignError', params: ({ event }) => ({ error: errorCodeOf(event.error) }) } },
            ],
          },
        },
        placed: {
          // The round ended, or (a dropped socket missed its end) a later one is on show: read how the bet went.
          always: [
            { guard: 'betRoundEnded', target: 'settling' },
            { guard: 'newRound', target: 'settling' },
          ],
          on: { 'crash.cashOut': { guard: 'canCashOut', target: 'cashingOut' } },
        },
        cashingOut: {
          invoke: {
            id: 'cashOut',
            src: 'cashOut',
            input: ({ context }) => ({ game: context.game, bet: context.bet!.id }),
            onDone: { target: 'settled', actions: [{ type: 'assignBet', params: ({ event }) => ({ bet: event.output }) }, { type: 'announceBalance', params: ({ event }) => ({ bet: event.output }) }] },
            onError: [
              { guard: { type: 'isRoundOver', params: ({ event }) => ({ error: event.error }) }, target: 'settling', actions: { type: 'assignError', params: { error: 'round_over' } } },
              { target: 'placed', actions: { type: 'assignError', params: ({ event }) => ({ error: errorCodeOf(event.error) }) } },
            ],
          },
        },
        // The round ended with the bet in it: the server settled it (an automatic cash-out, or lost); read how.
        settling: {
          invoke: {
            id: 'loadSettled',
            src: 'loadState',
            input: ({ context }) => ({ game: context.game }),
            onDone: {
              target: 'settled',
              actions: [
                { type: 'assignBet', params: ({ context, event }) => ({ bet: event.output.bet?.roundId === context.bet?.roundId ? event.output.bet : context.bet }) },
                { type: 'announceBalance', params: ({ context, event }) => ({ bet: event.output.bet ?? context.bet! }) },
              ],
            },
            onError: { target: 'settled' },
          },
        },
        settled: {
          always: { guard: 'newRound', target: 'idle', actions: { type: 'assignBet', params: { bet: null } } },
        },
        needsDeposit: {
          on: {
            'crash.dismiss': { target: 'idle', actions: { type: 'assignError', params: { error: null } } },
            'crash.amount': { target: 'idle', actions: { type: 'assignAmount', params: ({ event }) => ({ amount: event.amount }) } },
          },
        },
      },
    },
  },
})
