// Push notifications on /profile/notification (docs/push.md, docs/machines.md#push): whether this
// browser can and may be pushed to, turning it on (the browser asks the player, then the server
// keeps the subscription) or off, and the kinds of notice wanted. Each change saves at once and the
// page shows what was saved; a browser that cannot, or a site without push, says so and offers nothing.
import { assign, setup } from 'xstate'
import { disablePush, enablePush, loadPush, savePushTopics } from './push.actors'
import type { PushActionParams, PushContext, PushEvent, PushMessageId, PushResult, PushTopic } from './push.types'

const pushSetup = setup({
  types: {
    context: {} as PushContext,
    events: {} as PushEvent,
    children: {} as { loadPush: 'loadPush'; enablePush: 'enablePush'; disablePush: 'disablePush'; savePushTopics: 'savePushTopics' },
  },
  actors: { loadPush, enablePush, disablePush, savePushTopics },
  actions: {
    reportError: (_, params: PushActionParams['reportError']) => {
      console.error('pushMachine:', params.error)
    },
    assignPush: assign((_, params: { result: PushResult }) => (params.result.ok ? { push: params.result.push, alert: null, saving: null } : {})),
    assignSaving: assign((_, params: { topic: PushTopic; on: boolean }) => ({ saving: { topic: params.topic, on: params.on }, alert: null })),
    assignAlert: assign(({ context }, params: { alert: PushMessageId }) => ({
      alert: params.alert,
      saving: null,
      // Blocked in the browser: the page says where to change it, and offers no switch that cannot work.
      push: params.alert === 'denied' && context.push ? { ...context.push, permission: 'denied' as const } : context.push,
    })),
    clearAlert: assign({ alert: null }),
  },
  guards: {
    ok: (_, params: { result: PushResult }) => params.result.ok,
    denied: (_, params: { result: PushResult }) => !params.result.ok && params.result.reason === 'denied',
    /** The site has no push key, or the browser cannot be pushed to. */
    unavailable: (_, params: { result: PushResult }) => params.result.ok && (params.result.push.publicKey === '' || params.result.push.permission === 'unsupported'),
    canEnable: ({ context }) => !!context.push && !context.push.here && context.push.permission !== 'denied',
    isHere: ({ context }) => !!context.push?.here,
    changes: ({ context }, params: { topic: PushTopic; on: boolean }) => !!context.push && context.push.topics.includes(params.topic) !== params.on,
  },
})

type Answered = { event: { output: PushResult } }
const answer = ({ event }: Answered) => ({ result: event.output })
const failed = (alert: PushMessageId) => ({
  target: 'ready' as const,
  actions: [{ type: 'reportError' as const, params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) }, { type: 'assignAlert' as const, params: { alert } }],
})

export const pushMachine = pushSetup.createMachine({
  id: 'push',
  context: { push: null, alert: null, saving: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadPush',
        src: 'loadPush',
        onDone: [
          { guard: { type: 'unavailable', params: answer }, target: 'unavailable', actions: { type: 'assignPush', params: answer } },
          { guard: { type: 'ok', params: answer }, target: 'ready', actions: { type: 'assignPush', params: answer } },
          { target: 'loadFailed', actions: { type: 'assignAlert', params: { alert: 'loadFailed' } } },
        ],
        onError: { ...failed('loadFailed'), target: 'loadFailed' },
      },
    },
    loadFailed: { on: { 'push.retry': 'loading' } },
    unavailable: {},
    ready: {
      on: {
        'push.enable': { guard: 'canEnable', target: 'enabling', actions: 'clearAlert' },
        'push.disable': { guard: 'isHere', target: 'disabling', actions: 'clearAlert' },
        'push.topic.toggle': {
          guard: { type: 'changes', params: ({ event }) => ({ topic: event.topic, on: event.on }) },
          target: 'savingTopics',
          actions: { type: 'assignSaving', params: ({ event }) => ({ topic: event.topic, on: event.on }) },
        },
      },
    },
    enabling: {
      invoke: {
        id: 'enablePush',
        src: 'enablePush',
        input: ({ context }) => ({ publicKey: context.push?.publicKey ?? '' }),
        onDone: [
          { guard: { type: 'ok', params: answer }, target: 'ready', actions: { type: 'assignPush', params: answer } },
          { guard: { type: 'denied', params: answer }, target: 'ready', actions: { type: 'assignAlert', params: { alert: 'denied' } } },
          { target: 'ready', actions: { type: 'assignAlert', params: { alert: 'enableFailed' } } },
        ],
        onError: failed('enableFailed'),
      },
    },
    disabling: {
      invoke: {
        id: 'disablePush',
        src: 'disablePush',
        onDone: [
          { guard: { type: 'ok', params: answer }, target: 'ready', actions: { type: 'assignPush', params: answer } },
          { target: 'ready', actions: { type: 'assignAlert', params: { alert: 'saveFailed' } } },
        ],
        onError: failed('saveFailed'),
      },
    },
    savingTopics: {
      invoke: {
        id: 'savePushTopics',
        src: 'savePushTopics',
        input: ({ context }) => {
          const push = context.push
          const saving = context.saving
          if (!push || !saving) throw new Error('pushMachine: nothing to save')
          const topics = saving.on ? [...new Set([...push.topics, saving.topic])] : push.topics.filter((t) => t !== saving.topic)
          return { topics, here: push.here }
        },
        onDone: [
          { guard: { type: 'ok', params: answer }, target: 'ready', actions: { type: 'assignPush', params: answer } },
          { target: 'ready', actions: { type: 'assignAlert', params: { alert: 'saveFailed' } } },
        ],
        onError: failed('saveFailed'),
      },
    },
  },
})

export type PushMachine = typeof pushMachine
