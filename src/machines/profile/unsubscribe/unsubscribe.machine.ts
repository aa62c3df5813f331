// Leaving a mailing list from a mail's signed link (SPEC §2.1 /unsubscribe, §2.5, §3, §7 account unsubscribe).
// The page says what happened and never more, one state per answer (docs/machines.md#unsubscribe).
import { assign, setup } from 'xstate'
import { unsubscribe } from './unsubscribe.actors'
import { isInvalidToken, isPlausibleToken } from './unsubscribe.rules'
import type { MailingList, UnsubscribeActionParams, UnsubscribeContext, UnsubscribeEvent, UnsubscribeInput, UnsubscribeResult } from './unsubscribe.types'

export const UNSUBSCRIBE_TAGS = { busy: 'busy' } as const

const unsubscribeSetup = setup({
  types: {
    input: {} as UnsubscribeInput,
    context: {} as UnsubscribeContext,
    events: {} as UnsubscribeEvent,
    tags: {} as (typeof UNSUBSCRIBE_TAGS)[keyof typeof UNSUBSCRIBE_TAGS],
    children: {} as { unsubscribe: 'unsubscribe' },
  },
  actors: { unsubscribe },
  actions: {
    reportError: (_, params: UnsubscribeActionParams['reportError']) => {
      console.error('unsubscribeMachine:', params.error)
    },
    assignList: assign((_, params: { list: MailingList }) => ({ list: params.list })),
    /** A token that did its work or was refused is not kept. */
    forgetToken: assign({ token: '' }),
  },
  guards: {
    plausibleToken: ({ context }) => isPlausibleToken(context.token),
    succeeded: (_, params: { result: UnsubscribeResult }) => params.result.ok,
    invalidToken: (_, params: { result: UnsubscribeResult }) => !params.result.ok && isInvalidToken(params.result.error),
  },
})

type Done = { event: { output: UnsubscribeResult } }
const result = ({ event }: Done) => ({ result: event.output })

export const unsubscribeMachine = unsubscribeSetup.createMachine({
  id: 'unsubscribe',
  context: ({ input }) => ({ token: input.token ?? '', list: null }),
  initial: 'deciding',
  states: {
    deciding: {
      always: [{ guard: 'plausibleToken', target: 'submitting' }, { target: 'missing', actions: 'forgetToken' }],
    },
    submitting: {
      tags: UNSUBSCRIBE_TAGS.busy,
      invoke: {
        id: 'unsubscribe',
        src: 'unsubscribe',
        input: ({ context }) => {
          if (!context.token) throw new Error('unsubscribeMachine: unsubscribe needs the token')
          return { token: context.token }
        },
        onDone: [
          {
            guard: { type: 'succeeded', params: result },
            target: 'done',
            actions: [
              {
                type: 'assignList',
                params: ({ event }) => {
                  if (!event.output.ok) throw new Error('unsubscribeMachine: expected a list')
                  return { list: event.output.list }
                },
              },
              'forgetToken',
            ],
          },
          { guard: { type: 'invalidToken', params: result }, target: 'invalid', actions: 'forgetToken' },
          { target: 'failed' },
        ],
        onError: { target: 'failed', actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      on: { 'unsubscribe.retry': 'submitting' },
    },
    done: { type: 'final' },
    invalid: { type: 'final' },
    missing: { type: 'final' },
  },
})

export type UnsubscribeMachine = typeof unsubscribeMachine
