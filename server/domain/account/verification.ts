import type { Kysely } from 'kysely'
import type { PlayerVerification } from '../../../src/services/api/contract/operator'
import type { DB } from '../../db/schema'
import { playerIdByLogin } from './status'

/**
 * What staff record about a player's identity and contacts, beside what the KYC provider
 * (server/domain/kyc/verification.ts) and the contact confirmation of the profile record:
 * `is_verified` lifts the KYC withdrawal threshold (server/domain/payments/withdrawals.ts), a
 * confirmed e-mail the confirm-contact rule.
 */

export async function readVerification(db: Kysely<DB>, playerId: bigint): Promise<PlayerVerification> {
  const row = await db
    .selectFrom('accounts')
    .leftJoin('kyc_applications as k', 'k.account_id', 'accounts.id')
    .select(['accounts.login', 'accounts.is_verified', 'accounts.email_confirmed_at', 'k.status'])
    .where('accounts.id', '=', playerId)
    .executeTakeFirstOrThrow()
  return {
    login: row.login,
    is_verified: row.is_verified,
    email_confirmed_at: row.email_confirmed_at ? row.email_confirmed_at.toISOString() : null,
    kyc_status: row.status ?? 'none',
  }
}

/** Marks the player's identity verified (or not, when a check is withdrawn). */
export async function setVerified(db: Kysely<DB>, login: string, verified: boolean): Promise<PlayerVerification> {
  const playerId = await playerIdByLogin(db, login)
  await db.updateTable('accounts').set({ is_verified: verified }).where('id', '=', playerId).execute()
  return readVerification(db, playerId)
}

/** Records the player's e-mail as confirmed (kept when it already was). */
export async function confirmEmail(db: Kysely<DB>, login: string, now: Date): Promise<PlayerVerification> {
  const playerId = await playerIdByLogin(db, login)
  await db.updateTable('accounts').set({ email_confirmed_at: now }).where('id', '=', playerId).where('email_confirmed_at', 'is', null).execute()
  return readVerification(db, playerId)
}
