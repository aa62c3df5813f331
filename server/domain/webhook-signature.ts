import { createHmac, timingSafeEqual } from 'node:crypto'
import type { Config } from '../config'
import { WebhookRejected } from './payments/provider'

/**
 * The signature our sandbox providers put on their webhooks, as real providers do: a header
 * `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` over the exact bytes sent, refused when
 * it is more than WEBHOOK_TOLERANCE_SEC from our clock.
 */

/** How far a webhook's timestamp may be from our clock. */
export const WEBHOOK_TOLERANCE_SEC = 300

/** A sandbox provider's signing secret, derived from SESSION_SECRET under the provider's own label. */
export function derivedSecret(config: Pick<Config, 'sessionSecret'>, label: string): string {
  if (!config.sessionSecret) throw new Error('SESSION_SECRET is not set')
  return createHmac('sha256', config.sessionSecret).update(label).digest('hex')
}

/** The signature header for `body` sent at `at`. */
export function signTimestamped(secret: string, body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000)
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`
}

/** Checks a signature header over the raw body; throws WebhookRejected 'bad_signature' or 'stale'. */
export function checkTimestamped(header: unknown, secret: string, rawBody: string, now: Date): void {
  const match = typeof header === 'string' ? /^t=(\d{1,12}),v1=([0-9a-f]{64})$/.exec(header) : null
  if (!match) throw new WebhookRejected('bad_signature')
  const t = Number(match[1])
  const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest()
  if (!timingSafeEqual(expected, Buffer.from(match[2]!, 'hex'))) throw new WebhookRejected('bad_signature')
  if (Math.abs(now.getTime() / 1000 - t) > WEBHOOK_TOLERANCE_SEC) throw new WebhookRejected('stale')
}
