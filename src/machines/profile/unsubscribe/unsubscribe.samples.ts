// Sample events of the unsubscribe page, walked by its model test and by the flows registry.
import { defineEntry, doneEventType, errorEventType, type SampleTable } from '../../flow-entry'
import { unsubscribeMachine } from './unsubscribe.machine'
import type { AuthFailure, UnsubscribeEvent, UnsubscribeResult } from './unsubscribe.types'

/** A token of the signed link's shape (the signature is the server's to check). */
export const SAMPLE_TOKEN = '2n9c.marketing.0123456789abcdefghijABCDEFGHIJ_-0123456789abcdefg'
function failure(type: AuthFailure['type'], code: AuthFailure['code'], extra: Partial<AuthFailure> = {}): AuthFailure {
  return { type, code, resendTime: null, retryAfterSec: null, invalidParameters: null, errorData: null, ...extra }
}
export const unsubscribeFailures = {
  invalid: { ok: false as const, error: failure('InvalidParameterException', 'unsubscribe_token_invalid', { invalidParameters: { token: ['invalid'] } }) },
  unavailable: { ok: false as const, error: failure('ApplicationUnavailableException', null) },
}

export const unsubscribeSamples = { 'unsubscribe.retry': [{ type: 'unsubscribe.retry' }] } satisfies SampleTable<UnsubscribeEvent>

const DONE = doneEventType(unsubscribeMachine, 'unsubscribe')
const ERROR = errorEventType(unsubscribeMachine, 'unsubscribe')
export type UnsubscribeOutcome = { type: typeof DONE; output: UnsubscribeResult } | { type: typeof ERROR; error: unknown }
export const unsubscribeOutcomes = {
  [DONE]: [
    { type: DONE, output: { ok: true, list: 'marketing' } },
    { type: DONE, output: unsubscribeFailures.invalid },
    { type: DONE, output: unsubscribeFailures.unavailable },
  ],
  [ERROR]: [{ type: ERROR, error: 'bug' }],
} satisfies SampleTable<UnsubscribeOutcome>

export const unsubscribeEntry = defineEntry<typeof unsubscribeMachine, UnsubscribeOutcome>({
  name: 'unsubscribe',
  area: 'profile',
  spec: '§2.1 /unsubscribe, §2.5 unsubscribe page, §3 mailing consent, §7 unsubscribe',
  description: "Leave a mailing list with the mail's signed link: checked by the server, idempotent; no or a bad link changes nothing",
  machine: unsubscribeMachine,
  input: { token: '1a.marketing.c2lnbmF0dXJl' },
  otherInputs: [{ token: null }],
  redact: ['token'],
  events: unsubscribeSamples,
  outcomes: unsubscribeOutcomes,
})
