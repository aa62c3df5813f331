import { fromPromise } from 'xstate'
import { settleAuthCall } from '../../../machines/auth/auth.results'
import { unsubscribeMachine } from '../../../machines/profile/unsubscribe/unsubscribe.machine'
import type { UnsubscribeCallInput, UnsubscribeResult } from '../../../machines/profile/unsubscribe/unsubscribe.types'
import { unsubscribe } from '../../../services/api/contract/account'
import type { AppServices } from '../../app/AppProviders'

/** The unsubscribe machine with its call bound to this page's API client (ARCHITECTURE §3). */
export function provideUnsubscribe({ services }: { services: AppServices }) {
  const { api } = services
  return unsubscribeMachine.provide({
    actors: {
      unsubscribe: fromPromise<UnsubscribeResult, UnsubscribeCallInput>(({ input }) => settleAuthCall(async () => api.call(unsubscribe, { token: input.token }))),
    },
    actions: { reportError: (_, { error }) => console.error('unsubscribe:', error) },
  })
}
