// Actors of the balance refresh. The defaults are the browser's (ARCHITECTURE §3: they call
// src/services and the DOM themselves); tests swap them with .provide(). The root actor invokes
// the one balance refresh of a page in the browser only.
import { fromCallback, fromPromise, type EventObject } from 'xstate'
import { browserApiClient } from '../../../services/api/browser-client'
import { getBalance } from '../../../services/api/contract/account'
import { settleCashierCall } from '../cashier.results'
import type { FetchBalanceInput, FetchBalanceResult } from './balance-refresh.types'

/** GET account/getBalance; API errors come back as `{ ok: false }`. */
export const fetchBalance = fromPromise<FetchBalanceResult, FetchBalanceInput>(() =>
  settleCashierCall(async () => {
    const b = await browserApiClient().call(getBalance)
    return { balances: { balance_main: b.balance_main, balance_bonus: b.balance_bonus, balance_betting_bonus: b.balance_betting_bonus } }
  }),
)

/** Sends 'balance.click' to the parent on every click anywhere on the page (SPEC §4 'Balance refresh'). */
export const pageClicks = fromCallback<EventObject>(({ sendBack }) => {
  if (typeof document === 'undefined') return undefined
  const onClick = () => sendBack({ type: 'balance.click' })
  document.addEventListener('click', onClick, { capture: true, passive: true })
  return () => document.removeEventListener('click', onClick, { capture: true })
})
