import { fromPromise } from 'xstate'
import { settleAuthCall } from '../../../machines/auth/auth.results'
import { restoreMachine } from '../../../machines/auth/restore/restore.machine'
import type { RequestResetInput, RequestResetResult } from '../../../machines/auth/restore/restore.types'
import { restore } from '../../../services/api/contract/auth'
import type { AppServices } from '../../app/AppProviders'

/** The recovery request with its effects bound to this page's API client (ARCHITECTURE §3). */
export function provideRestore({ services }: { services: AppServices }) {
  const { api } = services
  return restoreMachine.provide({
    actors: {
      requestReset: fromPromise<RequestResetResult, RequestResetInput>(({ input }) =>
        settleAuthCall(async () => {
          await api.call(restore, { login: input.login })
          return {}
        }),
      ),
    },
    actions: {
      reportError: (_, { error }) => console.error('restore flow:', error),
    },
  })
}
