// The player's favourite games (docs/machines.md#favourites), a long-lived child of the root actor:
// read once a player is known, changed at once on a tap (optimistic), each tap sent in order, a
// refused one put back. A visitor's tap asks them to log in (SPEC §4: players only).
import { assign, emit, setup } from 'xstate'
import { loadLikes, saveLike } from './favourites.actors'
import { tapOf } from './favourites.rules'
import { FAVOURITES_NEED_LOGIN, FAVOURITES_REFUSED, type FavouritesContext, type FavouritesEmitted, type FavouritesEvent, type FavouritesInput, type FavouritesResult } from './favourites.types'

type Done = { event: { output: FavouritesResult } }
const result = ({ event }: Done) => ({ result: event.output })

export const favouritesMachine = setup({
  types: {
    input: {} as FavouritesInput,
    context: {} as FavouritesContext,
    events: {} as FavouritesEvent,
    emitted: {} as FavouritesEmitted,
    children: {} as { loadLikes: 'loadLikes'; saveLike: 'saveLike' },
  },
  actors: { loadLikes, saveLike },
  actions: {
    askLogin: emit({ type: FAVOURITES_NEED_LOGIN } as const),
    /** One word of the refusal for the page to show, however many cards show the game. */
    tellRefused: emit(({ context }) => ({ type: FAVOURITES_REFUSED, sysname: context.queue[0]?.sysname ?? '', title: context.queue[0]?.title ?? context.queue[0]?.sysname ?? '' }) as const),
    forget: assign({ saved: [], queue: [], refused: null }),
    assignSaved: assign((_, params: { result: FavouritesResult }) => (params.result.ok ? { saved: params.result.likes } : {})),
    enqueueTap: assign(({ context, event }) => (event.type === 'favourites.toggle' ? { queue: [...context.queue, tapOf(context, event.sysname, event.title)], refused: null } : {})),
    /** The server took the first tap: its answer is the saved list. */
    settleFirst: assign(({ context }, params: { result: FavouritesResult }) => (params.result.ok ? { saved: params.result.likes, queue: context.queue.slice(1) } : {})),
    /** The server refused the first tap: it is put back, the later ones go on. */
    dropFirst: assign(({ context }) => ({ refused: context.queue[0]?.sysname ?? null, queue: context.queue.slice(1) })),
  },
  guards: {
    startedAsPlayer: ({ context }) => context.startedAsPlayer,
    loggedIn: (_, params: { loggedIn: boolean }) => params.loggedIn,
    loggedOut: (_, params: { loggedIn: boolean }) => !params.loggedIn,
    read: (_, params: { result: FavouritesResult }) => params.result.ok,
    moreQueued: ({ context }) => context.queue.length > 0,
  },
}).createMachine({
  id: 'favourites',
  context: ({ input }) => ({ saved: [], queue: [], refused: null, startedAsPlayer: input.loggedIn }),
  initial: 'deciding',
  states: {
    deciding: {
      always: [{ guard: 'startedAsPlayer', target: 'player' }, { target: 'visitor' }],
    },
    visitor: {
      on: {
        'favourites.toggle': { actions: 'askLogin' },
        'session.change': { guard: { type: 'loggedIn', params: ({ event }) => ({ loggedIn: event.loggedIn }) }, target: 'player' },
      },
    },
    player: {
      initial: 'loading',
      on: {
        'session.change': { guard: { type: 'loggedOut', params: ({ event }) => ({ loggedIn: event.loggedIn }) }, target: 'visitor', actions: 'forget' },
      },
      states: {
        loading: {
          // A tap while the likes are read is what the player saw (an empty heart): kept, and sent once they are.
          on: { 'favourites.toggle': { actions: 'enqueueTap' } },
          invoke: {
            id: 'loadLikes',
            src: 'loadLikes',
            onDone: [
              { guard: { type: 'read', params: result }, target: 'next', actions: { type: 'assignSaved', params: result } },
              { target: 'loadFailed', actions: 'forget' },
            ],
            onError: { target: 'loadFailed', actions: 'forget' },
          },
        },
        loadFailed: { on: { 'favourites.retry': 'loading' } },
        ready: {
          on: { 'favourites.toggle': { target: 'saving', actions: 'enqueueTap' } },
        },
        saving: {
          // Taps while one is sent wait their turn; the hearts show them at once.
          on: { 'favourites.toggle': { actions: 'enqueueTap' } },
          invoke: {
            id: 'saveLike',
            src: 'saveLike',
            input: ({ context }) => context.queue[0]!,
            onDone: [
              { guard: { type: 'read', params: result }, target: 'next', actions: { type: 'settleFirst', params: result } },
              { target: 'next', actions: ['tellRefused', 'dropFirst'] },
            ],
            onError: { target: 'next', actions: ['tellRefused', 'dropFirst'] },
          },
        },
        next: { always: [{ guard: 'moreQueued', target: 'saving', reenter: true }, { target: 'ready' }] },
      },
    },
  },
})
