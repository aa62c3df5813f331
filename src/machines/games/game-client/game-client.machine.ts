// The game client's table (docs/games.md#the-game-client, docs/machines.md#game-client): our
// extension of SPEC §7 'Games' for the studio's own titles. One player, one title: the purse, the
// stake and options, the round on the table, autoplay, and the page's settings.
//
// Why this shape: a round is a cycle (requesting, revealing, feature, shown, or the step game's
// awaitingAction and acting) run beside a pace timer, so the shortest time between two rounds
// (games/purse minRoundMs) is a state, not a clock read; a spin while it runs waits in `next`.
// Autoplay is a region of its own beside the table: it starts with a round, counts each one the
// table settles, and decides before the next whether its stop conditions hold. A second spin while
// a round is in flight is not taken, and a retry after a request with no answer sends the same key.
import { and, assign, not, or, setup, stateIn } from 'xstate'
import type { Purse, Round } from '../../../services/api/contract/games'
import { actInRound, effects, loadTable, parentMessages, refreshPurse, startRound } from './game-client.actors'
import {
  acceptStake,
  addToHistory,
  autoplayRun,
  autoplaySettled,
  autoplayStarted,
  autoplayStop,
  balanceAnnouncement,
  balanceBeforeWin,
  clientError,
  doubleStake,
  FEATURE_TIMEOUT_MS,
  halveStake,
  hasFeature,
  freeSpinsOf,
  isFreeSpinGone,
  isInsufficient,
  isOpenRound,
  isRoundInProgress,
  isRoundMoved,
  lacksFunds,
  maxStake,
  minStake,
  REVEAL_TIMEOUT_MS,
  roundKey,
  stakeAfterLoad,
  openingBet,
  stakePlayable,
  nextRoundAmount,
  purseAfterFreeSpin,
} from './game-client.rules'
import type { AutoplaySettings, AutoplayStopReason, GameClientContext, GameClientError, GameClientEvent, GameClientInput, LoadedTable, SavedBet } from './game-client.types'

const amountOf = (context: GameClientContext) => nextRoundAmount(context)

/** A value an invoke needs: its absence is a bug in the chart, said loudly. */
function required<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`gameClient: ${what} is missing`)
  return value
}

const IDS = {
  idle: '#gameClient.table.idle',
  cycle: '#gameClient.table.cycle',
  shown: '#gameClient.table.cycle.flow.shown',
  awaitingAction: '#gameClient.table.cycle.flow.awaitingAction',
  paceDone: '#gameClient.table.cycle.pace.done',
  loading: '#gameClient.table.loading',
  loadFailed: '#gameClient.table.loadFailed',
  refreshing: '#gameClient.table.refreshing',
  insufficientFunds: '#gameClient.table.insufficientFunds',
  error: '#gameClient.table.error',
  autoplayRunning: '#gameClient.autoplay.running',
  autoplayOff: '#gameClient.autoplay.off',
} as const

/** The balance the framing page hears of after a round moved it (real money only: balanceAnnouncement). */
const ANNOUNCE = { type: 'announceBalance', params: ({ context }: { context: GameClientContext }) => balanceAnnouncement(context) } as const

/** The spins left after a free spin, for the framing page's counter. */
const ANNOUNCE_SPINS = {
  type: 'announceFreeSpins',
  params: ({ context }: { context: GameClientContext }) => (context.round?.freeSpin?.remaining != null ? { remaining: context.round.freeSpin.remaining } : null),
} as const

/** The result's bookkeeping, on every way into `shown` from a round in play. */
const SETTLE = ['settleRound', ANNOUNCE] as const

/**
 * Stake and options change between rounds, never while autoplay runs (`bet.*`: the stake typed or
 * picked, halved, doubled, at the minimum or maximum, and the view's options); `to` leaves an error
 * or deposit screen for the table.
 */
function betEvents(to?: string) {
  return { 'bet.*': { guard: 'mayChangeBet', actions: ['applyBet', 'rememberBet'], ...(to ? { target: to } : {}) } } as const
}

export const gameClientMachine = setup({
  types: {
    input: {} as GameClientInput,
    context: {} as GameClientContext,
    events: {} as GameClientEvent,
  },
  actors: { loadTable, refreshPurse, startRound, actInRound, parentMessages },
  delays: {
    minRound: ({ context }) => context.purse?.minRoundMs ?? 0,
    revealTimeout: REVEAL_TIMEOUT_MS,
    featureTimeout: FEATURE_TIMEOUT_MS,
  },
  actions: {
    /** Tells the framing page the player needs a deposit (`needs_deposit`). */
    notifyNeedsDeposit: () => effects.notifyNeedsDeposit(),
    /** Tells the framing page a real-money balance moved (`balance_changed`). */
    announceBalance: (_, params: { balance: string; currency: string } | null) => {
      if (params) effects.announceBalance(params)
    },
    /** Tells the framing page how many free spins are left (`free_spins`). */
    announceFreeSpins: (_, params: { remaining: number } | null) => {
      if (params) effects.announceFreeSpins(params)
    },
    /** Asks the framing page to close the game (`close`). */
    requestClose: () => effects.requestClose(),
    rememberSettings: ({ context }) => effects.rememberSettings({ soundOn: context.soundOn, turbo: context.turbo }),
    rememberBet: ({ context }) => effects.rememberBet({ game: context.game, saved: savedBetOf(context) }),
    assignTable: assign(({ context }, params: { table: LoadedTable }) => {
      const { purse, open, history, prefs } = params.table
      const stake = stakeAfterLoad(purse, context.stake, prefs.saved)
      return {
        purse,
        balance: purse.balance,
        stake,
        bet: prefs.saved ? prefs.saved.bet : context.bet === context.defaultBet ? openingBet(context.bet, stake, purse.currency) : context.bet,
        // A step game left open (a reload) goes on where it was; nothing else is on the table after a load.
        round: context.stepGame && isOpenRound(open) ? open : null,
        history: [...history],
        soundOn: prefs.soundOn,
        turbo: prefs.turbo,
        error: null,
        packSpent: false,
      }
    }),
    assignPurse: assign(({ context }, params: { purse: Purse }) => ({
      purse: params.purse,
      balance: params.purse.balance,
      stake: stakeAfterLoad(params.purse, context.stake, null),
      packSpent: false,
    })),
    assignMode: assign((_, params: { mode: GameClientContext['mode'] }) => ({ mode: params.mode })),
    /** A change of stake or options between rounds (the typed stake is parsed by the view, kept within the limits here). */
    applyBet: assign(({ context, event }) => {
      const purse = context.purse
      switch (event.type) {
        case 'bet.stake':
          return { stake: acceptStake(purse, event.stake) ?? context.stake, error: null }
        case 'bet.halve':
          return { stake: halveStake(purse, context.stake), error: null }
        case 'bet.double':
          return { stake: doubleStake(purse, context.stake), error: null }
        case 'bet.min':
          return { stake: minStake(purse) ?? context.stake, error: null }
        case 'bet.max':
          return { stake: maxStake(purse) ?? context.stake, error: null }
        case 'bet.options':
          return { bet: event.bet, error: null }
        default:
          return {}
      }
    }),
    newRoundKey: assign(({ context }) => ({ keyCount: context.keyCount + 1, key: roundKey(context.keySeed, context.keyCount + 1), error: null })),
    /** The round as the server answered it: the stake is gone from the balance shown, its win shows with the result. */
    assignRound: assign(({ context }, params: { round: Round }) => ({
      round: params.round,
      purse: purseAfterFreeSpin(context.purse, params.round),
      packSpent: params.round.freeSpin?.remaining === 0,
      balance: balanceBeforeWin(params.round, context.balance),
      history: params.round.status === 'open' ? context.history : addToHistory(context.history, params.round),
      error: null,
    })),
    /** The round's result is on show: its balance, its place in the history, and the autoplay run's count. */
    settleRound: assign(({ context }) => {
      const round = required(context.round, 'the round to settle')
      const balance = round.balance ?? context.balance
      return {
        balance,
        purse: context.purse && balance !== null ? { ...context.purse, balance } : context.purse,
        history: addToHistory(context.history, round),
        autoplay: context.autoplay && context.autoplay.stopReason === null ? autoplaySettled(context.autoplay, round) : context.autoplay,
      }
    }),
    assignError: assign((_, params: { error: GameClientError | null }) => ({ error: params.error })),
    assignSound: assign((_, params: { on: boolean }) => ({ soundOn: params.on })),
    assignTurbo: assign((_, params: { on: boolean }) => ({ turbo: params.on })),
    startAutoplay: assign(({ context }, params: { settings: AutoplaySettings }) => ({
      autoplay: autoplayStarted(autoplayRun(params.settings, context.purse?.autoplayMaxRounds ?? 1)),
    })),
    countAutoplayRound: assign(({ context }) => ({ autoplay: context.autoplay ? autoplayStarted(context.autoplay) : null })),
    stopAutoplay: assign(({ context }, params: { reason: AutoplayStopReason }) => ({
      autoplay: context.autoplay ? { ...context.autoplay, stopReason: params.reason } : null,
    })),
  },
  guards: {
    canSpin: ({ context }) => stakePlayable(context.purse, amountOf(context)) && !lacksFunds(context.purse, context.balance, amountOf(context)),
    lacksFunds: ({ context }) => stakePlayable(context.purse, amountOf(context)) && lacksFunds(context.purse, context.balance, amountOf(context)),
    canStartAutoplay: ({ context, event }) =>
      event.type === 'autoplay.start' &&
      !context.stepGame &&
      // A pack's spins are played one by one: its stake is not the player's, so no run's limits fit it.
      freeSpinsOf(context.purse) === null &&
      event.settings.rounds >= 1 &&
      stakePlayable(context.purse, amountOf(context)) &&
      !lacksFunds(context.purse, context.balance, amountOf(context)),
    /** Bets change between rounds, never while autoplay runs or a free-spin pack sets the stake. */
    mayChangeBet: and([stateIn(IDS.autoplayOff), ({ context }) => freeSpinsOf(context.purse) === null]),
    packSpent: ({ context }) => context.packSpent,
    /** A player (never a visitor's demo purse) asks for the other purse. */
    switchesMode: ({ context, event }) => event.type === 'mode.set' && context.purse !== null && context.purse.mode !== 'demo' && event.mode !== context.mode,
    resumesRound: ({ context }) => context.stepGame && isOpenRound(context.round),
    roundOpen: (_, params: { round: Round }) => params.round.status === 'open',
    hasFeature: ({ context }) => hasFeature(context.round),
    unpaced: ({ context }) => (context.purse?.minRoundMs ?? 0) <= 0,
    paceDone: stateIn(IDS.paceDone),
    isInsufficient: (_, params: { error: unknown }) => isInsufficient(params.error),
    isRoundInProgress: (_, params: { error: unknown }) => isRoundInProgress(params.error),
    isFreeSpinGone: (_, params: { error: unknown }) => isFreeSpinGone(params.error),
    isRoundMoved: (_, params: { error: unknown }) => isRoundMoved(params.error),
    outcomeUnknown: ({ context }) => context.error?.outcomeUnknown === true,
    autoplayRunning: stateIn(IDS.autoplayRunning),
    /** The run goes on after this result: none of its stop conditions holds and the stake is covered. */
    autoplayGoesOn: and([
      stateIn(IDS.autoplayRunning),
      ({ context }) => context.autoplay !== null && autoplayStop(context.autoplay, amountOf(context), context.purse?.currency ?? null) === null,
      ({ context }) => stakePlayable(context.purse, amountOf(context)),
    ]),
    autoplayStopsHere: and([
      stateIn(IDS.shown),
      ({ context }) => context.autoplay !== null && autoplayStop(context.autoplay, amountOf(context), context.purse?.currency ?? null) !== null,
    ]),
    tableInsufficient: stateIn(IDS.insufficientFunds),
  },
}).createMachine({
  id: 'gameClient',
  type: 'parallel',
  context: ({ input }) => ({
    game: input.game,
    kind: input.kind,
    stepGame: input.stepGame,
    mode: input.mode,
    defaultBet: input.defaultBet,
    purse: null,
    balance: null,
    stake: null,
    bet: input.defaultBet,
    round: null,
    history: [],
    keySeed: input.keySeed,
    keyCount: 0,
    key: null,
    error: null,
    autoplay: null,
    packSpent: false,
    soundOn: false,
    turbo: false,
  }),
  // The framing page's set_sound and refresh_balance, for as long as the table is open.
  invoke: { id: 'parentMessages', src: 'parentMessages' },
  on: {
    'settings.sound': {
      actions: [
        { type: 'assignSound', params: ({ event }) => ({ on: event.on }) },
        'rememberSettings',
      ],
    },
    'settings.turbo': {
      actions: [
        { type: 'assignTurbo', params: ({ event }) => ({ on: event.on }) },
        'rememberSettings',
      ],
    },
    'client.close': { actions: 'requestClose' },
  },
  states: {
    table: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'loadTable',
            src: 'loadTable',
            input: ({ context }) => ({ game: context.game, mode: context.mode }),
            onDone: { target: 'deciding', actions: { type: 'assignTable', params: ({ event }) => ({ table: event.output }) } },
            onError: 'loadFailed',
          },
        },
        loadFailed: { on: { 'table.retry': 'loading' } },
        // A step game's round left open by a reload goes on where it stood.
        deciding: { always: [{ guard: 'resumesRound', target: IDS.awaitingAction }, { target: 'idle' }] },
        idle: {
          on: {
            ...betEvents(),
            'round.spin': [
              { guard: 'lacksFunds', target: 'insufficientFunds' },
              { guard: 'canSpin', target: 'cycle', actions: 'newRoundKey' },
            ],
            'autoplay.start': { guard: 'canStartAutoplay', target: 'cycle', actions: 'newRoundKey' },
            'mode.set': {
              guard: 'switchesMode',
              target: 'loading',
              actions: { type: 'assignMode', params: ({ event }) => ({ mode: event.mode }) },
            },
            'purse.refresh': 'refreshing',
          },
        },
        cycle: {
          type: 'parallel',
          states: {
            flow: {
              initial: 'requesting',
              states: {
                requesting: {
                  invoke: {
                    id: 'startRound',
                    src: 'startRound',
                    input: ({ context }) => ({
                      game: context.game,
                      amount: required(amountOf(context), 'the stake'),
                      bet: context.bet,
                      key: required(context.key, 'the round key'),
                      mode: context.mode,
                      freeSpin: freeSpinsOf(context.purse)?.pack,
                    }),
                    onDone: [
                      {
                        guard: { type: 'roundOpen', params: ({ event }) => ({ round: event.output }) },
                        target: 'awaitingAction',
                        actions: [{ type: 'assignRound', params: ({ event }) => ({ round: event.output }) }, ANNOUNCE],
                      },
                      { target: 'revealing', actions: [{ type: 'assignRound', params: ({ event }) => ({ round: event.output }) }, ANNOUNCE_SPINS] },
                    ],
                    onError: [
                      { guard: { type: 'isInsufficient', params: ({ event }) => ({ error: event.error }) }, target: IDS.insufficientFunds },
                      { guard: { type: 'isFreeSpinGone', params: ({ event }) => ({ error: event.error }) }, target: IDS.loading },
                      // Another round of this title is unfinished (another tab, a reload mid-request): resume it.
                      { guard: { type: 'isRoundInProgress', params: ({ event }) => ({ error: event.error }) }, target: IDS.loading },
                      { target: IDS.error, actions: { type: 'assignError', params: ({ event }) => ({ error: clientError(event.error) }) } },
                    ],
                  },
                },
                revealing: {
                  after: { revealTimeout: { target: 'shown', actions: SETTLE } },
                  on: {
                    'round.shown': [{ guard: 'hasFeature', target: 'feature' }, { target: 'shown', actions: SETTLE }],
                    'round.skip': { target: 'shown', actions: SETTLE },
                  },
                },
                // A slot's free spins, shown after the base spin.
                feature: {
                  after: { featureTimeout: { target: 'shown', actions: SETTLE } },
                  on: {
                    'round.shown': { target: 'shown', actions: SETTLE },
                    'round.skip': { target: 'shown', actions: SETTLE },
                  },
                },
                awaitingAction: {
                  on: {
                    'round.action': 'acting',
                    'error.dismiss': { actions: { type: 'assignError', params: { error: null } } },
                  },
                },
                acting: {
                  invoke: {
                    id: 'actInRound',
                    src: 'actInRound',
                    input: ({ context, event }) => {
                      const round = required(context.round, 'the open round')
                      const action = required(event.type === 'round.action' ? event.action : null, 'the action')
                      return { round: round.id, step: round.step, action }
                    },
                    onDone: [
                      {
                        guard: { type: 'roundOpen', params: ({ event }) => ({ round: event.output }) },
                        target: 'awaitingAction',
                        actions: [{ type: 'assignRound', params: ({ event }) => ({ round: event.output }) }, ANNOUNCE],
                      },
                      { target: 'shown', actions: [{ type: 'assignRound', params: ({ event }) => ({ round: event.output }) }, ...SETTLE] },
                    ],
                    onError: [
                      {
                        guard: { type: 'isInsufficient', params: ({ event }) => ({ error: event.error }) },
                        target: 'awaitingAction',
                        actions: [{ type: 'assignError', params: { error: { code: 'insufficient_funds', limit: null, outcomeUnknown: false } } }, 'notifyNeedsDeposit'],
                      },
                      // The round moved on without this page (another tab, a lost answer): read where it stands.
                      { guard: { type: 'isRoundMoved', params: ({ event }) => ({ error: event.error }) }, target: IDS.loading },
                      { target: 'awaitingAction', actions: { type: 'assignError', params: ({ event }) => ({ error: clientError(event.error) }) } },
                    ],
                  },
                },
                shown: {
                  always: [
                    // The pack ran out: read the purse, which brings the next pack of this title if there is one.
                    { guard: 'packSpent', target: IDS.refreshing },
                    { guard: and(['autoplayGoesOn', 'lacksFunds']), target: IDS.insufficientFunds },
                    { guard: 'autoplayGoesOn', target: 'next', actions: ['newRoundKey', 'countAutoplayRound'] },
                  ],
                  on: {
                    ...betEvents(),
                    // Autoplay never rests here (it goes on to `next` or stops), so a spin is the player's own.
                    'round.spin': [
                      { guard: 'lacksFunds', target: IDS.insufficientFunds },
                      { guard: 'canSpin', target: 'next', actions: 'newRoundKey' },
                    ],
                    'autoplay.start': {
                      guard: and([not('autoplayRunning'), 'canStartAutoplay']),
                      target: 'next',
                      actions: 'newRoundKey',
                    },
                    'mode.set': {
                      guard: and([not('autoplayRunning'), 'switchesMode']),
                      target: IDS.loading,
                      actions: { type: 'assignMode', params: ({ event }) => ({ mode: event.mode }) },
                    },
                    'purse.refresh': { guard: not('autoplayRunning'), target: IDS.refreshing },
                  },
                },
                // The next round waits out the pace: the shortest time between two rounds.
                next: {
                  always: { guard: 'paceDone', target: IDS.cycle, reenter: true },
                  on: { 'autoplay.stop': { guard: 'autoplayRunning', target: 'shown' } },
                },
              },
            },
            pace: {
              initial: 'cooling',
              states: {
                cooling: { always: { guard: 'unpaced', target: 'done' }, after: { minRound: 'done' } },
                done: {},
              },
            },
          },
        },
        insufficientFunds: {
          entry: 'notifyNeedsDeposit',
          on: {
            ...betEvents(IDS.idle),
            'deposit.request': { actions: 'notifyNeedsDeposit' },
            'round.spin': { guard: 'canSpin', target: 'cycle', actions: 'newRoundKey' },
            'error.dismiss': 'idle',
            'purse.refresh': 'refreshing',
            'mode.set': {
              guard: 'switchesMode',
              target: 'loading',
              actions: { type: 'assignMode', params: ({ event }) => ({ mode: event.mode }) },
            },
          },
        },
        refreshing: {
          invoke: {
            id: 'refreshPurse',
            src: 'refreshPurse',
            input: ({ context }) => ({ game: context.game, mode: context.mode }),
            onDone: {
              target: 'idle',
              actions: [
                // After a spent pack, the framing page hears of the next one (or that none is left).
                { type: 'announceFreeSpins', params: ({ context, event }) => (context.packSpent ? { remaining: event.output.freeSpins?.remaining ?? 0 } : null) },
                { type: 'assignPurse', params: ({ event }) => ({ purse: event.output }) },
              ],
            },
            onError: 'idle',
          },
        },
        // The request failed: the message says why, the stake and options stay, and a retry is one tap.
        error: {
          on: {
            ...betEvents(IDS.idle),
            // The balance covered the stake when the request left, and nothing here changes either.
            'round.retry': [
              // No answer came: the round may have been played, so the same key asks again.
              { guard: 'outcomeUnknown', target: 'cycle' },
              { target: 'cycle', actions: 'newRoundKey' },
            ],
            'round.spin': { target: 'cycle', actions: 'newRoundKey' },
            'error.dismiss': { target: 'idle', actions: { type: 'assignError', params: { error: null } } },
            'purse.refresh': 'refreshing',
            'mode.set': {
              guard: 'switchesMode',
              target: 'loading',
              actions: { type: 'assignMode', params: ({ event }) => ({ mode: event.mode }) },
            },
          },
        },
      },
    },
    autoplay: {
      initial: 'off',
      states: {
        off: {
          on: {
            'autoplay.start': {
              // Only where the table takes it too: between rounds.
              guard: and(['canStartAutoplay', or([stateIn(IDS.idle), stateIn(IDS.shown)])]),
              target: 'running',
              actions: { type: 'startAutoplay', params: ({ event }) => ({ settings: event.settings }) },
            },
          },
        },
        running: {
          always: [
            { guard: 'tableInsufficient', target: 'off', actions: { type: 'stopAutoplay', params: { reason: 'funds' } } },
            { guard: not(stateIn(IDS.cycle)), target: 'off', actions: { type: 'stopAutoplay', params: { reason: 'error' } } },
            {
              guard: 'autoplayStopsHere',
              target: 'off',
              actions: {
                type: 'stopAutoplay',
                params: ({ context }) => ({ reason: autoplayStop(context.autoplay!, amountOf(context), context.purse?.currency ?? null) ?? 'rounds' }),
              },
            },
          ],
          on: { 'autoplay.stop': { target: 'off', actions: { type: 'stopAutoplay', params: { reason: 'player' } } } },
        },
      },
    },
  },
})

/** The stake and options as the page remembers them for the next visit. */
function savedBetOf(context: GameClientContext): SavedBet {
  return { currency: context.purse?.currency ?? '', stake: context.stake ?? '', bet: context.bet }
}

export type GameClientMachine = typeof gameClientMachine
