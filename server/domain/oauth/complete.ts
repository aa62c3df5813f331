import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import { WALLET_KINDS } from '../../db/schema'
import { FieldErrors } from '../auth/errors'
import { readSettings } from '../settings/settings'
import { ensureWallet } from '../wallet/ledger'

/**
 * Completing a social registration (SPEC §2.3 socialRegistration view): the player chooses the
 * account currency and accepts the terms, which a provider cannot do for them; mailing consent is
 * asked too and never implied. Only an account whose registration is not complete may do this,
 * and its currency may change only while every balance is zero (the wallets of a new currency
 * start empty, so no money moves and no ledger entry is due).
 */

export class RegistrationAlreadyCompletedError extends Error {
  override name = 'RegistrationAlreadyCompletedError'
  constructor() {
    super('The registration is already complete')
  }
}

export interface CompletionInput {
  currency: string
  terms: boolean
  notify: boolean
}

async function availableCurrency(db: Kysely<DB>, currency: string): Promise<boolean> {
  const settings = await readSettings(db, ['available_currencies'])
  const available = settings.available_currencies
  if (Array.isArray(available) && !available.includes(currency)) return false
  return (await db.selectFrom('currencies').select('code').where('code', '=', currency).executeTakeFirst()) !== undefined
}

export async function completeRegistration(db: Kysely<DB>, playerId: bigint, input: CompletionInput): Promise<void> {
  const currency = input.currency.trim().toUpperCase()
  const errors: Record<string, string[]> = {}
  if (!(await availableCurrency(db, currency))) errors.currency = ['invalid']
  if (!input.terms) errors.terms = ['required']
  if (Object.keys(errors).length) throw new FieldErrors(errors)

  await db.transaction().execute(async (trx) => {
    const account = await trx
      .selectFrom('accounts')
      .select(['currency', 'is_registration_completed'])
      .where('id', '=', playerId)
      // NO KEY UPDATE, as every lock of the account row (payments/cashier.ts): FOR UPDATE would also
      // stop the inserts that merely refer to the account.
      .forNoKeyUpdate()
      .executeTakeFirstOrThrow()
    if (account.is_registration_completed) throw new RegistrationAlreadyCompletedError()
    if (account.currency !== currency) {
      const funded = await trx.selectFrom('wallets').select('id').where('player_id', '=', playerId).where('balance', '<>', 0n).limit(1).executeTakeFirst()
      if (funded) throw new FieldErrors({ currency: ['locked'] })
      for (const kind of WALLET_KINDS) await ensureWallet(trx, playerId, currency, kind)
    }
    await trx
      .updateTable('accounts')
      .set({ currency, is_subscribed: input.notify, is_registration_completed: true })
      .where('id', '=', playerId)
      .execute()
  })
}
