// The nickname others see (SPEC §3 fakename, §5 'Fake name', §7 changefakename): shown with its
// next allowed change; edited, checked by SPEC §5's rule, and sent. The server keeps the monthly
// rule and refuses another player's name; its refusals land on the field or say the date
// (docs/machines.md#fakename).
import { assign, emit, setup } from 'xstate'
import { FAKENAME_CHANGE_DAYS } from '../../../shared/profile-fields'
import { FIELD_RULES, mapServerErrors, validateField } from '../../../shared/validation/rules'
import type { AuthFailure, AuthResult } from '../../auth/auth.types'
import { changeFakename } from './fakename.actors'
import { FOCUS_FIRST_ERROR_EVENT } from '../../forms/focus-first-error'
import { FAKENAME_CHANGED, type FakenameActionParams, type FakenameContext, type FakenameEmitted, type FakenameEvent, type FakenameInput } from './fakename.types'

/** The error code of the monthly rule (account contract PROFILE_ERROR_CODE.fakenameTooSoon). */
export const FAKENAME_TOO_SOON = 'fakename_change_too_soon'

export const FAKENAME_TAGS = { busy: 'busy', form: 'form' } as const
export type FakenameTag = (typeof FAKENAME_TAGS)[keyof typeof FAKENAME_TAGS]

const failureOf = (result: AuthResult): AuthFailure | null => (result.ok ? null : result.error)
const fieldError = (result: AuthResult) => {
  const failure = failureOf(result)
  return failure ? (mapServerErrors(failure.invalidParameters, failure.errorData, { fields: ['fakename'] }).fakename ?? null) : null
}
const tooSoonUntil = (result: AuthResult): string | null => {
  const failure = failureOf(result)
  const at = failure?.code === FAKENAME_TOO_SOON ? failure.errorData?.['next_change_at'] : null
  return typeof at === 'string' && !Number.isNaN(Date.parse(at)) ? at : null
}

const fakenameSetup = setup({
  types: {
    context: {} as FakenameContext,
    events: {} as FakenameEvent,
    input: {} as FakenameInput,
    children: {} as { changeFakename: 'changeFakename' },
    tags: {} as FakenameTag,
    emitted: {} as FakenameEmitted,
  },
  actors: { changeFakename },
  actions: {
    reportError: (_, params: FakenameActionParams['reportError']) => {
      console.error('fakenameMachine:', params.error)
    },
    startEditing: assign(({ context }) => ({ value: context.current ?? '', error: null, alert: null })),
    assignValue: assign((_, params: { value: string }) => ({ value: params.value, error: null, alert: null })),
    assignRuleError: assign(({ context }) => ({ error: validateField(context.value.trim(), FIELD_RULES.fakename) })),
    assignServerError: assign((_, params: { result: AuthResult }) => ({ error: fieldError(params.result) })),
    assignChanged: assign(({ context }) => ({
      current: context.value.trim(),
      nextChangeAt: new Date(Date.now() + FAKENAME_CHANGE_DAYS * 86_400_000).toISOString(),
      alert: 'saved' as const,
    })),
    assignTooSoon: assign((_, params: { result: AuthResult }) => ({ nextChangeAt: tooSoonUntil(params.result), alert: null })),
    focusFirstError: emit(FOCUS_FIRST_ERROR_EVENT),
    announceChanged: emit(({ context }) => ({ type: FAKENAME_CHANGED, fakename: context.value.trim() })),
    assignFailed: assign({ alert: 'saveFailed' as const }),
  },
  guards: {
    ok: (_, params: { result: AuthResult }) => params.result.ok,
    mayChange: ({ context }) => context.nextChangeAt === null || Date.parse(context.nextChangeAt) <= Date.now(),
    valid: ({ context }) => validateField(context.value.trim(), FIELD_RULES.fakename) === null,
    unchanged: ({ context }) => context.value.trim() === (context.current ?? ''),
    fieldRefused: (_, params: { result: AuthResult }) => fieldError(params.result) !== null,
    tooSoon: (_, params: { result: AuthResult }) => tooSoonUntil(params.result) !== null,
  },
})

type Answered = { event: { output: AuthResult } }
const answer = ({ event }: Answered) => ({ result: event.output })

export const fakenameMachine = fakenameSetup.createMachine({
  id: 'fakename',
  context: ({ input }) => ({ ...input, value: '', error: null, alert: null }),
  initial: 'showing',
  states: {
    showing: {
      on: { 'fakename.edit': { guard: 'mayChange', target: 'editing', actions: 'startEditing' } },
    },
    editing: {
      tags: FAKENAME_TAGS.form,
      on: {
        'fakename.change': { actions: { type: 'assignValue', params: ({ event }) => ({ value: event.value }) } },
        'fakename.cancel': 'showing',
        'fakename.submit': [
          { guard: 'unchanged', target: 'showing' },
          { guard: 'valid', target: 'saving' },
          { actions: ['assignRuleError', 'focusFirstError'] },
        ],
      },
    },
    saving: {
      tags: [FAKENAME_TAGS.form, FAKENAME_TAGS.busy],
      invoke: {
        id: 'changeFakename',
        src: 'changeFakename',
        input: ({ context }) => ({ fakename: context.value.trim() }),
        onDone: [
          { guard: { type: 'ok', params: answer }, target: 'showing', actions: ['assignChanged', 'announceChanged'] },
          { guard: { type: 'fieldRefused', params: answer }, target: 'editing', actions: [{ type: 'assignServerError', params: answer }, 'focusFirstError'] },
          { guard: { type: 'tooSoon', params: answer }, target: 'showing', actions: { type: 'assignTooSoon', params: answer } },
          { target: 'editing', actions: 'assignFailed' },
        ],
        onError: { target: 'editing', actions: [{ type: 'reportError', params: ({ event }) => ({ error: event.error }) }, 'assignFailed'] },
      },
    },
  },
})

export type FakenameMachine = typeof fakenameMachine
