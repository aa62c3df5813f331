// The operator's site popups (content/<locale>/popups.json): a popup opens delaySeconds after its
// trigger (the first visit, a login, a registration, the pointer leaving the window), once per
// browser, for its audience only, and never over a game or the deposit (docs/machines.md#site-popups).

import { assign, setup } from 'xstate'
import { carryTrigger, exitIntent, readMemory, writeSeen } from './site-popups.actors'
import { delayMs, fitsAudience, isQuietPath, popupFor } from './site-popups.rules'
import type { CarriedTrigger, PopupTrigger, SitePopup, SitePopupsContext, SitePopupsEvent, SitePopupsInput } from './site-popups.types'

export const sitePopupsMachine = setup({
  types: {
    input: {} as SitePopupsInput,
    context: {} as SitePopupsContext,
    events: {} as SitePopupsEvent,
  },
  actors: { readMemory, exitIntent },
  delays: { popupDelay: ({ context }) => delayMs(context.pending) },
  actions: {
    /** Puts the popup on the dialog stack, after whatever is open. The root provides it. */
    openPopup: (_, params: { popup: SitePopup }) => {
      throw new Error(`sitePopupsMachine: action "openPopup" not provided (${params.popup.id})`)
    },
    rememberSeen: (_, params: { seen: readonly string[] }) => writeSeen(params.seen),
    /** A login lands with a full load: the trigger goes with the tab to the page that loads. */
    carryTrigger: (_, params: { trigger: CarriedTrigger }) => carryTrigger(params.trigger),
    assignSeen: assign((_, params: { seen: readonly string[] }) => ({ seen: params.seen })),
    assignPending: assign(({ context }, params: { trigger: PopupTrigger }) => ({ pending: popupFor(context.items, params.trigger, context.loggedIn, context.seen) })),
    dropPending: assign({ pending: null }),
    markShown: assign(({ context }) => ({
      seen: context.pending ? [...context.seen.filter((id) => id !== context.pending?.id), context.pending.id] : context.seen,
      pending: null,
    })),
    assignLoggedIn: assign((_, params: { loggedIn: boolean }) => ({ loggedIn: params.loggedIn })),
    /** A login or a registration is a player, whichever of the root's two messages comes first. */
    cameIn: assign({ loggedIn: true }),
    assignPath: assign((_, params: { path: string }) => ({ path: params.path })),
  },
  guards: {
    hasPopup: ({ context }, params: { trigger: PopupTrigger | null; seen?: readonly string[]; loggedIn?: boolean }) =>
      params.trigger !== null && popupFor(context.items, params.trigger, params.loggedIn ?? context.loggedIn, params.seen ?? context.seen) !== null,
    sameRole: ({ context }, params: { loggedIn: boolean }) => params.loggedIn === context.loggedIn,
    onQuietPath: ({ context }) => isQuietPath(context.path),
    pendingFitsAudience: ({ context }) => context.pending !== null && fitsAudience(context.pending, context.loggedIn),
  },
}).createMachine({
  id: 'sitePopups',
  context: ({ input }) => ({ items: input.items, loggedIn: input.loggedIn, path: input.path, seen: [], pending: null }),
  initial: 'loading',
  on: {
    'route.change': { actions: { type: 'assignPath', params: ({ event }) => ({ path: event.path }) } },
    'session.change': { actions: { type: 'assignLoggedIn', params: ({ event }) => ({ loggedIn: event.loggedIn }) } },
  },
  states: {
    loading: {
      invoke: {
        id: 'readMemory',
        src: 'readMemory',
        onDone: [
          // The page before this one saw a login or a registration: its popup comes first.
          {
            guard: { type: 'hasPopup', params: ({ event }) => ({ trigger: event.output.carried, seen: event.output.seen }) },
            target: 'waiting',
            actions: [
              { type: 'assignSeen', params: ({ event }) => ({ seen: event.output.seen }) },
              { type: 'assignPending', params: ({ event }) => ({ trigger: event.output.carried as CarriedTrigger }) },
            ],
          },
          { target: 'firstVisit', actions: { type: 'assignSeen', params: ({ event }) => ({ seen: event.output.seen }) } },
        ],
        // Unreadable storage: nothing seen; a popup may show again, nothing worse.
        onError: 'firstVisit',
      },
    },
    // The page has just started: a popup for a first visit of this browser, if it has not shown.
    firstVisit: {
      always: [
        { guard: { type: 'hasPopup', params: { trigger: 'firstVisit' } }, target: 'waiting', actions: { type: 'assignPending', params: { trigger: 'firstVisit' } } },
        { target: 'idle' },
      ],
    },
    idle: {
      invoke: { id: 'exitIntent', src: 'exitIntent' },
      on: {
        'popups.trigger': {
          guard: { type: 'hasPopup', params: ({ event }) => ({ trigger: event.trigger, loggedIn: true }) },
          target: 'waiting',
          actions: ['cameIn', { type: 'assignPending', params: ({ event }) => ({ trigger: event.trigger }) }, { type: 'carryTrigger', params: ({ event }) => ({ trigger: event.trigger }) }],
        },
        'popups.exitIntent': {
          guard: { type: 'hasPopup', params: { trigger: 'exitIntent' } },
          target: 'waiting',
          actions: { type: 'assignPending', params: { trigger: 'exitIntent' } },
        },
      },
    },
    waiting: {
      after: { popupDelay: [{ guard: 'onQuietPath', target: 'held' }, { target: 'showing' }] },
      on: {
        // A login or registration while a popup waits: the newer trigger's popup takes its place.
        'popups.trigger': {
          guard: { type: 'hasPopup', params: ({ event }) => ({ trigger: event.trigger, loggedIn: true }) },
          target: 'waiting',
          reenter: true,
          actions: ['cameIn', { type: 'assignPending', params: ({ event }) => ({ trigger: event.trigger }) }, { type: 'carryTrigger', params: ({ event }) => ({ trigger: event.trigger }) }],
        },
        'session.change': [
          // The news of a login the trigger already told: the wait goes on.
          { guard: { type: 'sameRole', params: ({ event }) => ({ loggedIn: event.loggedIn }) } },
          { target: 'checkingAudience', actions: { type: 'assignLoggedIn', params: ({ event }) => ({ loggedIn: event.loggedIn }) } },
        ],
      },
    },
    // The delay is over on a game or the deposit: the popup waits for the player to leave.
    held: {
      on: {
        'route.change': {
          target: 'checkingHeld',
          actions: { type: 'assignPath', params: ({ event }) => ({ path: event.path }) },
        },
        'popups.trigger': {
          guard: { type: 'hasPopup', params: ({ event }) => ({ trigger: event.trigger, loggedIn: true }) },
          actions: ['cameIn', { type: 'assignPending', params: ({ event }) => ({ trigger: event.trigger }) }, { type: 'carryTrigger', params: ({ event }) => ({ trigger: event.trigger }) }],
        },
        'session.change': [
          { guard: { type: 'sameRole', params: ({ event }) => ({ loggedIn: event.loggedIn }) } },
          { target: 'checkingAudience', actions: { type: 'assignLoggedIn', params: ({ event }) => ({ loggedIn: event.loggedIn }) } },
        ],
      },
    },
    checkingHeld: { always: [{ guard: 'onQuietPath', target: 'held' }, { target: 'showing' }] },
    // A visitor's popup is not for the player they became (nor the other way round).
    checkingAudience: {
      always: [{ guard: 'pendingFitsAudience', target: 'waiting' }, { target: 'idle', actions: 'dropPending' }],
    },
    showing: {
      entry: [{ type: 'openPopup', params: ({ context }) => ({ popup: context.pending as SitePopup }) }, 'markShown', { type: 'rememberSeen', params: ({ context }) => ({ seen: context.seen }) }],
      always: 'idle',
    },
  },
})

export type SitePopupsMachine = typeof sitePopupsMachine
