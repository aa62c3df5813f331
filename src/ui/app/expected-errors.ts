import { BAN_ERROR_TYPES, hasType, MAINTENANCE_ERROR_TYPES } from '../../shared/errors'

/**
 * Errors a background watcher (inactivity, hints) meets when the page already shows why: the session
 * ended elsewhere (401), the account was banned (the blocked page), the site went into maintenance.
 * They are states of the account or the site, not faults of the page, so they are not logged.
 */
export function isAccountStateError(error: unknown): boolean {
  return hasType(error, 'AuthorizationException', ...BAN_ERROR_TYPES, ...MAINTENANCE_ERROR_TYPES)
}
