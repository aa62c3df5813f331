// The password-recovery flow's sample events and answers: its model test walks them, and so does
// the flows registry.
import { defineEntry, delaySamples, delayEvent, doneEventType, errorEventType, type SampleTable } from '../../flow-entry'
import { fail, failure, unavailable } from '../auth.samples'
import { restoreMachine } from './restore.machine'
import type { RequestResetResult, RestoreContext, RestoreEvent } from './restore.types'

/** Seconds a throttled answer asks to wait: two ticks walk the countdown down to the form. */
export const WAIT = 2
export const throttled = fail(failure('TooManyRequestsException', 'too_many_attempts', { resendTime: WAIT, retryAfterSec: WAIT }))
export const required = fail(failure('InvalidParameterException', 'invalid_parameters', { invalidParameters: { login: ['required'] } }))
export { unavailable }

export const restoreSamples = {
  'restore.field.change': [
    { type: 'restore.field.change', value: '+4915112345678' },
    { type: 'restore.field.change', value: '  ' },
  ],
  'restore.submit': [{ type: 'restore.submit' }],
  'restore.again': [{ type: 'restore.again' }],
} satisfies SampleTable<RestoreEvent>

/** A second of the throttled wait passing. */
export const TICK = delayEvent(restoreMachine, 'retryTick').type
const ANSWERED = doneEventType(restoreMachine, 'requestReset')
const CRASHED = errorEventType(restoreMachine, 'requestReset')

export type RestoreOutcome =
  | { type: typeof ANSWERED; output: RequestResetResult }
  | { type: typeof CRASHED; error: unknown }
  | { type: typeof TICK }

export const restoreOutcomes = {
  [ANSWERED]: [
    { type: ANSWERED, output: { ok: true } },
    { type: ANSWERED, output: throttled },
    { type: ANSWERED, output: required },
    { type: ANSWERED, output: unavailable },
  ],
  [CRASHED]: [{ type: CRASHED, error: 'bug' }],
  ...delaySamples(TICK),
} satisfies SampleTable<RestoreOutcome>

export const restoreEntry = defineEntry<typeof restoreMachine, RestoreOutcome>({
  name: 'restore',
  area: 'auth',
  spec: '§2.3 restore, §7 auth/restore, §5, §8 TooManyRequests',
  description: 'Auth popup password recovery: ask for a link by login or e-mail; the same answer whether or not the account exists',
  machine: restoreMachine,
  serializeState: (snapshot) => {
    const { value, context } = snapshot as unknown as { value: unknown; context: RestoreContext }
    return JSON.stringify({ value, login: context.login.trim() !== '', wait: context.retryAfterSec })
  },
  events: restoreSamples,
  outcomes: restoreOutcomes,
})
