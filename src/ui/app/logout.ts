import type { Analytics } from '../../services/analytics/analytics'
import { VISITOR } from '../../services/api/contract/account'
import { localizePath, type Locale } from '../../shared/locales'
import type { AppActorRef } from './AppProviders'

/**
 * The root actor's endSession (app-actor.ts): what every logout ends with, whoever started it
 * (the player's own 'session.logout', the inactivity timer, another tab,
 * a server that already ended the session): the root actor holds a visitor, analytics make the
 * visitor anonymous (SPEC §4 'Marketing analytics'), and the player lands on the home page of the
 * current locale (SPEC §2.2), a full load so the server renders it for a visitor.
 */
export function finishLogout({ app, analytics, locale, reason }: { app: AppActorRef; analytics: Analytics; locale: Locale; reason: string }): void {
  app.send({ type: 'session.set', account: { ...VISITOR } })
  analytics.playerOut(reason)
  if (reason === 'sessionLimit') keepNotice(reason)
  window.location.assign(localizePath('/', locale))
}

/** A logout the player did not ask for is explained on the page they land on (takeLogoutNotice). */
const NOTICE_KEY = 'royal-ace:logout-notice'

function keepNotice(reason: string): void {
  try {
    sessionStorage.setItem(NOTICE_KEY, reason)
  } catch {
    // Storage refused (private mode): the logout goes on without its explanation.
  }
}

/** The reason a logout left for this page, once. */
export function takeLogoutNotice(): string | null {
  try {
    const reason = sessionStorage.getItem(NOTICE_KEY)
    if (reason !== null) sessionStorage.removeItem(NOTICE_KEY)
    return reason
  } catch {
    return null
  }
}
