import type { Logger } from 'pino'
import type { Job } from './jobs/runner'

/** How often the server looks for payouts the provider never answered. */
export const PAYOUT_SWEEP_EVERY_MS = 30_000

type Sweep = () => Promise<{ asked: number; answered: number }>

/**
 * The stalled-payout sweep (retryStalledPayouts in domain/payments/withdrawals.ts) as a job of the
 * runner (server/jobs/runner.ts), which runs it on one instance at a time. Were two to sweep at
 * once, the payout's idempotency key would still make the second ask harmless.
 */
export function payoutRetriesJob(sweep: Sweep, log: Pick<Logger, 'info'>, everyMs = PAYOUT_SWEEP_EVERY_MS): Job {
  return {
    name: 'payout-retries',
    everyMs,
    async run() {
      const { asked, answered } = await sweep()
      if (asked > 0) log.info({ asked, answered }, 'stalled payouts asked again')
    },
  }
}
