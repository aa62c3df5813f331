// The player's betting bonuses, "Betting bonuses" of /profile/bonuses (SPEC §7 Betting bonuses get,
// activate, remove; §2.4 betting-bonus-activated; docs/sportsbook.md#betting-bonuses).
//
// Why this shape. The list is read once (`loading`, then `list`, `empty` or `loadFailed` with a
// retry). One bonus at a time is acted on: an activation is sent at once and, accepted, opens the
// betting-bonus-activated dialog (the free bet is on the betslip); a removal gives the free bet up
// for good, so it is asked about first (`confirmingRemove`). A refusal stays at that bonus as
// `actionError` and the list is kept as it was: the server's answer is the only thing that moves it.
import { assign, setup } from 'xstate'
import { activateBonus, loadBonuses, removeBonus } from './betting-bonuses.actors'
import { slipFreeBetOf } from '../betslip/betslip.rules'
import { canActivate, canRemove, withBonus } from './betting-bonuses.rules'
import {
  BETTING_BONUS_ACTIVATED_DIALOG_ID,
  type BettingBonusesActionParams,
  type BettingBonusesContext,
  type BettingBonusesEvent,
  type BettingBonusesInput,
  type BonusActionResult,
  type LoadBonusesResult,
} from './betting-bonuses.types'

export const BETTING_BONUSES_TAGS = {
  /** The list is read: skeletons. */
  loading: 'loading.bonuses',
  /** An activation or removal is on its way: that bonus's buttons wait. */
  busy: 'bonus.busy',
} as const

type Loaded = { event: { output: LoadBonusesResult } }
const loaded = ({ event }: Loaded) => ({ result: event.output })
type Acted = { event: { output: BonusActionResult } }
const acted = ({ event }: Acted) => ({ result: event.output })
const reportError = { type: 'reportError', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) } as const

const bettingBonusesSetup = setup({
  types: {
    input: {} as BettingBonusesInput,
    context: {} as BettingBonusesContext,
    events: {} as BettingBonusesEvent,
    children: {} as { loadBonuses: 'loadBonuses'; activateBonus: 'activateBonus'; removeBonus: 'removeBonus' },
    tags: {} as (typeof BETTING_BONUSES_TAGS)[keyof typeof BETTING_BONUSES_TAGS],
  },
  actors: { loadBonuses, activateBonus, removeBonus },
  actions: {
    reportError: (_, params: BettingBonusesActionParams['reportError']) => {
      console.error('bettingBonusesMachine:', params.error)
    },
    assignList: assign((_, params: { result: LoadBonusesResult }) => (params.result.ok ? { bonuses: params.result.bonuses, failure: null } : { failure: params.result.error })),
    assignNetworkFailure: assign({ failure: { type: 'NetworkError' } }),
    assignTarget: assign(({ event }) => ('id' in event ? { target: event.id, actionError: null } : {})),
    clearTarget: assign({ target: null }),
    assignBonus: assign(({ context }, params: { result: BonusActionResult }) => (params.result.ok ? { bonuses: withBonus(context.bonuses, params.result.bonus), target: null } : {})),
    assignActionError: assign(({ context }, params: { result: BonusActionResult; action: 'activate' | 'remove' }) =>
      !params.result.ok && context.target !== null ? { actionError: { id: context.target, action: params.action, failure: params.result.error }, target: null } : { target: null },
    ),
    assignActionNetworkError: assign(({ context }, params: { action: 'activate' | 'remove' }) =>
      context.target !== null ? { actionError: { id: context.target, action: params.action, failure: { type: 'NetworkError' } }, target: null } : { target: null },
    ),
    /** The free bet is on the betslip: the dialog says so and offers the way to the bets. */
    openActivated: ({ context }, params: { result: BonusActionResult }) => {
      if (!params.result.ok || !context.dialogs) return
      const { amount, currency, min_price } = params.result.bonus
      context.dialogs.send({ type: 'dialog.open', dialog: { id: BETTING_BONUS_ACTIVATED_DIALOG_ID, kind: 'betting-bonus-activated', props: { amount, currency, min_price } } })
    },
    /** The betslip stakes with the free bet just activated, or lets go of the one just removed (it was on the slip when active). */
    tellSlip: ({ context }, params: { result: BonusActionResult; action: 'activate' | 'remove' }) => {
      const { result } = params
      const slip = context.betslip?.()
      if (!result.ok || !slip) return
      if (params.action === 'activate') slip.send({ type: 'slip.freeBet', freeBet: slipFreeBetOf(result.bonus) })
      else if (context.bonuses.find((b) => b.id === result.bonus.id)?.status === 'active') slip.send({ type: 'slip.freeBet', freeBet: null })
    },
  },
  guards: {
    some: (_, params: { result: LoadBonusesResult }) => params.result.ok && params.result.bonuses.length > 0,
    read: (_, params: { result: LoadBonusesResult }) => params.result.ok,
    accepted: (_, params: { result: BonusActionResult }) => params.result.ok,
    activatable: ({ context, event }) => event.type === 'bonus.activate' && canActivate(context.bonuses, event.id),
    removable: ({ context, event }) => event.type === 'bonus.remove' && canRemove(context.bonuses, event.id),
  },
})

export const bettingBonusesMachine = bettingBonusesSetup.createMachine({
  id: 'bettingBonuses',
  context: ({ input }) => ({ dialogs: input.dialogs ?? null, betslip: input.betslip ?? null, bonuses: [], failure: null, target: null, actionError: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: BETTING_BONUSES_TAGS.loading,
      invoke: {
        id: 'loadBonuses',
        src: 'loadBonuses',
        onDone: [
          { guard: { type: 'some', params: loaded }, target: 'list', actions: { type: 'assignList', params: loaded } },
          { guard: { type: 'read', params: loaded }, target: 'empty', actions: { type: 'assignList', params: loaded } },
          { target: 'loadFailed', actions: { type: 'assignList', params: loaded } },
        ],
        onError: { target: 'loadFailed', actions: ['assignNetworkFailure', reportError] },
      },
    },
    loadFailed: { on: { 'bonuses.retry': 'loading' } },
    /** No betting bonus at all: the page says how they come (the operator, promotions). */
    empty: {},
    list: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'bonus.activate': { guard: 'activatable', target: 'activating', actions: 'assignTarget' },
            'bonus.remove': { guard: 'removable', target: 'confirmingRemove', actions: 'assignTarget' },
          },
        },
        confirmingRemove: {
          on: {
            'bonus.remove.confirm': 'removing',
            'bonus.remove.cancel': { target: 'idle', actions: 'clearTarget' },
          },
        },
        activating: {
          tags: BETTING_BONUSES_TAGS.busy,
          invoke: {
            id: 'activateBonus',
            src: 'activateBonus',
            input: ({ context }) => ({ id: context.target ?? '' }),
            onDone: [
              { guard: { type: 'accepted', params: acted }, target: 'idle', actions: [{ type: 'openActivated', params: acted }, { type: 'tellSlip', params: ({ event }: Acted) => ({ result: event.output, action: 'activate' as const }) }, { type: 'assignBonus', params: acted }] },
              { target: 'idle', actions: { type: 'assignActionError', params: ({ event }: Acted) => ({ result: event.output, action: 'activate' as const }) } },
            ],
            onError: { target: 'idle', actions: [{ type: 'assignActionNetworkError', params: { action: 'activate' } }, reportError] },
          },
        },
        removing: {
          tags: BETTING_BONUSES_TAGS.busy,
          invoke: {
            id: 'removeBonus',
            src: 'removeBonus',
            input: ({ context }) => ({ id: context.target ?? '' }),
            onDone: [
              { guard: { type: 'accepted', params: acted }, target: 'idle', actions: [{ type: 'tellSlip', params: ({ event }: Acted) => ({ result: event.output, action: 'remove' as const }) }, { type: 'assignBonus', params: acted }] },
              { target: 'idle', actions: { type: 'assignActionError', params: ({ event }: Acted) => ({ result: event.output, action: 'remove' as const }) } },
            ],
            onError: { target: 'idle', actions: [{ type: 'assignActionNetworkError', params: { action: 'remove' } }, reportError] },
          },
        },
      },
    },
  },
})

export type BettingBonusesMachine = typeof bettingBonusesMachine
