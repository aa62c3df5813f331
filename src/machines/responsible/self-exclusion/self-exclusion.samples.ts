// The self-exclusion's sample events and answers: its model test walks them, and so does the
// flows registry.
import { defineEntry, doneEventType, errorEventType, type SampleTable } from '../../flow-entry'
import { fail, failure, unavailable } from '../../auth/auth.samples'
import { selfExclusionMachine } from './self-exclusion.machine'
import { SELF_EXCLUSION_REDACTED_CONTEXT_KEYS, type SelfExclusionContext, type SelfExclusionEvent, type SubmitExclusionResult } from './self-exclusion.types'

export const UNTIL = '2026-12-05T08:00:00.000Z'
export const wrongPassword = fail(failure('InvalidParameterException', 'invalid_parameters', { invalidParameters: { password: ['invalid'] } }))
export const shorter = fail(failure('InvalidRequestException', 'self_exclusion_shorter', { errorData: { until: '2027-03-01T00:00:00.000Z' } }))
export const throttled = fail(failure('TooManyRequestsException', 'too_many_attempts', { retryAfterSec: 30, resendTime: 30 }))
export { unavailable }

export const selfExclusionSamples = {
  'exclusion.period': [
    { type: 'exclusion.period', period: '7d' },
    { type: 'exclusion.period', period: 'permanent' },
    // A time-out's period: the self-exclusion form ignores it.
    { type: 'exclusion.period', period: '48h' },
  ],
  'exclusion.continue': [{ type: 'exclusion.continue' }],
  'exclusion.back': [{ type: 'exclusion.back' }],
  'exclusion.password': [
    { type: 'exclusion.password', value: 'Tr0ub4dor&3x' },
    { type: 'exclusion.password', value: '' },
  ],
  'exclusion.confirm': [{ type: 'exclusion.confirm' }],
  'exclusion.leave': [{ type: 'exclusion.leave' }],
} satisfies SampleTable<SelfExclusionEvent>

const ANSWERED = doneEventType(selfExclusionMachine, 'submitExclusion')
const CRASHED = errorEventType(selfExclusionMachine, 'submitExclusion')

export type SelfExclusionOutcome = { type: typeof ANSWERED; output: SubmitExclusionResult } | { type: typeof CRASHED; error: unknown }

export const selfExclusionOutcomes = {
  [ANSWERED]: [
    { type: ANSWERED, output: { ok: true, until: UNTIL } },
    { type: ANSWERED, output: wrongPassword },
    { type: ANSWERED, output: shorter },
    { type: ANSWERED, output: throttled },
    { type: ANSWERED, output: unavailable },
  ],
  [CRASHED]: [{ type: CRASHED, error: 'bug' }],
} satisfies SampleTable<SelfExclusionOutcome>

export const selfExclusionEntry = defineEntry<typeof selfExclusionMachine, SelfExclusionOutcome>({
  name: 'self-exclusion',
  area: 'responsible',
  spec: '§9 self-exclusion periods, §8',
  description: "The responsible-gaming page's self-exclusion: a period, then what it means with the password; in force at once, the page leaves as a visitor",
  machine: selfExclusionMachine,
  redact: [...SELF_EXCLUSION_REDACTED_CONTEXT_KEYS],
  serializeState: (snapshot) => {
    const { value, context } = snapshot as unknown as { value: unknown; context: SelfExclusionContext }
    return JSON.stringify({
      value,
      period: context.period,
      password: context.password !== '',
      errors: Object.keys(context.fieldErrors).sort(),
      alert: context.alert?.messageId ?? null,
      until: context.until,
    })
  },
  events: selfExclusionSamples,
  outcomes: selfExclusionOutcomes,
})
