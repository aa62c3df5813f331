import type { Logger } from 'pino'

/** How often the server looks for payouts the provider never answered. */
export const PAYOUT_SWEEP_EVERY_MS = 30_000

type Sweep = () => Promise<{ asked: number; answered: number }>

/**
 * Runs the stalled-payout sweep (retryStalledPayouts in domain/payments/withdrawals.ts) every
 * `everyMs`, never two at once. Several instances may sweep together: the payout's idempotency
 * key makes a second ask harmless. Returns the function that stops it.
 */
export function startPayoutRetries(sweep: Sweep, log: Pick<Logger, 'info' | 'error'>, everyMs = PAYOUT_SWEEP_EVERY_MS): () => void {
  let sweeping = false
  const timer = setInterval(() => {
    if (sweeping) return
    sweeping = true
    sweep()
      .then(({ asked, answered }) => {
        if (asked > 0) log.info({ asked, answered }, 'stalled payouts asked again')
      })
      .catch((err: unknown) => log.error({ err }, 'stalled payouts: the sweep failed'))
      .finally(() => {
        sweeping = false
      })
  }, everyMs)
  timer.unref()
  return () => clearInterval(timer)
}
