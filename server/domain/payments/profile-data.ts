import type { Kysely } from 'kysely'
import { isProfileDataField, type ProfileDataField } from '../../../src/shared/profile-fields'
import type { DB } from '../../db/schema'
import { missingProfileFields } from '../account/profile-completeness'
import { readSettings } from '../settings/settings'
import { ProfileDataRequired } from './errors'

/**
 * The personal details a payment needs first (SPEC §8 UserNeedProfileDataException): a payout goes
 * to a named, adult person, so a withdrawal asks for the name and birth date by default; deposits
 * ask for nothing unless the operator says so. Rules and settings row: docs/payments.md.
 */

export const PROFILE_REQUIRED_SETTING = 'cashier_profile_required'

export type PaymentOperation = 'deposit' | 'withdrawal'

export const DEFAULT_PROFILE_REQUIRED: Record<PaymentOperation, readonly ProfileDataField[]> = {
  deposit: [],
  withdrawal: ['first_name', 'last_name', 'birth_date'],
}

function requiredFor(setting: unknown, operation: PaymentOperation): readonly ProfileDataField[] {
  const listed = setting && typeof setting === 'object' ? (setting as Record<string, unknown>)[operation] : undefined
  if (!Array.isArray(listed)) return DEFAULT_PROFILE_REQUIRED[operation]
  return listed.filter((f): f is ProfileDataField => typeof f === 'string' && isProfileDataField(f))
}

/** The details the operation needs that the player has not given (those their country's list shows). */
export async function missingProfileData(db: Kysely<DB>, playerId: bigint, operation: PaymentOperation): Promise<ProfileDataField[]> {
  const required = requiredFor((await readSettings(db, [PROFILE_REQUIRED_SETTING]))[PROFILE_REQUIRED_SETTING], operation)
  return missingProfileFields(db, playerId, required)
}

/** Refuses the operation while a detail it needs is missing. */
export async function assertProfileComplete(db: Kysely<DB>, playerId: bigint, operation: PaymentOperation): Promise<void> {
  const missing = await missingProfileData(db, playerId, operation)
  if (missing.length > 0) throw new ProfileDataRequired(operation, missing)
}
