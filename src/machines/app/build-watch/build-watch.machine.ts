// The build watch (SPEC §4 'Build manifest'): polls the latest build's id and, once it differs from
// the page's, offers a reload, once a page (docs/service-worker.md).

import { assign, setup } from 'xstate'
import { BUILD_CHECK_INTERVAL_MS } from '../../../shared/constants'
import { fetchLatestBuild } from './build-watch.actors'
import type { BuildWatchContext, BuildWatchEvent, BuildWatchInput, FetchLatestBuildResult } from './build-watch.types'

export const buildWatchMachine = setup({
  types: {
    input: {} as BuildWatchInput,
    context: {} as BuildWatchContext,
    events: {} as BuildWatchEvent,
  },
  actors: { fetchLatestBuild },
  delays: { checkInterval: BUILD_CHECK_INTERVAL_MS },
  actions: {
    /** Tell the player a new version is ready (the root shows the reload toast). The root provides it. */
    offerReload: () => {
      throw new Error('buildWatchMachine: action "offerReload" not provided')
    },
    assignLatest: assign((_, params: { buildId: string | null }) => ({ latestBuildId: params.buildId })),
  },
  guards: {
    knowsBuild: ({ context }) => context.buildId !== null,
    isNewBuild: ({ context }, params: { result: FetchLatestBuildResult }) =>
      params.result.ok && params.result.buildId !== null && params.result.buildId !== context.buildId,
  },
}).createMachine({
  id: 'buildWatch',
  context: ({ input }) => ({ buildId: input.buildId, latestBuildId: null }),
  initial: 'deciding',
  states: {
    deciding: { always: [{ guard: 'knowsBuild', target: 'waiting' }, { target: 'off' }] },
    // Development: no build id, nothing to compare.
    off: {},
    waiting: {
      after: { checkInterval: 'checking' },
      on: { 'build.updateReady': 'offered' },
    },
    checking: {
      invoke: {
        id: 'fetchLatestBuild',
        src: 'fetchLatestBuild',
        onDone: [
          {
            guard: { type: 'isNewBuild', params: ({ event }) => ({ result: event.output }) },
            target: 'offered',
            actions: { type: 'assignLatest', params: ({ event }) => ({ buildId: event.output.ok ? event.output.buildId : null }) },
          },
          { target: 'waiting' },
        ],
        // A network failure (offline): the next tick tries again.
        onError: 'waiting',
      },
      on: { 'build.updateReady': 'offered' },
    },
    // The offer stands until the player takes it; a second deploy changes nothing more for this page.
    offered: { entry: 'offerReload' },
  },
})

export type BuildWatchMachine = typeof buildWatchMachine
