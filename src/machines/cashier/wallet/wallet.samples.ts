// Sample events of the wallet page, walked by its model test and listed in the flows registry.
import type { AnyMachineSnapshot } from 'xstate'
import { defineEntry, doneEventType, errorEventType, type SampleTable } from '../../flow-entry'
import { cashierFailure, cashierUnavailable } from '../cashier.samples'
import { walletMachine } from './wallet.machine'
import type { Balance, CurrencyRates, LoadRatesResult, SetCurrencyResult, WalletContext, WalletEvent } from './wallet.types'

/** Three offered currencies, one without minor units. */
export const sampleRates: CurrencyRates = {
  base: 'USD',
  rates: [
    { currency: 'EUR', exponent: 2, rate: '0.92' },
    { currency: 'JPY', exponent: 0, rate: '151' },
    { currency: 'USD', exponent: 2, rate: '1' },
  ],
}
const zero = (currency: string) => ({ amount: currency === 'JPY' ? '0' : '0.00', currency })
/** The empty balances of a new currency, as account/setCurrency answers them. */
export const zeroBalances = (currency: string): Balance => ({ balance_main: zero(currency), balance_bonus: zero(currency), balance_betting_bonus: null, balance_fun: zero(currency) })

/** account/setCurrency's refusals (SPEC §8) the page explains. */
export const currencyRefusals = {
  depositLimit: cashierFailure('InvalidRequestException', 'currency_locked_by_deposit_limit').error,
  pendingWithdrawal: cashierFailure('InvalidRequestException', 'currency_locked_by_pending_withdrawal').error,
  unavailable: cashierFailure('InvalidParameterException', 'unknown_currency', { invalidParameters: { currency: ['unavailable'] } }).error,
}

export const walletSamples = {
  'wallet.retry': [{ type: 'wallet.retry' }],
  // Another offered currency, the player's own, and one the site does not offer.
  'currency.choose': [
    { type: 'currency.choose', currency: 'EUR' },
    { type: 'currency.choose', currency: 'USD' },
    { type: 'currency.choose', currency: 'GBP' },
  ],
  'currency.confirm': [{ type: 'currency.confirm' }],
  'currency.cancel': [{ type: 'currency.cancel' }],
  'account.sync': [
    { type: 'account.sync', currency: 'USD' },
    { type: 'account.sync', currency: 'JPY' },
  ],
} satisfies SampleTable<WalletEvent>

const RATES = doneEventType(walletMachine, 'loadRates')
const RATES_FAILED = errorEventType(walletMachine, 'loadRates')
const SET = doneEventType(walletMachine, 'setCurrency')
const SET_FAILED = errorEventType(walletMachine, 'setCurrency')
export type WalletOutcome =
  | { type: typeof RATES; output: LoadRatesResult }
  | { type: typeof RATES_FAILED; error: unknown }
  | { type: typeof SET; output: SetCurrencyResult }
  | { type: typeof SET_FAILED; error: unknown }

export const walletOutcomes = {
  [RATES]: [
    { type: RATES, output: { ok: true, rates: sampleRates } },
    { type: RATES, output: cashierFailure('ApplicationUnavailableException', null) },
    { type: RATES, output: cashierUnavailable },
  ],
  [RATES_FAILED]: [{ type: RATES_FAILED, error: 'network down' }],
  // The server answers the balances in the currency that was asked for.
  [SET]: (s: AnyMachineSnapshot) => [
    { type: SET, output: { ok: true, balances: zeroBalances((s.context as WalletContext).choice ?? 'USD') } },
    { type: SET, output: { ok: false, error: currencyRefusals.depositLimit } },
    { type: SET, output: { ok: false, error: currencyRefusals.pendingWithdrawal } },
  ],
  [SET_FAILED]: [{ type: SET_FAILED, error: 'network down' }],
} satisfies SampleTable<WalletOutcome>

export const walletEntry = defineEntry<typeof walletMachine, WalletOutcome>({
  name: 'wallet',
  area: 'cashier',
  spec: '§2.1 cashier/wallet, §3 Account info, §7 Account getcurrencyrates and setCurrency',
  description: 'The wallet page: reads the currency rates (balances come live from the root actor), and changes the currency after a confirmation, explaining a refusal',
  machine: walletMachine,
  input: { currency: 'USD' },
  events: walletSamples,
  outcomes: walletOutcomes,
})
