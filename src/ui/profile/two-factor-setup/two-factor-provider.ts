import { fromPromise } from 'xstate'
import { settleAuthCall } from '../../../machines/auth/auth.results'
import { twoFactorSetupMachine } from '../../../machines/profile/two-factor-setup/two-factor-setup.machine'
import type {
  ConfirmSetupInput,
  ConfirmSetupResult,
  CopyCodesInput,
  DisableInput,
  DisableResult,
  StartSetupInput,
  StartSetupResult,
} from '../../../machines/profile/two-factor-setup/two-factor-setup.types'
import { changeTwoFactorAuth, confirmTwoFactorAuth } from '../../../services/api/contract/account'
import type { AppActorRef, AppServices } from '../../app/AppProviders'

/** The two-factor set-up machine with its effects bound to this page's API client (ARCHITECTURE §3). */
export function provideTwoFactorSetup({ services, app }: { services: AppServices; app: AppActorRef }) {
  const { api } = services
  return twoFactorSetupMachine.provide({
    actors: {
      startSetup: fromPromise<StartSetupResult, StartSetupInput>(({ input }) =>
        settleAuthCall(async () => {
          const data = await api.call(changeTwoFactorAuth, { enable: true, password: input.password })
          if (!data.pending) throw new Error('changeTwoFactorAuth answered no pending secret to enable')
          return { pending: { secret: data.pending.secret, otpauthUri: data.pending.otpauth_uri } }
        }),
      ),
      confirmSetup: fromPromise<ConfirmSetupResult, ConfirmSetupInput>(({ input }) =>
        settleAuthCall(async () => ({ recoveryCodes: (await api.call(confirmTwoFactorAuth, { code: input.code })).recovery_codes })),
      ),
      disableTwoFactor: fromPromise<DisableResult, DisableInput>(({ input }) =>
        settleAuthCall(async () => {
          await api.call(changeTwoFactorAuth, { enable: false, code: input.code })
          return {}
        }),
      ),
      copyCodes: fromPromise<void, CopyCodesInput>(async ({ input }) => {
        if (!navigator.clipboard) throw new Error('no clipboard')
        await navigator.clipboard.writeText(input.text)
      }),
    },
    actions: {
      statusChanged: () => app.send({ type: 'session.refresh' }),
      // The server now answers UserBannedException to this session: a full load renders the
      // user-blocked page with its 403 (SPEC §8).
      showBlockedPage: () => window.location.reload(),
      reportError: (_, { error }) => console.error('two-factor set-up:', error),
    },
  })
}
