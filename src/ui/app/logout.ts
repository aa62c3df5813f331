import type { Analytics } from '../../services/analytics/analytics'
import type { ApiClient } from '../../services/api/client'
import { VISITOR } from '../../services/api/contract/account'
import { logout } from '../../services/api/contract/auth'
import { localizePath, type Locale } from '../../shared/locales'
import type { AppActorRef } from './AppProviders'

/**
 * What every logout ends with, whoever started it (the player, the inactivity timer, another tab,
 * a server that already ended the session): the root actor holds a visitor, analytics make the
 * visitor anonymous (SPEC §4 'Marketing analytics'), and the player lands on the home page of the
 * current locale (SPEC §2.2), a full load so the server renders it for a visitor.
 */
export function finishLogout({ app, analytics, locale, reason }: { app: AppActorRef; analytics: Analytics; locale: Locale; reason: string }): void {
  app.send({ type: 'session.set', account: { ...VISITOR } })
  analytics.playerOut(reason)
  window.location.assign(localizePath('/', locale))
}

/** GET auth/logout, then finishLogout. A failed call still logs out here: the server expires it. */
export async function logoutPlayer(deps: { api: ApiClient; app: AppActorRef; analytics: Analytics; locale: Locale; reason?: string }): Promise<void> {
  try {
    await deps.api.call(logout)
  } catch (error) {
    deps.analytics.track({ event: 'logout_error', error_type: error instanceof Error ? error.name : null })
  }
  finishLogout({ ...deps, reason: deps.reason ?? 'player' })
}
