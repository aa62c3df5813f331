// The site's own side of SPEC §2.3's frame messages, for same-origin embedding; spawned by the root
// actor once the page is hydrated. It listens until a message sends the top page away with a full
// load; then it is `leaving` and follows nothing more, so two messages never race to move the page.
// Each message is a decision over frame-messages.rules.ts.
//
// - As a framed page it tells a parent on our origin where it is (checkIframe), at start and on every move.
// - As a parent it hears its own frames only: refresh_user re-reads the session, redirect goes to
//   a URL of ours, and checkIframe from a page that is not a /forms page brings it to the top.

import { setup } from 'xstate'
import { announceLocation, goTo, listenToFrames } from './frame-messages.actors'
import { leavesFrame, sameOriginTarget } from './frame-messages.rules'
import type { FrameMessagesActionParams, FrameMessagesEvent, FramePage } from './frame-messages.types'

function requireTarget(url: string, page: FramePage): string {
  const target = sameOriginTarget(url, page)
  if (target === null) throw new Error('frameMessagesMachine: goTo without a same-origin target')
  return target
}

export const frameMessagesMachine = setup({
  types: {
    events: {} as FrameMessagesEvent,
    children: {} as { listenToFrames: 'listenToFrames' },
  },
  actors: { listenToFrames },
  actions: {
    announceLocation: (_, _params: FrameMessagesActionParams['announceLocation']) => announceLocation(),
    /** The root actor binds this to 'session.refresh' (app.children.ts). */
    refreshSession: (_, _params: FrameMessagesActionParams['refreshSession']) => {
      throw new Error('frameMessagesMachine: action "refreshSession" not provided; the root actor binds it')
    },
    goTo: (_, params: FrameMessagesActionParams['goTo']) => goTo(params.url),
  },
  guards: {
    sameOrigin: (_, params: { url: string; page: FramePage }) => sameOriginTarget(params.url, params.page) !== null,
    leavesFrame: (_, params: { path: string; page: FramePage }) => leavesFrame(params.path, params.page),
  },
}).createMachine({
  id: 'frameMessages',
  initial: 'listening',
  states: {
    listening: {
      entry: 'announceLocation',
      invoke: { id: 'listenToFrames', src: 'listenToFrames' },
      on: {
        'frame.navigated': { actions: 'announceLocation' },
        'frame.refreshUser': { actions: 'refreshSession' },
        'frame.redirect': {
          guard: { type: 'sameOrigin', params: ({ event }) => ({ url: event.url, page: event.page }) },
          target: 'leaving',
          actions: { type: 'goTo', params: ({ event }) => ({ url: requireTarget(event.url, event.page) }) },
        },
        'frame.checkIframe': {
          guard: { type: 'leavesFrame', params: ({ event }) => ({ path: event.path, page: event.page }) },
          target: 'leaving',
          actions: { type: 'goTo', params: ({ event }) => ({ url: event.path }) },
        },
      },
    },
    // The full load is under way: the next page starts its own listener.
    leaving: { type: 'final' },
  },
})

export type FrameMessagesMachine = typeof frameMessagesMachine
