import { createApiClient, type ApiClient } from './client'
import { API_VERSION } from './version'
import { TIME_ZONE_HEADER } from '../../shared/time-zone'
import { isSessionEndReason, SESSION_ENDED_EVENT, SESSION_ENDED_HEADER, type SessionEndReason } from '../../shared/session-limit'

/**
 * The API client of this browser page for long-lived actors' default implementations (same
 * origin, the page's cookie). The locale is the page's own (`<html lang>`, written by the server
 * for the request's locale), read at each call, so actors need not carry it in their input.
 */
export function browserApiClient(): ApiClient {
  return createApiClient({ locale: () => document.documentElement.lang || 'en', version: API_VERSION, headers: zoneHeader(), onResponse: tellSessionEnded })
}

function tellSessionEnded(response: Response): void {
  const reason = response.headers.get(SESSION_ENDED_HEADER)
  if (isSessionEndReason(reason)) window.dispatchEvent(new CustomEvent<SessionEndReason>(SESSION_ENDED_EVENT, { detail: reason }))
}

let zone: Record<string, string> | undefined | null = null

/** The device's time zone on every call (read once per page): a login keeps it on its session, for the security page. */
function zoneHeader(): Record<string, string> | undefined {
  if (zone !== null) return zone
  try {
    const name = Intl.DateTimeFormat().resolvedOptions().timeZone
    zone = name ? { [TIME_ZONE_HEADER]: name } : undefined
  } catch {
    zone = undefined
  }
  return zone
}
