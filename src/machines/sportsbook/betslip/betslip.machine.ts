// The betslip (docs/machines.md#betslip, docs/sportsbook.md#the-betslip): a long-lived child of the
// root actor. The slip's own life (restore, edit, accept moved prices, place, receipt) and keeping
// it (debounced, to this browser or the account) change independently: two parallel regions.
import { assign, assertEvent, emit, not, sendTo, setup, stateIn } from 'xstate'
import { toMajor } from '../../../shared/money'
import { createId } from '../../app/id'
import { followSlip, placeBets, restoreSlip, saveSlip } from './betslip.actors'
import { acceptPrices, addStake, applyLive, applyPriceChanges, eventIdsOf, isFull, markClosed, onSlip, plansOf, pricesToAccept, problemsOf, savedOf, selectionFromOutcome, selectionOf, signatureOf, stakeOf } from './betslip.rules'
import {
  BETSLIP_NEED_LOGIN,
  SLIP_FULL,
  SLIP_SAVE_DEBOUNCE_MS,
  type BetslipContext,
  type BetslipEmitted,
  type BetslipEvent,
  type BetslipInput,
  type PlaceInput,
  type PlaceResult,
  type RestoreResult,
  type SlipSelection,
} from './betslip.types'

type PlaceDone = { event: { output: PlaceResult } }
const placeResult = ({ event }: PlaceDone) => ({ result: event.output })
type RestoreDone = { event: { output: RestoreResult } }
const restoreResult = ({ event }: RestoreDone) => ({ result: event.output })

/** The bets to place now, each with its key (kept from a try before, or new). */
export function placeInputOf(context: BetslipContext): PlaceInput {
  return {
    policy: context.settings.policy,
    bets: plansOf(context).map((plan) => ({
      key: context.keys[signatureOf(plan)]!,
      kind: plan.kind,
      ...(plan.system ? { system: plan.system } : {}),
      stake: toMajor(plan.stakePerLine, context.currency),
      ...(plan.freeBet ? { free_bet: plan.freeBet } : {}),
      ...(plan.balance ? { balance: plan.balance } : {}),
      selections: plan.selections.map((s) => ({
        outcome_id: s.outcomeId,
        price: s.seen,
      })),
    })),
  }
}

/** The slip's changes that are kept (selections, prices accepted, the policy), each restarting the wait. */
const restart = { target: '#betslip.sync.waiting', reenter: true } as const
const changesRestart = {
  // While the saved slip is read a tap only joins it; the restore decides whether to write.
  'slip.toggle': { guard: not(stateIn({ slip: 'restoring' })), ...restart },
  'slip.remove': restart,
  'slip.clear': restart,
  'slip.policy': restart,
  // Taken here, where every sync state takes it: a region that takes an event hides the root's handler.
  'slip.oddsFormat': { ...restart, actions: 'setOddsFormat' as const },
  'slip.acceptPrices': restart,
  'slip.done': restart,
}

const stakesWithout = (stakes: Readonly<Record<string, string>>, ids: readonly string[]) => Object.fromEntries(Object.entries(stakes).filter(([id]) => !ids.includes(id)))

export const betslipMachine = setup({
  types: {
    input: {} as BetslipInput,
    context: {} as BetslipContext,
    events: {} as BetslipEvent,
    emitted: {} as BetslipEmitted,
    children: {} as {
      restoreSlip: 'restoreSlip'
      saveSlip: 'saveSlip'
      placeBets: 'placeBets'
      followSlip: 'followSlip'
    },
  },
  actors: { restoreSlip, saveSlip, placeBets, followSlip },
  delays: { saveDebounce: SLIP_SAVE_DEBOUNCE_MS },
  actions: {
    /** A visitor pressed Place: the root opens the login (betting is for players). */
    askLogin: emit({ type: BETSLIP_NEED_LOGIN } as const),
    reportError: (_, params: { error: unknown }) => {
      console.error('betslipMachine:', params.error)
    },
    followEvents: sendTo('followSlip', ({ context }) => ({
      type: 'follow' as const,
      eventIds: eventIdsOf(context.selections),
    })),
    assignSession: assign(({ context, event }) => {
      assertEvent(event, 'session.change')
      // A player's slip is the account's: logging out leaves it there, not on this browser.
      return {
        loggedIn: event.loggedIn,
        currency: event.currency,
        refusal: null,
        receipt: [],
        ...(event.loggedIn ? {} : { selections: [], stakes: {}, keys: {}, limits: null, funding: 'main' as const, freeBet: null }),
      }
    }),
    /** The restored slip first, then anything added while it was read. */
    assignRestored: assign(({ context }, params: { result: RestoreResult }) => {
      if (!params.result.ok) return {}
      const { saved, outcomes, settings, freeBet, localFormat } = params.result
      const policy = settings?.policy ?? context.settings.policy
      const restored = saved.flatMap((s) => {
        const o = outcomes.find((x) => x.id === s.outcome_id)
        return o ? [selectionFromOutcome(o, s.price, policy)] : []
      })
      const added = context.selections.filter((s) => !restored.some((r) => r.outcomeId === s.outcomeId))
      return {
        selections: [...restored, ...added],
        // A free bet on the account's slip is what the player means to stake with.
        freeBet,
        funding: freeBet ? ('free_bet' as const) : context.funding === 'free_bet' ? ('main' as const) : context.funding,
        ...(settings
          ? {
              settings: {
                oddsFormat: settings.oddsFormat,
                policy: settings.policy,
              },
              limits: settings.limits,
              currency: settings.limits.currency,
            }
          : localFormat
            ? { settings: { ...context.settings, oddsFormat: localFormat } }
            : {}),
      }
    }),
    toggle: assign(({ context, event }) => {
      assertEvent(event, 'slip.toggle')
      const id = event.pick.outcomeId
      if (onSlip(context.selections, id))
        return {
          selections: context.selections.filter((s) => s.outcomeId !== id),
          stakes: stakesWithout(context.stakes, [id]),
          refusal: null,
        }
      return {
        selections: [...context.selections, selectionOf(event.pick)],
        refusal: null,
      }
    }),
    refuseFull: assign({
      refusal: { type: 'InvalidParameterException', code: SLIP_FULL, data: {} },
    }),
    remove: assign(({ context, event }) => {
      assertEvent(event, 'slip.remove')
      return {
        selections: context.selections.filter((s) => s.outcomeId !== event.outcomeId),
        stakes: stakesWithout(context.stakes, [event.outcomeId]),
        refusal: null,
      }
    }),
    clear: assign({
      selections: [],
      stakes: {},
      accumulatorStake: '',
      systemStake: '',
      refusal: null,
    }),
    clearStakes: assign({
      stakes: {},
      accumulatorStake: '',
      systemStake: '',
      refusal: null,
      receipt: [],
    }),
    clearReceipt: assign({ receipt: [] }),
    setMode: assign(({ event }) => {
      assertEvent(event, 'slip.mode')
      return { mode: event.mode, refusal: null }
    }),
    setSystem: assign(({ event }) => {
      assertEvent(event, 'slip.system')
      return { system: event.system, refusal: null }
    }),
    setStake: assign(({ context, event }) => {
      assertEvent(event, ['slip.stake', 'slip.quickStake'])
      const stake = event.type === 'slip.stake' ? event.stake : addStake(stakeOf(context, event.target), event.amount, context.currency)
      const t = event.target
      if (t.kind === 'single')
        return {
          stakes: { ...context.stakes, [t.outcomeId]: stake },
          refusal: null,
        }
      return t.kind === 'accumulator' ? { accumulatorStake: stake, refusal: null } : { systemStake: stake, refusal: null }
    }),
    setFunding: assign(({ event }) => {
      assertEvent(event, 'slip.funding')
      return { funding: event.funding, refusal: null }
    }),
    /** Activated: the slip stakes with it; given up: the slip goes back to the main balance. */
    assignFreeBet: assign(({ context, event }) => {
      assertEvent(event, 'slip.freeBet')
      if (event.freeBet) return { freeBet: event.freeBet, funding: 'free_bet' as const, refusal: null }
      return { freeBet: null, funding: context.funding === 'free_bet' ? ('main' as const) : context.funding }
    }),
    setOddsFormat: assign(({ context, event }) => {
      assertEvent(event, 'slip.oddsFormat')
      return { settings: { ...context.settings, oddsFormat: event.format } }
    }),
    setPolicy: assign(({ context, event }) => {
      assertEvent(event, 'slip.policy')
      return { settings: { ...context.settings, policy: event.policy } }
    }),
    applyLive: assign(({ context, event }) => {
      assertEvent(event, 'slip.live')
      const { change } = event
      // A message older than one already applied (the socket's order is not the feed's) changes nothing.
      const known = context.eventVersions[change.id]
      if (change.version !== undefined && known !== undefined && change.version <= known) return {}
      const onSlip = new Set(eventIdsOf(context.selections))
      const versions = Object.fromEntries(Object.entries(context.eventVersions).filter(([id]) => onSlip.has(id)))
      return {
        selections: applyLive(context.selections, change, context.settings.policy),
        eventVersions: change.version === undefined ? versions : { ...versions, [change.id]: change.version },
      }
    }),
    acceptPrices: assign(({ context }) => ({
      selections: acceptPrices(context.selections),
      refusal: null,
    })),
    /** A key for every bet about to be placed that has none: a retry of the same bet keeps its key. */
    assignKeys: assign(({ context }) => {
      const keys = { ...context.keys }
      for (const plan of plansOf(context)) keys[signatureOf(plan)] ??= createId()
      return { keys, refusal: null, receipt: [] }
    }),
    /** What was placed leaves the slip's stakes and keys; a refusal stays to be read. */
    assignPlaced: assign(({ context }, params: { result: PlaceResult }) => {
      const placedKeys = new Set(
        params.result.placed.length === 0
          ? []
          : placeInputOf(context)
              .bets.slice(0, params.result.placed.length)
              .map((b) => b.key),
      )
      const keys = Object.fromEntries(Object.entries(context.keys).filter(([, key]) => !placedKeys.has(key)))
      const placedSingles = context.mode === 'single' ? params.result.placed.map((b) => b.legs[0]!.outcome.id) : []
      let selections: readonly SlipSelection[] = context.selections
      const refusal = params.result.refusal
      // A free bet is spent once: placed with it, or refused because it is gone, the slip lets it go.
      const freeBetGone = params.result.placed.some((b) => b.funding === 'free_bet') || refusal?.code === 'sportsbook_bonus_unavailable'
      if (refusal?.changes) selections = applyPriceChanges(selections, refusal.changes)
      if (refusal?.code === 'sportsbook_selection_closed' && refusal.data.outcome_id) selections = markClosed(selections, refusal.data.outcome_id)
      return {
        keys,
        selections,
        stakes: stakesWithout(context.stakes, placedSingles),
        receipt: params.result.placed,
        refusal: refusal ? { type: refusal.type, code: refusal.code, data: refusal.data } : null,
        ...(freeBetGone ? { freeBet: null, funding: 'main' as const } : {}),
      }
    }),
    assignNetworkRefusal: assign({
      refusal: { type: 'NetworkError', code: 'network', data: {} },
    }),
  },
  guards: {
    sessionChanged: ({ context, event }) => {
      assertEvent(event, 'session.change')
      return event.loggedIn !== context.loggedIn
    },
    restored: (_, params: { result: RestoreResult }) => params.result.ok,
    /** The restored slip is not stored where it now belongs, or something was added while it was read. */
    restoredUnsaved: ({ context }, params: { result: RestoreResult }) => params.result.ok && (params.result.unsaved || context.selections.length > 0),
    canToggle: ({ context, event }) => {
      assertEvent(event, 'slip.toggle')
      return onSlip(context.selections, event.pick.outcomeId) || !isFull(context.selections)
    },
    onSlip: ({ context, event }) => {
      assertEvent(event, 'slip.remove')
      return onSlip(context.selections, event.outcomeId)
    },
    hasSelections: ({ context }) => context.selections.length > 0,
    isVisitor: ({ context }) => !context.loggedIn,
    isPlayer: ({ context }) => context.loggedIn,
    /** A player's choice; the free bet only while one is on the slip. */
    fundingAllowed: ({ context, event }) => {
      assertEvent(event, 'slip.funding')
      return context.loggedIn && event.funding !== context.funding && (event.funding !== 'free_bet' || context.freeBet !== null)
    },
    placeable: ({ context }) => problemsOf(context).length === 0,
    pricesToAccept: ({ context }) => pricesToAccept(context.selections),
    noPricesToAccept: ({ context }) => !pricesToAccept(context.selections),
    allPlaced: (_, params: { result: PlaceResult }) => params.result.refusal === null,
    pricesChanged: (_, params: { result: PlaceResult }) => params.result.refusal?.changes !== undefined,
  },
}).createMachine({
  id: 'betslip',
  type: 'parallel',
  context: ({ input }) => ({
    loggedIn: input.loggedIn,
    currency: input.currency,
    selections: [],
    mode: 'single',
    stakes: {},
    accumulatorStake: '',
    systemStake: '',
    system: null,
    settings: { oddsFormat: 'decimal', policy: 'always_ask' },
    limits: null,
    funding: 'main',
    freeBet: null,
    eventVersions: {},
    keys: {},
    refusal: null,
    receipt: [],
  }),
  invoke: {
    id: 'followSlip',
    src: 'followSlip',
    input: ({ context }) => ({ eventIds: eventIdsOf(context.selections) }),
  },
  on: {
    // Wherever the slip is, a price or a suspension on its events shows at once.
    'slip.live': { actions: 'applyLive' },
    // Free bets are a player's: a visitor's slip takes none.
    'slip.freeBet': { guard: 'isPlayer', actions: 'assignFreeBet' },
    'session.change': {
      guard: 'sessionChanged',
      target: ['.slip.restoring', '.sync.idle'],
      actions: ['assignSession', 'followEvents'],
    },
  },
  states: {
    slip: {
      initial: 'restoring',
      states: {
        restoring: {
          // A price tapped while the saved slip is read is kept and joins it.
          on: {
            'slip.toggle': {
              guard: 'canToggle',
              actions: ['toggle', 'followEvents'],
            },
          },
          invoke: {
            id: 'restoreSlip',
            src: 'restoreSlip',
            input: ({ context }) => ({
              loggedIn: context.loggedIn,
              current: savedOf(context.selections),
            }),
            onDone: [
              {
                guard: { type: 'restoredUnsaved', params: restoreResult },
                target: ['editing', '#betslip.sync.waiting'],
                actions: [{ type: 'assignRestored', params: restoreResult }, 'followEvents'],
              },
              {
                guard: { type: 'restored', params: restoreResult },
                target: 'editing',
                actions: [{ type: 'assignRestored', params: restoreResult }, 'followEvents'],
              },
              // Not read (the network, a session gone): the slip starts as it is, and is saved from the next change.
              { target: 'editing' },
            ],
            onError: {
              target: 'editing',
              actions: {
                type: 'reportError',
                params: ({ event }) => ({ error: event.error }),
              },
            },
          },
        },
        editing: {
          // A price moved against the player's policy: they say yes before anything is placed.
          always: { guard: 'pricesToAccept', target: 'reviewing' },
          on: {
            'slip.toggle': [{ guard: 'canToggle', actions: ['toggle', 'followEvents'] }, { actions: 'refuseFull' }],
            'slip.remove': {
              guard: 'onSlip',
              actions: ['remove', 'followEvents'],
            },
            'slip.clear': {
              guard: 'hasSelections',
              actions: ['clear', 'followEvents'],
            },
            'slip.mode': { actions: 'setMode' },
            'slip.system': { actions: 'setSystem' },
            'slip.stake': { actions: 'setStake' },
            'slip.quickStake': { actions: 'setStake' },
            'slip.policy': { actions: 'setPolicy' },
            'slip.funding': { guard: 'fundingAllowed', actions: 'setFunding' },
            'slip.place': [
              { guard: 'isVisitor', actions: 'askLogin' },
              { guard: 'placeable', target: 'placing', actions: 'assignKeys' },
            ],
          },
        },
        /** The "accept new prices" step: nothing is placed at a price the player has not seen. */
        reviewing: {
          always: { guard: 'noPricesToAccept', target: 'editing' },
          on: {
            'slip.acceptPrices': { target: 'editing', actions: 'acceptPrices' },
            'slip.remove': {
              guard: 'onSlip',
              actions: ['remove', 'followEvents'],
            },
            'slip.clear': {
              guard: 'hasSelections',
              actions: ['clear', 'followEvents'],
            },
            'slip.policy': { actions: 'setPolicy' },
          },
        },
        placing: {
          // A second Place while this one is out is not taken: one press, one set of bets.
          invoke: {
            id: 'placeBets',
            src: 'placeBets',
            input: ({ context }) => placeInputOf(context),
            onDone: [
              {
                guard: { type: 'allPlaced', params: placeResult },
                target: 'placed',
                actions: { type: 'assignPlaced', params: placeResult },
              },
              {
                guard: { type: 'pricesChanged', params: placeResult },
                target: 'reviewing',
                actions: { type: 'assignPlaced', params: placeResult },
              },
              {
                target: 'editing',
                actions: { type: 'assignPlaced', params: placeResult },
              },
            ],
            // Unknown whether it was taken: the keys stay, so pressing Place again cannot bet twice.
            onError: {
              target: 'editing',
              actions: [
                'assignNetworkRefusal',
                {
                  type: 'reportError',
                  params: ({ event }) => ({ error: event.error }),
                },
              ],
            },
          },
        },
        /** The receipt; the selections stay for another bet until the player starts afresh. */
        placed: {
          on: {
            'slip.reuse': { target: 'editing', actions: 'clearStakes' },
            'slip.done': {
              target: 'editing',
              actions: ['clear', 'clearReceipt', 'followEvents'],
            },
            'slip.toggle': {
              target: 'editing',
              actions: ['clearStakes', 'toggle', 'followEvents'],
            },
          },
        },
      },
    },
    /** Keeping the slip: a burst of taps is one write, after the last. */
    sync: {
      initial: 'idle',
      states: {
        idle: { on: changesRestart },
        // Each change starts the wait again (the state is re-entered, its delay restarted).
        waiting: { on: changesRestart, after: { saveDebounce: 'saving' } },
        saving: {
          // A change while writing waits its turn: the next write carries it.
          on: changesRestart,
          invoke: {
            id: 'saveSlip',
            src: 'saveSlip',
            input: ({ context }) => ({
              loggedIn: context.loggedIn,
              slip: savedOf(context.selections),
              policy: context.settings.policy,
              oddsFormat: context.settings.oddsFormat,
            }),
            onDone: 'idle',
            onError: {
              target: 'idle',
              actions: {
                type: 'reportError',
                params: ({ event }) => ({ error: event.error }),
              },
            },
          },
        },
      },
    },
  },
})

export type BetslipMachine = typeof betslipMachine
