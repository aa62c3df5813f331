// The nickname change's sample events and answers: its model test walks them, and so does the
// flows registry.
import { defineEntry, doneEventType, errorEventType, type SampleTable } from '../../flow-entry'
import { fail, failure, unavailable } from '../../auth/auth.samples'
import { FAKENAME_TOO_SOON, fakenameMachine } from './fakename.machine'
import type { ChangeFakenameResult, FakenameContext, FakenameEvent } from './fakename.types'

export const NEXT_CHANGE = '2099-01-01T00:00:00.000Z'
export const taken = fail(failure('InvalidParameterException', 'invalid_parameters', { invalidParameters: { fakename: ['taken'] } }))
export const tooSoon = fail(failure('AccessDeniedException', FAKENAME_TOO_SOON, { errorData: { next_change_at: NEXT_CHANGE } }))
export { unavailable }

export const fakenameSamples = {
  'fakename.edit': [{ type: 'fakename.edit' }],
  'fakename.change': [
    { type: 'fakename.change', value: 'LuckyAce' },
    { type: 'fakename.change', value: 'ab' },
  ],
  'fakename.submit': [{ type: 'fakename.submit' }],
  'fakename.cancel': [{ type: 'fakename.cancel' }],
} satisfies SampleTable<FakenameEvent>

const CHANGED = doneEventType(fakenameMachine, 'changeFakename')
const CRASHED = errorEventType(fakenameMachine, 'changeFakename')

export type FakenameOutcome = { type: typeof CHANGED; output: ChangeFakenameResult } | { type: typeof CRASHED; error: unknown }

export const fakenameOutcomes = {
  [CHANGED]: [
    { type: CHANGED, output: { ok: true } },
    { type: CHANGED, output: taken },
    { type: CHANGED, output: tooSoon },
    { type: CHANGED, output: unavailable },
  ],
  [CRASHED]: [{ type: CRASHED, error: 'bug' }],
} satisfies SampleTable<FakenameOutcome>

export const fakenameEntry = defineEntry<typeof fakenameMachine, FakenameOutcome>({
  name: 'fakename',
  area: 'profile',
  spec: '§3 Account info fakename, §5 Fake name, §7 changefakename, §8',
  description: 'The nickname on /profile/settings: changed once a month, by the nickname rule, never to another player’s',
  machine: fakenameMachine,
  input: { current: 'DemoPlayer', nextChangeAt: null },
  serializeState: (snapshot) => {
    const { value, context } = snapshot as unknown as { value: unknown; context: FakenameContext }
    return JSON.stringify({
      value,
      current: context.current,
      typed: context.value,
      error: context.error?.messageId ?? null,
      // Whether a wait is on, not its instant (a change starts one from the clock).
      waiting: context.nextChangeAt !== null,
      alert: context.alert,
    })
  },
  events: fakenameSamples,
  outcomes: fakenameOutcomes,
})
