import { randomUUID } from 'node:crypto'
import type { IncomingMessage } from 'node:http'

/**
 * Request ids that are unique across instances (Fastify's own count from req-1 in every process),
 * so one request can be followed through the logs of a site of several instances. Behind a trusted
 * proxy its X-Request-Id is kept (nginx's $request_id), so the proxy's log line matches ours.
 */

const WELL_FORMED = /^[A-Za-z0-9._:-]{8,64}$/

export function requestIdGenerator(trustProxy: unknown): (req: IncomingMessage) => string {
  const trusted = trustProxy !== false && trustProxy !== 0
  return (req) => {
    const given = trusted ? req.headers['x-request-id'] : undefined
    return typeof given === 'string' && WELL_FORMED.test(given) ? given : randomUUID()
  }
}
