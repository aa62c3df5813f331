/** Socket errors of a connection to PostgreSQL that is gone or refused. */
const CONNECTION_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH'])
/** SQLSTATEs of a server that is shutting down, starting up or out of connections (class 08: the connection itself). */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300'])

/**
 * Whether the database could not be reached or went away mid-request (a restart, a failover): a
 * transaction that was cut is rolled back by PostgreSQL, so the request did nothing and may be
 * sent again (with the same idempotency key where it has one).
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false
  const { code, message } = err as { code?: unknown; message?: unknown }
  if (typeof code === 'string' && (CONNECTION_ERRNOS.has(code) || UNAVAILABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true
  // node-postgres's own words when the server closed the socket or the pool could not connect in time.
  return typeof message === 'string' && /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error and is not queryable)/.test(message)
}
