import { sql, type Kysely, type Transaction } from 'kysely'
import type { InvalidParameters } from '../../../src/shared/errors'
import { isLocale, type Locale } from '../../../src/shared/locales'
import { checkEmail } from '../../../src/shared/validation/rules'
import { argon2Cost, authThrottleMultiplier } from '../../config'
import { WALLET_KINDS, type DB } from '../../db/schema'
import { normalizePromoCode, checkPromoCode, redeemPromoCode } from '../campaigns/promo-codes'
import { checkAgainstFieldList, readProfileFields } from '../registration/field-settings'
import { characterExists } from '../loyalty/characters'
import { readSettings } from '../settings/settings'
import { ensureWallet } from '../wallet/ledger'
import { FieldErrors } from './errors'
import { normalizePhone, phoneCountryOf, trimmed, validateRegistration, type RegistrationFields } from './fields'
import type { AuthDeps } from './login'
import { hashPassword } from './password'
import { authLimits, consumeOrThrow, registerCheck } from './throttle'

/**
 * Registration (SPEC §4 'Registration', §7 'Registration payload'): checks the form with the
 * SPEC §5 rules, refuses a common password, keeps login, e-mail and phone unique across each
 * other (one can log in with any of the three), and creates the player, the profile and the four
 * wallets in one transaction. Wallets start at zero, so there is no ledger entry to write.
 */

/** The validated profile fields plus what only registration carries. */
export interface RegistrationInput extends RegistrationFields {
  currency: string
  notify?: boolean
  is_betting?: boolean
  character_id?: number
  region?: string
  promo_code?: string
  country?: string
  locale?: string
}

export interface RegistrationContext extends AuthDeps {
  ip: string
  /** The locale the request came in, for a form that sends none. */
  locale: Locale
}

/** Creates the player and returns its id. Throws ThrottledError or FieldErrors. */
export async function registerPlayer(ctx: RegistrationContext, input: RegistrationInput): Promise<bigint> {
  const { db, config, now } = ctx
  // Every attempt counts, failed ones too: a 'taken' answer tells whether an e-mail is registered.
  await consumeOrThrow(db, [registerCheck(authLimits(authThrottleMultiplier(config)), ctx.ip)], now)

  let email = trimmed(input.email)
  const phoneRaw = trimmed(input.phone)
  const country = phoneCountryOf(input.phone_country_code)
  const phone = phoneRaw ? normalizePhone(phoneRaw, country) : undefined
  // SPEC §7: the login defaults to the e-mail, else the mobile number (as stored: digits).
  const login = trimmed(input.login) ?? email ?? phone
  // A login that is an e-mail address is the account's e-mail when the form sent none, so that
  // password recovery can reach it.
  if (!email && login && login.includes('@') && !checkEmail(login)) email = login

  const errors = validateRegistration(
    {
      login,
      email,
      phone: phoneRaw,
      phone_country_code: input.phone_country_code,
      password: input.password,
      fakename: trimmed(input.fakename),
      first_name: trimmed(input.first_name),
      middle_name: trimmed(input.middle_name),
      last_name: trimmed(input.last_name),
      birth_date: trimmed(input.birth_date),
      sex: input.sex,
      home_town: trimmed(input.home_town),
      address: trimmed(input.address),
      postcode: trimmed(input.postcode),
      document_type: trimmed(input.document_type),
      document_number: trimmed(input.document_number),
      country_code: trimmed(input.country_code),
    },
    now,
  )
  const currency = input.currency.trim().toUpperCase()
  if (!(await isAvailableCurrency(db, currency))) errors.currency = ['invalid']
  // The country's field list (SPEC §3, §5 'Registration fields'): required fields, regex options, select choices.
  const fieldList = await readProfileFields(db, trimmed(input.country_code))
  checkAgainstFieldList(
    fieldList,
    {
      email,
      phone: phoneRaw,
      currency,
      login: trimmed(input.login),
      fakename: input.fakename,
      first_name: input.first_name,
      middle_name: input.middle_name,
      last_name: input.last_name,
      birth_date: input.birth_date,
      sex: input.sex,
      home_town: input.home_town,
      address: input.address,
      postcode: input.postcode,
      document_type: input.document_type,
      document_number: input.document_number,
      country_code: input.country_code,
      region: input.region,
      phone_country_code: input.phone_country_code,
      country: input.country,
    },
    errors,
  )
  // SPEC §5 'Promo code': the server decides; only a code valid now is taken.
  const promoCode = trimmed(input.promo_code) === undefined ? null : normalizePromoCode(input.promo_code)
  if (trimmed(input.promo_code) !== undefined && (!promoCode || !(await checkPromoCode(db, promoCode, now, ctx.locale)))) {
    errors.promo_code = ['invalid']
  }
  // A character is one of the loyalty programme's (loyalty/getcharacters), or none.
  if (input.character_id !== undefined && !(await characterExists(db, input.character_id))) errors.character_id = ['invalid']
  if (Object.keys(errors).length || !login) throw new FieldErrors(Object.keys(errors).length ? errors : { login: ['required'] })

  const taken = await takenFields(db, { login, email, phone })
  // The nickname others see is one player's only, in any case (as account/changefakename has it).
  const fakename = trimmed(input.fakename)
  if (fakename && (await db.selectFrom('accounts').select('id').where(sql<string>`lower(fakename)`, '=', fakename.toLowerCase()).executeTakeFirst())) taken.fakename = ['taken']
  if (Object.keys(taken).length) throw new FieldErrors(taken)

  // argon2 outside the transaction: it is slow, and PGlite has one connection.
  const passwordHash = await hashPassword(input.password, argon2Cost(config))
  const locale = isLocale(input.locale) ? input.locale : ctx.locale

  try {
    return await db.transaction().execute(async (trx) => {
      // Checked again under the transaction; the unique indexes settle a race between the two.
      const clash = await takenFields(trx, { login, email, phone })
      if (Object.keys(clash).length) throw new FieldErrors(clash)
      const { id } = await trx
        .insertInto('accounts')
        .values({
          login,
          email: email ?? null,
          password_hash: passwordHash,
          fakename: trimmed(input.fakename) ?? null,
          locale,
          country_code: trimmed(input.country_code)?.toUpperCase() ?? null,
          currency,
          is_subscribed: input.notify ?? false,
          is_registration_completed: true,
          phone: phone ?? null,
          phone_country_code: country?.code ?? trimmed(input.phone_country_code) ?? null,
          is_betting: input.is_betting ?? false,
          character_id: input.character_id ?? null,
          registration_promo_code: promoCode,
          password_changed_at: now,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      await trx
        .insertInto('player_profiles')
        .values({
          player_id: id,
          first_name: trimmed(input.first_name) ?? null,
          middle_name: trimmed(input.middle_name) ?? null,
          last_name: trimmed(input.last_name) ?? null,
          birth_date: trimmed(input.birth_date) ?? null,
          sex: input.sex ?? 0,
          country: trimmed(input.country) ?? null,
          region: trimmed(input.region) ?? null,
          home_town: trimmed(input.home_town) ?? null,
          address: trimmed(input.address) ?? null,
          postcode: trimmed(input.postcode) ?? null,
          document_type: trimmed(input.document_type) ?? null,
          document_number: trimmed(input.document_number) ?? null,
          updated_at: now,
        })
        .execute()
      for (const kind of WALLET_KINDS) await ensureWallet(trx, id, currency, kind)
      // Used up or switched off since the check above: nothing of this registration is kept.
      if (promoCode && !(await redeemPromoCode(trx, { code: promoCode, playerId: id, source: 'registration', now }))) {
        throw new FieldErrors({ promo_code: ['invalid'] })
      }
      return id
    })
  } catch (err) {
    const field = uniqueViolationField(err)
    if (field) throw new FieldErrors({ [field]: ['taken'] })
    throw err
  }
}

async function isAvailableCurrency(db: Kysely<DB>, currency: string): Promise<boolean> {
  const settings = await readSettings(db, ['available_currencies'])
  const available = settings.available_currencies
  if (Array.isArray(available) && !available.includes(currency)) return false
  const row = await db.selectFrom('currencies').select('code').where('code', '=', currency).executeTakeFirst()
  return row !== undefined
}

/**
 * Which of login, e-mail and phone another account already uses, in any of the three roles (a
 * login equal to someone's e-mail would make logging in with that e-mail ambiguous).
 */
async function takenFields(
  db: Kysely<DB> | Transaction<DB>,
  wanted: { login: string; email?: string; phone?: string },
): Promise<InvalidParameters> {
  const login = wanted.login.toLowerCase()
  const email = wanted.email?.toLowerCase()
  const loginDigits = /^\+?\d+$/.test(login) ? login.replace(/^\+/, '') : null
  const names = [login, ...(email ? [email] : [])]
  const phones = [...(wanted.phone ? [wanted.phone] : []), ...(loginDigits ? [loginDigits] : [])]
  const rows = await db
    .selectFrom('accounts')
    .select([sql<string>`lower(login)`.as('login'), sql<string | null>`lower(email)`.as('email'), 'phone'])
    .where((eb) =>
      eb.or([
        eb(sql`lower(login)`, 'in', [...names, ...phones]),
        eb(sql`lower(email)`, 'in', names),
        ...(phones.length ? [eb('phone', 'in', phones)] : []),
      ]),
    )
    .execute()
  const used = new Set(rows.flatMap((r) => [r.login, r.email, r.phone]).filter((v): v is string => v !== null))
  const out: InvalidParameters = {}
  if (used.has(login) || (loginDigits !== null && used.has(loginDigits))) out.login = ['taken']
  if (email && used.has(email)) out.email = ['taken']
  if (wanted.phone && used.has(wanted.phone)) out.phone = ['taken']
  return out
}

/** The form field behind a unique-index violation (PostgreSQL 23505), or null for any other error. */
function uniqueViolationField(err: unknown): string | null {
  const e = err as { code?: string; constraint?: string; message?: string } | null
  if (e?.code !== '23505') return null
  const name = e.constraint ?? e.message ?? ''
  if (name.includes('fakename')) return 'fakename'
  if (name.includes('email')) return 'email'
  if (name.includes('phone')) return 'phone'
  return 'login'
}
