import { fromPromise } from 'xstate'
import { settleCashierCall } from '../../../machines/cashier/cashier.results'
import type { NoInput } from '../../../machines/cashier/deposit/deposit.types'
import { depositLimitOfferMachine } from '../../../machines/responsible/deposit-limit-offer/deposit-limit-offer.machine'
import { depositLimitMachine } from '../../../machines/responsible/deposit-limit/deposit-limit.machine'
import type { DepositLimit, LoadDepositLimitResult, SaveDepositLimitInput, SaveDepositLimitResult } from '../../../machines/responsible/deposit-limit/deposit-limit.types'
import { getDepositLimit, setDepositLimit } from '../../../services/api/contract/cashier'
import type { AppServices } from '../../app/AppProviders'

type Api = Pick<AppServices, 'api'>

const save = ({ api }: Api) =>
  fromPromise<SaveDepositLimitResult, SaveDepositLimitInput>(({ input }) => settleCashierCall(async () => ({ limit: await api.call(setDepositLimit, input) })))

/** The responsible-gaming page's limit flow, bound to account/getDepositLimit and setDepositLimit. */
export function provideDepositLimit(services: Api) {
  return depositLimitMachine.provide({
    actors: {
      loadDepositLimit: fromPromise<LoadDepositLimitResult, NoInput>(() => settleCashierCall(async () => ({ limit: await services.api.call(getDepositLimit, {}) }))),
      saveDepositLimit: save(services),
    },
    actions: {
      // The page shows what the machine holds; nothing else needs the limit.
      limitSaved: () => {},
      reportError: (_, { error }) => console.error('deposit limit:', error),
    },
  })
}

/** The first-deposit offer, bound to account/setDepositLimit; a saved limit goes to `onSaved` (the deposit flow). */
export function provideDepositLimitOffer(services: Api, onSaved: (limit: DepositLimit) => void) {
  return depositLimitOfferMachine.provide({
    actors: { saveDepositLimit: save(services) },
    actions: {
      limitSaved: (_, { limit }) => onSaved(limit),
      reportError: (_, { error }) => console.error('deposit limit offer:', error),
    },
  })
}
