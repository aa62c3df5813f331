import { fromPromise } from 'xstate'
import { settleCashierCall } from '../../../machines/cashier/cashier.results'
import { depositMachine } from '../../../machines/cashier/deposit/deposit.machine'
import type {
  LoadDepositMethodsResult,
  LoadDepositOffersResult,
  LoadDepositSettingsResult,
  MakeDepositInput,
  MakeDepositResult,
  NoInput,
} from '../../../machines/cashier/deposit/deposit.types'
import { getdepositinfo, getdepositoffers, getdepositsettings, makedeposit, type DepositResult } from '../../../services/api/contract/cashier'
import type { AppServices } from '../../app/AppProviders'
import type { ProviderWindow } from './popup'

/** What makedeposit said for a mobile hand-off (deep link, QR, instructions): paymobile shows it; the transaction does not carry it. */
export interface PaymentHandOff {
  readonly mobile: NonNullable<DepositResult['mobile']>
}

export function isPaymentHandOff(state: unknown): state is PaymentHandOff {
  const mobile = (state as { mobile?: unknown } | null)?.mobile as Record<string, unknown> | undefined
  return typeof mobile === 'object' && mobile !== null && typeof mobile['instructions'] === 'string'
}

export interface DepositEffects {
  /** Navigates inside the site (react-router), e.g. to /cashier/paysuccess/{tx}; `state` rides along (the mobile hand-off). */
  readonly navigate: (path: string, state?: PaymentHandOff) => void
  /** Leaves the site for the provider's hosted page. */
  readonly assign: (url: string) => void
  readonly providerWindow: ProviderWindow
  readonly refreshBalance: () => void
}

/** The deposit machine with its actors bound to the API client (cashier/getdepositsettings, getdepositinfo, getdepositoffers, makedeposit). */
export function provideDeposit({ services, effects }: { services: Pick<AppServices, 'api'>; effects: DepositEffects }) {
  const { api } = services
  return depositMachine.provide({
    actors: {
      loadDepositSettings: fromPromise<LoadDepositSettingsResult, NoInput>(() =>
        settleCashierCall(async () => ({ settings: await api.call(getdepositsettings, {}) })),
      ),
      loadDepositMethods: fromPromise<LoadDepositMethodsResult, NoInput>(() =>
        settleCashierCall(async () => ({ methods: (await api.call(getdepositinfo, {})).methods })),
      ),
      loadDepositOffers: fromPromise<LoadDepositOffersResult, NoInput>(() =>
        settleCashierCall(async () => ({ offers: (await api.call(getdepositoffers, {})).offers })),
      ),
      makeDeposit: fromPromise<MakeDepositResult, MakeDepositInput>(({ input }) =>
        settleCashierCall(async () => ({ result: await api.call(makedeposit, input) })),
      ),
    },
    actions: {
      goToResult: ({ context }, { page, transactionId }) => {
        effects.providerWindow.discard()
        const mobile = page === 'paymobile' ? (context.result?.mobile ?? null) : null
        effects.navigate(`/cashier/${page}/${encodeURIComponent(transactionId)}`, mobile ? { mobile } : undefined)
      },
      redirectToProvider: (_, { url }) => {
        effects.providerWindow.discard()
        effects.assign(url)
      },
      openProviderWindow: (_, { url }) => effects.providerWindow.navigate(url),
      refreshBalance: () => effects.refreshBalance(),
      reportError: (_, { error }) => console.error('deposit flow:', error),
    },
  })
}
