// SPEC §4 'Cashback unseen': which cashback, if any, the unseen-cashback popup shows.

/** Where the id of the last cashback the player closed the popup of is kept. */
export const SEEN_CASHBACK_KEY = 'already_seen_cashback_id'

/** The statuses the latest-cashback probe asks for (SPEC §9: count 1, by end date). */
export const UNSEEN_CASHBACK_STATUSES = ['paid_out', 'active'] as const

export interface CashbackLike {
  readonly id: number
  readonly status: string
  readonly receiving_expired_at: string | null
}

/**
 * The latest cashback (by end date, statuses paid_out or active) is unseen when its id differs
 * from the stored last-seen id and it is either active, or paid_out without receiving_expired_at.
 * `latest` is undefined when the player has none; `seenId` is the stored text or null.
 */
export function isUnseenCashback(latest: CashbackLike | undefined, seenId: string | null): latest is CashbackLike {
  if (!latest) return false
  if (seenId !== null && seenId.trim() === String(latest.id)) return false
  if (latest.status === 'active') return true
  return latest.status === 'paid_out' && latest.receiving_expired_at === null
}
