import { randomBytes } from 'node:crypto'
import { sql, type Kysely, type Transaction } from 'kysely'
import { isLocale, type Locale } from '../../../src/shared/locales'
import { argon2Cost, authThrottleMultiplier, type Config } from '../../config'
import { WALLET_KINDS, type DB } from '../../db/schema'
import { PlayerBannedError } from '../account/info'
import { hashPassword } from '../auth/password'
import { authLimits, consumeOrThrow, registerCheck } from '../auth/throttle'
import { DEFAULT_CURRENCY, readSettings } from '../settings/settings'
import { ensureWallet } from '../wallet/ledger'
import { InitDataError, verifyInitData, type VerifiedInitData } from './init-data'

/**
 * Messenger mini-app sign-in (SPEC §4 'Messenger mini-app', §7 register with is_tg): the signed
 * init data is the only thing believed. Its user is linked to one account (messenger_identities):
 * the first launch registers that account, every later launch logs into it. Replaying the same
 * init data is allowed while it is fresh (the mini-app keeps it for its whole life and a reload
 * sends it again); once auth_date is older than TELEGRAM_AUTH_MAX_AGE_SECONDS it is refused.
 */

export const MESSENGER = 'telegram'

/** What the client sends besides the init data; each must agree with what the init data says. */
export interface MessengerClaims {
  /** The raw tgWebAppData value. */
  payload: string
  id: string
  hash: string
  username?: string
  language_code?: string
}

export interface MessengerContext {
  db: Kysely<DB>
  config: Config
  now: Date
  ip: string
  /** The locale the request came in; used when the messenger's language is not one of ours. */
  locale: Locale
}

/** The sign-in is not configured here (no TELEGRAM_BOT_TOKEN). */
export class MessengerDisabledError extends Error {
  override name = 'MessengerDisabledError'
  constructor() {
    super('Messenger sign-in is not configured')
  }
}

export interface MessengerSignIn {
  playerId: bigint
  /** True when this launch made the account. */
  created: boolean
}

/** Verifies the claims, then finds or makes the account. Throws InitDataError, PlayerBannedError, ThrottledError. */
export async function signInWithMessenger(ctx: MessengerContext, claims: MessengerClaims): Promise<MessengerSignIn> {
  const { db, config, now } = ctx
  const botToken = config.messenger.botToken
  if (!botToken) throw new MessengerDisabledError()
  const verified = verifyInitData(claims.payload, { botToken, maxAgeSec: config.messenger.authMaxAgeSec, now })
  assertClaimsMatch(claims, verified)

  const known = await findIdentity(db, verified.user.id)
  if (known) return { playerId: await logInKnown(db, known, verified, now), created: false }

  // A new account counts against the same per-IP registration limit as the form.
  await consumeOrThrow(db, [registerCheck(authLimits(authThrottleMultiplier(config)), ctx.ip)], now)
  // Nobody knows this password: the account signs in through the messenger (or, once the player
  // adds an e-mail, through password recovery). argon2 outside the transaction: PGlite has one connection.
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'), argon2Cost(config))
  const currency = await defaultCurrency(db)
  const locale = localeOf(verified.user.languageCode) ?? ctx.locale

  try {
    return await db.transaction().execute(async (trx) => {
      // Two launches racing: the second finds the first one's account here or fails on the key below.
      const raced = await findIdentity(trx, verified.user.id)
      if (raced) return { playerId: await logInKnown(trx, raced, verified, now), created: false }
      const login = await freeLogin(trx, `tg_${verified.user.id}`)
      const { id } = await trx
        .insertInto('accounts')
        .values({
          login,
          email: null,
          password_hash: passwordHash,
          fakename: null,
          locale,
          country_code: null,
          currency,
          // No contact and no consent yet: SPEC §2.3 asks such a player to complete the registration.
          is_registration_completed: false,
          password_changed_at: now,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      await trx
        .insertInto('player_profiles')
        .values({ player_id: id, first_name: verified.user.firstName, last_name: verified.user.lastName, updated_at: now })
        .execute()
      for (const kind of WALLET_KINDS) await ensureWallet(trx, id, currency, kind)
      await trx
        .insertInto('messenger_identities')
        .values({ messenger: MESSENGER, external_id: verified.user.id, player_id: id, username: verified.user.username, created_at: now, last_auth_at: now })
        .execute()
      return { playerId: id, created: true }
    })
  } catch (err) {
    // The unique key settled a race with a parallel first launch: that account is the one.
    if ((err as { code?: string } | null)?.code === '23505') {
      const winner = await findIdentity(db, verified.user.id)
      if (winner) return { playerId: await logInKnown(db, winner, verified, now), created: false }
    }
    throw err
  }
}

/** The id and hash sent beside the init data must be the init data's own; the rest must not contradict it. */
function assertClaimsMatch(claims: MessengerClaims, verified: VerifiedInitData): void {
  const agrees = (claim: string | undefined, actual: string | null) => claim === undefined || claim === (actual ?? '')
  if (
    claims.id !== verified.user.id ||
    claims.hash.toLowerCase() !== verified.hash ||
    !agrees(claims.username, verified.user.username) ||
    !agrees(claims.language_code, verified.user.languageCode)
  ) {
    throw new InitDataError('bad_signature')
  }
}

interface Identity {
  player_id: bigint
  banned_at: Date | null
}

async function findIdentity(db: Kysely<DB> | Transaction<DB>, externalId: string): Promise<Identity | undefined> {
  return db
    .selectFrom('messenger_identities as m')
    .innerJoin('accounts as a', 'a.id', 'm.player_id')
    .select(['m.player_id', 'a.banned_at'])
    .where('m.messenger', '=', MESSENGER)
    .where('m.external_id', '=', externalId)
    .executeTakeFirst()
}

async function logInKnown(db: Kysely<DB> | Transaction<DB>, known: Identity, verified: VerifiedInitData, now: Date): Promise<bigint> {
  if (known.banned_at) throw new PlayerBannedError(known.player_id)
  await db
    .updateTable('messenger_identities')
    .set({ username: verified.user.username, last_auth_at: now })
    .where('messenger', '=', MESSENGER)
    .where('external_id', '=', verified.user.id)
    .execute()
  return known.player_id
}

/** `wanted`, or `wanted_2`, `wanted_3`, ... when a form registration already took it. */
async function freeLogin(trx: Transaction<DB>, wanted: string): Promise<string> {
  const rows = await trx
    .selectFrom('accounts')
    .select(sql<string>`lower(login)`.as('login'))
    .where(sql`lower(login)`, 'like', `${wanted}%`)
    .execute()
  const used = new Set(rows.map((r) => r.login))
  if (!used.has(wanted)) return wanted
  for (let n = 2; ; n++) if (!used.has(`${wanted}_${n}`)) return `${wanted}_${n}`
}

/** The messenger's language_code ('pt-br', 'de') as one of our locales, if it is one. */
export function localeOf(languageCode: string | null): Locale | null {
  const base = languageCode?.toLowerCase().split(/[-_]/)[0]
  return isLocale(base) ? base : null
}

async function defaultCurrency(db: Kysely<DB>): Promise<string> {
  const settings = await readSettings(db, ['default_currency'])
  return typeof settings.default_currency === 'string' ? settings.default_currency : DEFAULT_CURRENCY
}
