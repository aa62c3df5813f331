// The page around a cashier view under test: the root actor (what the view sends it is recorded) and
// the router (where the view took the player is read back). Used by the cashier view tests only (it
// imports vitest).
import type { I18n } from '@lingui/core'
import type { ReactNode } from 'react'
import { MemoryRouter, useLocation, useNavigationType, type Location, type NavigationType } from 'react-router'
import { vi } from 'vitest'
import { createActor } from 'xstate'
import { appMachine } from '../../machines/app/app/app.machine'
import { VISITOR, type AccountInfo } from '../../services/api/contract/account'
import { AppProviders } from '../app/AppProviders'

const eur = (amount: string) => ({ amount, currency: 'EUR' })
export const cashierTestPlayer: AccountInfo = {
  ...VISITOR,
  uid: 7,
  login: 'player@example.com',
  reg_time: '2026-01-01T00:00:00Z',
  balance_main: eur('100.00'),
  balance_bonus: null,
  balance_betting_bonus: null,
  balance_fun: null,
}

export interface CashierTestPage {
  /** Wraps a view in the providers and the router; render the result. */
  readonly wrap: (ui: ReactNode) => ReactNode
  /** Every event the view sent the root actor. */
  readonly sent: () => unknown[]
  /** Where the router is now (null before the first render). */
  readonly location: () => Location | null
  /** How the router got there: 'PUSH' or 'REPLACE' for the view's own moves. */
  readonly navigationType: () => NavigationType | null
}

export function cashierTestPage({ i18n, at = '/cashier', account = cashierTestPlayer }: { i18n: I18n; at?: string; account?: AccountInfo }): CashierTestPage {
  const app = createActor(appMachine, { input: { account, locale: 'en', theme: 'dark' } }).start()
  const send = vi.spyOn(app, 'send')
  let current: Location | null = null
  let how: NavigationType | null = null
  function Probe() {
    current = useLocation()
    how = useNavigationType()
    return null
  }
  return {
    wrap: (ui) => (
      <AppProviders i18n={i18n} actor={app}>
        <MemoryRouter initialEntries={[at]}>
          {ui}
          <Probe />
        </MemoryRouter>
      </AppProviders>
    ),
    sent: () => send.mock.calls.map(([event]) => event),
    location: () => current,
    navigationType: () => how,
  }
}
