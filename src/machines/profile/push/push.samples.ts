// Push notifications' sample events and answers: its model test walks them, and so does the flows registry.
import { defineEntry, doneEventType, errorEventType, type SampleTable } from '../../flow-entry'
import { pushMachine } from './push.machine'
import type { PushContext, PushEvent, PushResult, PushState } from './push.types'

export const OFF: PushState = { publicKey: 'BPub', topics: ['security', 'payments'], devices: 0, permission: 'default', here: false }
export const ON: PushState = { ...OFF, devices: 1, permission: 'granted', here: true }
export const FEWER: PushState = { ...ON, topics: ['security'] }
export const NO_BROWSER: PushState = { ...OFF, permission: 'unsupported' }

export const pushSamples = {
  'push.enable': [{ type: 'push.enable' }],
  'push.disable': [{ type: 'push.disable' }],
  'push.topic.toggle': [
    { type: 'push.topic.toggle', topic: 'payments', on: false },
    { type: 'push.topic.toggle', topic: 'payments', on: true },
  ],
  'push.retry': [{ type: 'push.retry' }],
} satisfies SampleTable<PushEvent>

const LOADED = doneEventType(pushMachine, 'loadPush')
const LOAD_CRASHED = errorEventType(pushMachine, 'loadPush')
const ENABLED = doneEventType(pushMachine, 'enablePush')
const ENABLE_CRASHED = errorEventType(pushMachine, 'enablePush')
const DISABLED = doneEventType(pushMachine, 'disablePush')
const DISABLE_CRASHED = errorEventType(pushMachine, 'disablePush')
const SAVED = doneEventType(pushMachine, 'savePushTopics')
const SAVE_CRASHED = errorEventType(pushMachine, 'savePushTopics')

export type PushOutcome =
  | { type: typeof LOADED; output: PushResult }
  | { type: typeof LOAD_CRASHED; error: unknown }
  | { type: typeof ENABLED; output: PushResult }
  | { type: typeof ENABLE_CRASHED; error: unknown }
  | { type: typeof DISABLED; output: PushResult }
  | { type: typeof DISABLE_CRASHED; error: unknown }
  | { type: typeof SAVED; output: PushResult }
  | { type: typeof SAVE_CRASHED; error: unknown }

const failedCall: PushResult = { ok: false, reason: 'failed' }

export const pushOutcomes = {
  [LOADED]: [
    { type: LOADED, output: { ok: true, push: OFF } },
    { type: LOADED, output: { ok: true, push: ON } },
    { type: LOADED, output: { ok: true, push: NO_BROWSER } },
    { type: LOADED, output: failedCall },
  ],
  [LOAD_CRASHED]: [{ type: LOAD_CRASHED, error: 'bug' }],
  [ENABLED]: [
    { type: ENABLED, output: { ok: true, push: ON } },
    { type: ENABLED, output: { ok: false, reason: 'denied' } },
    { type: ENABLED, output: failedCall },
  ],
  [ENABLE_CRASHED]: [{ type: ENABLE_CRASHED, error: 'bug' }],
  [DISABLED]: [
    { type: DISABLED, output: { ok: true, push: OFF } },
    { type: DISABLED, output: failedCall },
  ],
  [DISABLE_CRASHED]: [{ type: DISABLE_CRASHED, error: 'bug' }],
  [SAVED]: [
    { type: SAVED, output: { ok: true, push: FEWER } },
    { type: SAVED, output: { ok: true, push: ON } },
    { type: SAVED, output: failedCall },
  ],
  [SAVE_CRASHED]: [{ type: SAVE_CRASHED, error: 'bug' }],
} satisfies SampleTable<PushOutcome>

export const pushEntry = defineEntry<typeof pushMachine, PushOutcome>({
  name: 'push',
  area: 'profile',
  spec: '§7 Account (ours: getPushSettings, subscribePush, unsubscribePush, setPushTopics), §8',
  description: 'Push notifications on /profile/notification: this browser on or off, the kinds of notice wanted, each saved at once',
  machine: pushMachine,
  serializeState: (snapshot) => {
    const { value, context } = snapshot as unknown as { value: unknown; context: PushContext }
    const p = context.push
    return JSON.stringify({
      value,
      push: p ? `${p.here ? 1 : 0}${p.permission.slice(0, 2)}${p.topics.join('+')}` : null,
      saving: context.saving ? `${context.saving.topic}${context.saving.on ? 1 : 0}` : null,
      alert: context.alert,
    })
  },
  events: pushSamples,
  outcomes: pushOutcomes,
})
