import { useEffect, useState } from 'react'
import { useLocation } from 'react-router'
import { createActor, type ActorRefFrom } from 'xstate'
import { selectIsLoggedIn } from '../../machines/app/app.selectors'
import type { balanceRefreshMachine } from '../../machines/cashier/balance-refresh.machine'
import { useAppActor, useAppSelector, useOptionalServices } from './AppProviders'
import { fetchSocketToken, provideBalanceRefresh } from './balance-provider'

type BalanceRefreshRef = ActorRefFrom<typeof balanceRefreshMachine>

/**
 * Keeps the player's balances live in the browser (issue 4 item 5; nothing runs on the server):
 * - the balance-refresh machine polls account/getBalance per SPEC §4 'Balance refresh' with the
 *   settings of §3 settingsForUpdBalance. This platform's site config does not carry them yet, so
 *   the §9 defaults apply (BALANCE_REFRESH_DEFAULTS: interval 10 s and after-click refresh off,
 *   1 s between clicks, turn-off after 5 minutes on). Clicks anywhere, route changes (no polling on
 *   /game/ paths) and login/logout are its events;
 * - the balance socket pushes every committed change (src/services/socket), loaded only once a
 *   player is logged in so a visitor's first page never downloads it.
 * Both hand balances to the root actor ('balance.update'), which the header reads.
 */
export function LiveBalance() {
  const services = useOptionalServices()
  const app = useAppActor()
  const loggedIn = useAppSelector(selectIsLoggedIn)
  const { pathname } = useLocation()
  const [refresh, setRefresh] = useState<BalanceRefreshRef | null>(null)

  useEffect(() => {
    if (!services) return
    const ref = createActor(provideBalanceRefresh({ services, app }), {
      input: { path: location.pathname, loggedIn: selectIsLoggedIn(app.getSnapshot()) },
      inspect: services.inspect,
    }).start()
    setRefresh(ref)
    const onClick = () => ref.send({ type: 'balance.click' })
    document.addEventListener('click', onClick, { capture: true, passive: true })
    return () => {
      document.removeEventListener('click', onClick, { capture: true })
      ref.stop()
      setRefresh(null)
    }
  }, [services, app])

  useEffect(() => refresh?.send({ type: 'route.change', path: pathname }), [refresh, pathname])
  useEffect(() => refresh?.send({ type: 'session.change', loggedIn }), [refresh, loggedIn])

  useEffect(() => {
    if (!services || !loggedIn) return
    let disconnect: (() => void) | null = null
    let live = true
    import('../../services/socket/balance-socket')
      .then(({ connectBalanceSocket }) => {
        if (!live) return
        disconnect = connectBalanceSocket({
          getToken: () => fetchSocketToken(services),
          onBalance: (balances) => app.send({ type: 'balance.update', balances }),
          onStatus: (status) => {
            document.documentElement.dataset.balanceSocket = status
          },
        })
      })
      .catch((error: unknown) => console.error('balance socket:', error))
    return () => {
      live = false
      disconnect?.()
      delete document.documentElement.dataset.balanceSocket
    }
  }, [services, app, loggedIn])

  return null
}
