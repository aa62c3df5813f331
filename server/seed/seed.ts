import { seedDemoDeposits, seedDepositOffersIfEmpty, seedPaymentMethodsIfEmpty } from './payments'
import { sql, type Kysely } from 'kysely'
import { toMinor } from '../../src/shared/money'
import { argon2Cost, type Config } from '../config'
import type { DB, WalletKind } from '../db/schema'
import { hashPassword } from '../domain/auth/password'
import { hashRecoveryCode } from '../domain/auth/recovery-codes'
import { ensureWallet, postEntry } from '../domain/wallet/ledger'
import { DEMO_PASSWORD, SEED_CURRENCIES, SEED_PLAYERS, seedSettings } from './data'
import { seedRegistrationIfEmpty } from './registration'
import { syncCatalogue } from '../domain/games/catalogue'
import { seedFreeSpins } from '../domain/games/free-spins'
import { seedFreeBets } from '../domain/sportsbook/bonuses'

/** A database with no currency has never been seeded. */
export async function isEmpty(db: Kysely<DB>): Promise<boolean> {
  const row = await db.selectFrom('currencies').select((eb) => eb.fn.countAll<bigint>().as('n')).executeTakeFirstOrThrow()
  return row.n === 0n
}

/**
 * Loads the demo data into an empty database: in one transaction currencies, general settings,
 * demo players, their wallets, their bonus balances as 'bonus' ledger entries and their fun money
 * as an 'adjustment'; then the payment methods, and the demo players' deposits, which make their
 * main balances (seedDemoDeposits), so every balance a player sees is rows of their history.
 * Several instances starting together on PostgreSQL seed once (advisory lock, then re-check).
 * Returns whether it seeded.
 */
export async function seedIfEmpty(db: Kysely<DB>, config: Config): Promise<boolean> {
  const seeded = await seedCoreIfEmpty(db, config)
  // The demo payment methods came with migration 009: a database seeded before it gets them now, once.
  await seedPaymentMethodsIfEmpty(db)
  await seedDepositOffersIfEmpty(db)
  // Idempotent by key, so a start that stopped half-way finishes them on the next.
  await seedDemoDeposits(db, SEED_PLAYERS)
  // Not demo data: the catalogue follows the studio's code at every start, whatever the database holds.
  await syncCatalogue(db)
  // By fixed keys after the catalogue: a pack names a title, and a re-seed grants nothing twice.
  await seedFreeSpins(db, SEED_PLAYERS, new Date())
  await seedFreeBets(db, SEED_PLAYERS.map((p) => p.login), new Date())
  return seeded
}

async function seedCoreIfEmpty(db: Kysely<DB>, config: Config): Promise<boolean> {
  // The registration form's configuration came with a later migration: a database seeded before
  // it gets it now, once.
  await seedRegistrationIfEmpty(db)
  if (!(await isEmpty(db))) return false

  // Hash before the transaction: argon2 is slow and PGlite has one connection.
  const cost = argon2Cost(config)
  const hashes = await Promise.all(SEED_PLAYERS.map(() => hashPassword(DEMO_PASSWORD, cost)))

  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext('casino:seed'))`.execute(trx)
    if (!(await isEmpty(trx))) return false

    await trx.insertInto('currencies').values([...SEED_CURRENCIES]).execute()

    const settings = seedSettings({ idleTimeoutMs: config.session.idleTimeoutMs })
    await trx
      .insertInto('settings')
      .values(Object.entries(settings).map(([key, value]) => ({ key, value: JSON.stringify(value) })))
      .execute()

    for (const [i, player] of SEED_PLAYERS.entries()) {
      const { id } = await trx
        .insertInto('accounts')
        .values({
          login: player.login,
          email: player.email,
          password_hash: hashes[i]!,
          fakename: player.fakename,
          locale: player.locale,
          country_code: player.countryCode,
          currency: player.currency,
          is_verified: true,
          two_factor_secret: player.twoFactor?.secret ?? null,
          // Confirmed e-mail, so demo players can withdraw; the two-factor player shows the confirm-contact refusal.
          email_confirmed_at: player.twoFactor ? null : new Date(),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      await trx.insertInto('player_profiles').values({ player_id: id, ...player.profile }).execute()
      if (player.twoFactor) {
        await trx
          .insertInto('two_factor_recovery_codes')
          .values(player.twoFactor.recoveryCodes.map((code) => ({ player_id: id, code_hash: hashRecoveryCode(code) })))
          .execute()
      }
      // Every wallet exists from the start; main fills with the deposits (seedDemoDeposits).
      await ensureWallet(trx, id, player.currency, 'main')
      for (const [kind, amount] of Object.entries(player.balances) as [WalletKind, string][]) {
        const walletId = await ensureWallet(trx, id, player.currency, kind)
        const minor = toMinor(amount, player.currency)
        if (minor === 0n) continue
        // Bonus money is a bonus the history lists; fun money is play money, an opening adjustment.
        const fun = kind === 'fun'
        await postEntry(trx, {
          walletId,
          amount: minor,
          kind: fun ? 'adjustment' : 'bonus',
          idempotencyKey: `seed:${player.login}:${player.currency}:${kind}`,
          ref: fun ? 'opening balance' : 'welcome bonus',
        })
      }
    }
    return true
  })
}
