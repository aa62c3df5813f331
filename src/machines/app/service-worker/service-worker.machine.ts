// The service worker's lifecycle (SPEC §4 'Service worker'): registered at /sw.js with scope /,
// installed, activated, updated. A new build's worker waits until the player accepts the reload
// offer; then, or when another tab's worker takes over this page, the page reloads with its open
// forms' drafts kept. A failed registration sets the flag (docs/service-worker.md).

import { sendTo, setup } from 'xstate'
import { SW_TAKEOVER_TIMEOUT_MS } from '../../../shared/constants'
import { flagFailed, register, reloadPage, watch } from './service-worker.actors'
import type { RegisterResult, ServiceWorkerEvent, ServiceWorkerInput } from './service-worker.types'

export const serviceWorkerMachine = setup({
  types: {
    input: {} as ServiceWorkerInput,
    context: {} as ServiceWorkerInput,
    events: {} as ServiceWorkerEvent,
    children: {} as { register: 'register'; watch: 'watch' },
  },
  actors: { register, watch },
  delays: { takeoverTimeout: SW_TAKEOVER_TIMEOUT_MS },
  actions: {
    reloadPage,
    flagFailed,
    /** A new build's worker waits: the root offers the reload. The root provides it. */
    announceUpdate: () => {
      throw new Error('serviceWorkerMachine: action "announceUpdate" not provided')
    },
    checkForUpdate: sendTo('watch', { type: 'sw.check' }),
    activateWaiting: sendTo('watch', { type: 'sw.activateWaiting' }),
  },
  guards: {
    enabled: ({ context }) => context.enabled,
    unsupported: (_, params: { result: RegisterResult }) => params.result.outcome === 'unsupported',
    phaseIs: (_, params: { result: RegisterResult; phase: 'installing' | 'waiting' }) =>
      params.result.outcome === 'registered' && params.result.phase === params.phase,
  },
}).createMachine({
  id: 'serviceWorker',
  context: ({ input }) => ({ enabled: input.enabled }),
  initial: 'deciding',
  states: {
    deciding: { always: [{ guard: 'enabled', target: 'registering' }, { target: 'off' }] },
    registering: {
      invoke: {
        id: 'register',
        src: 'register',
        onDone: [
          { guard: { type: 'unsupported', params: ({ event }) => ({ result: event.output }) }, target: 'off' },
          { guard: { type: 'phaseIs', params: ({ event }) => ({ result: event.output, phase: 'waiting' }) }, target: 'running.updateReady' },
          { guard: { type: 'phaseIs', params: ({ event }) => ({ result: event.output, phase: 'installing' }) }, target: 'running.installing' },
          { target: 'running.current' },
        ],
        onError: 'failed',
      },
      on: { 'sw.reload': 'reloading' },
    },
    // No worker here (development, or a browser without them): a reload is a plain reload.
    off: { on: { 'sw.reload': 'reloading' } },
    failed: { entry: 'flagFailed', on: { 'sw.reload': 'reloading' } },
    running: {
      invoke: { id: 'watch', src: 'watch' },
      initial: 'current',
      on: {
        // External activation: another tab's worker took this page over; its assets are the new build's.
        'sw.controllerChanged': 'reloading',
        'sw.reload': 'reloading',
      },
      states: {
        current: {
          on: {
            'sw.check': { actions: 'checkForUpdate' },
            'sw.updateFound': 'installing',
          },
        },
        installing: {
          on: {
            'sw.installed': 'updateReady',
            'sw.settled': 'current',
          },
        },
        updateReady: {
          entry: 'announceUpdate',
          on: { 'sw.reload': 'takingOver' },
        },
        takingOver: {
          entry: 'activateWaiting',
          after: { takeoverTimeout: '#serviceWorker.reloading' },
          on: { 'sw.activated': '#serviceWorker.reloading' },
        },
      },
    },
    // The page is going away; nothing more is done here (a second 'sw.reload' finds nothing to do).
    reloading: { entry: 'reloadPage' },
  },
})

export type ServiceWorkerMachine = typeof serviceWorkerMachine
