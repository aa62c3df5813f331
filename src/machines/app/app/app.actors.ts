// Actors the root actor invokes. fetchAccount is bound per request by the server and the browser
// (src/ui/app/app-actor.ts: the server's answers from the account it already read). The
// long-lived ones run in the browser only and call src/services themselves (ARCHITECTURE §3);
// tests swap every one with `appMachine.provide({ actors: { ... } })`.
import { fromCallback, fromPromise } from 'xstate'
import { browserApiClient } from '../../../services/api/browser-client'
import { getToken } from '../../../services/api/contract/account'
import { logout as logoutCall } from '../../../services/api/contract/auth'
import { getgeneralinfo } from '../../../services/api/contract/metadata'
import { isApiError } from '../../../shared/errors'
import type { Locale } from '../../../shared/locales'
import type { BalanceSocketEvent, BalanceSocketInput, FetchAccountInput, FetchAccountResult, LoadGeneralInfoResult, LogoutResult, SaveLocaleResult } from './app.types'

/** Re-reads the account (SPEC §7 GET account/getInfo); resolves API errors as `{ ok: false }`. */
export const fetchAccount = fromPromise<FetchAccountResult, FetchAccountInput>(async () => {
  throw new Error('appMachine: actor "fetchAccount" not provided; bind it to the API client with .provide()')
})

/** GET metadata/getgeneralinfo (SPEC §3 'General info': time_to_force_logout); API errors as `{ ok: false }`. */
export const loadGeneralInfo = fromPromise<LoadGeneralInfoResult>(async () => {
  try {
    return { ok: true, generalInfo: await browserApiClient().call(getgeneralinfo) }
  } catch (error) {
    if (isApiError(error)) return { ok: false, error: { type: error.type, code: error.code } }
    throw error
  }
})

/**
 * POST account/changelocale (SPEC §7): a player's new language kept on the account. It never holds
 * the switch up: any failure answers `ok: false` and the page changes language all the same.
 */
export const saveLocale = fromPromise<SaveLocaleResult, { locale: Locale }>(async ({ input }) => {
  try {
    const { changelocale } = await import('../../../services/api/contract/account')
    await browserApiClient().call(changelocale, { locale: input.locale })
    return { ok: true }
  } catch {
    return { ok: false }
  }
})

/** GET auth/logout (SPEC §7). A failed call resolves `{ ok: false }`: the logout goes on regardless. */
export const logout = fromPromise<LogoutResult>(async () => {
  try {
    await browserApiClient().call(logoutCall)
    return { ok: true }
  } catch (error) {
    return { ok: false, errorType: error instanceof Error ? error.name : null }
  }
})

/**
 * The live balance socket (src/services/socket, docs/live-balance.md): connected while a player is
 * logged in ('session.change' connects and disconnects it), each push sent to the root as
 * 'balance.update'. The socket module is loaded on the first login only, so a visitor's page never
 * downloads it. `data-balance-socket` on <html> shows the connection's status.
 */
export const balanceSocket = fromCallback<BalanceSocketEvent, BalanceSocketInput>(({ input, sendBack, receive }) => {
  const api = browserApiClient()
  let wanted = input.loggedIn
  let disconnect: (() => void) | null = null
  let stopped = false
  const getToken_ = async (): Promise<string | null> => {
    try {
      return (await api.call(getToken)).token
    } catch (error) {
      // The session is gone: the socket stops until the next login.
      if (isApiError(error) && error.type === 'AuthorizationException') return null
      throw error
    }
  }
  const sync = () => {
    if (!wanted) {
      disconnect?.()
      disconnect = null
      delete document.documentElement.dataset.balanceSocket
      return
    }
    if (disconnect) return
    import('../../../services/socket/balance-socket')
      .then(({ connectBalanceSocket }) => {
        if (stopped || !wanted || disconnect) return
        disconnect = connectBalanceSocket({
          getToken: getToken_,
          onBalance: (balances) => sendBack({ type: 'balance.update', balances }),
          onSupport: (notice) => sendBack({ type: 'support.notice', unread: notice.unread, lastId: notice.last_id }),
          onStatus: (status) => {
            document.documentElement.dataset.balanceSocket = status
          },
        })
      })
      .catch((error: unknown) => console.error('balance socket:', error))
  }
  receive((event) => {
    wanted = event.loggedIn
    sync()
  })
  sync()
  return () => {
    stopped = true
    wanted = false
    sync()
  }
})
