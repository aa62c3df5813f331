// What the wallet page reads.
import type { SnapshotFrom } from 'xstate'
import { WALLET_TAGS, type walletMachine } from './wallet.machine'
import { refusalOf } from './wallet.rules'
import type { CurrencyRates, CurrencyRefusal } from './wallet.types'

export type WalletSnapshot = SnapshotFrom<typeof walletMachine>

export type WalletView = 'loading' | 'loadFailed' | 'ready'
export const selectWalletView = (s: WalletSnapshot): WalletView => (s.matches('loading') ? 'loading' : s.matches('loadFailed') ? 'loadFailed' : 'ready')

/** Where the currency change stands, for the picker and its messages. */
export type CurrencyStep = 'idle' | 'confirming' | 'changing' | 'changed' | 'refused' | 'failed'
export const selectCurrencyStep = (s: WalletSnapshot): CurrencyStep => {
  if (s.matches({ ready: 'confirming' })) return 'confirming'
  if (s.matches({ ready: 'changing' })) return 'changing'
  if (s.matches({ ready: 'changed' })) return 'changed'
  if (s.matches({ ready: 'refused' })) return 'refused'
  if (s.matches({ ready: 'failed' })) return 'failed'
  return 'idle'
}

export const selectRates = (s: WalletSnapshot): CurrencyRates | null => s.context.rates
export const selectCurrency = (s: WalletSnapshot): string | null => s.context.currency
export const selectChoice = (s: WalletSnapshot): string | null => s.context.choice
export const selectRefusal = (s: WalletSnapshot): CurrencyRefusal | null => (s.context.failure ? refusalOf(s.context.failure) : null)
export const selectIsChanging = (s: WalletSnapshot): boolean => s.hasTag(WALLET_TAGS.changing)
