import { sql, type Kysely, type Transaction } from 'kysely'
import type { Offer, PromoCodeInfo } from '../../../src/services/api/contract/campaigns'
import type { Locale } from '../../../src/shared/locales'
import { DEFAULT_LOCALE } from '../../../src/shared/locales'
import type { DB } from '../../db/schema'
import type { LimitCheck } from '../ratelimit/limits'
import { ipSubject } from '../ratelimit/limits'

/**
 * Promo codes (SPEC §4 'Promo code', §7 campaigns/checkPromocode): a code is good while it is
 * active, its window has begun and not ended, and it has uses left. Codes are matched case-blind
 * (stored upper case); anything that could not be a code is simply not one, so odd input (emoji,
 * quotes, 10 kB of text) answers "not valid" and never reaches a query as anything but a parameter.
 */

const CODE_PATTERN = /^[A-Z0-9_-]{1,64}$/

/** The code as stored, or null when the text cannot be a code at all. */
export function normalizePromoCode(raw: string | null | undefined): string | null {
  const code = raw?.trim().toUpperCase() ?? ''
  return CODE_PATTERN.test(code) ? code : null
}

type Db = Kysely<DB> | Transaction<DB>

/** Rows of promo_codes that are good at `now`. */
function validCodes(db: Db, now: Date) {
  return db
    .selectFrom('promo_codes')
    .leftJoin('campaigns', 'campaigns.id', 'promo_codes.campaign_id')
    .where('promo_codes.is_active', '=', true)
    .where((eb) => eb.or([eb('promo_codes.starts_at', 'is', null), eb('promo_codes.starts_at', '<=', now)]))
    .where((eb) => eb.or([eb('promo_codes.expires_at', 'is', null), eb('promo_codes.expires_at', '>', now)]))
    .where((eb) => eb.or([eb('promo_codes.max_uses', 'is', null), eb('promo_codes.used_count', '<', eb.ref('promo_codes.max_uses'))]))
    .where((eb) => eb.or([eb('campaigns.id', 'is', null), eb('campaigns.is_active', '=', true)]))
}

/** A locale's text from a { locale: text } object, else the default locale's, else any. */
export function localized(texts: unknown, locale: Locale): string {
  if (!texts || typeof texts !== 'object') return ''
  const t = texts as Record<string, unknown>
  const pick = t[locale] ?? t[DEFAULT_LOCALE] ?? Object.values(t)[0]
  return typeof pick === 'string' ? pick : ''
}

/** The valid code with its campaign title, or null. */
export async function checkPromoCode(db: Db, raw: string, now: Date, locale: Locale): Promise<PromoCodeInfo | null> {
  const code = normalizePromoCode(raw)
  if (!code) return null
  const row = await validCodes(db, now)
    .select(['promo_codes.code', 'campaigns.title'])
    .where('promo_codes.code', '=', code)
    .executeTakeFirst()
  if (!row) return null
  return { promo_code: row.code, title: row.title === null ? null : localized(row.title, locale) || null }
}

/**
 * Takes one use of a valid code for the player, inside the caller's transaction. Returns false
 * (and changes nothing) when the code is not valid any more: used up by a race, expired, turned off.
 */
export async function redeemPromoCode(
  trx: Transaction<DB>,
  input: { code: string; playerId: bigint; source: 'registration' | 'activation'; now: Date },
): Promise<boolean> {
  const taken = await trx
    .updateTable('promo_codes')
    .set({ used_count: sql`used_count + 1` })
    .where('code', 'in', validCodes(trx, input.now).select('promo_codes.code').where('promo_codes.code', '=', input.code))
    .returning('code')
    .executeTakeFirst()
  if (!taken) return false
  await trx
    .insertInto('promo_code_redemptions')
    .values({ code: input.code, player_id: input.playerId, source: input.source, redeemed_at: input.now })
    .execute()
  return true
}

/** Checking codes from one address: 120 an hour (times the test multiplier), so codes cannot be guessed in bulk. */
export function promoCheckLimit(ip: string, multiplier = 1): LimitCheck {
  return { key: `promo-check:ip:${ipSubject(ip)}`, policy: { kind: 'window', limit: Math.max(1, Math.round(120 * multiplier)), windowMs: 3_600_000 } }
}

export const OFFERS_PAGE_SIZE = 20

/** The player's campaigns (through the codes they redeemed), newest first. */
export async function listPlayerOffers(db: Db, playerId: bigint, locale: Locale, offset = 0): Promise<Offer[]> {
  const rows = await db
    .selectFrom('promo_code_redemptions')
    .innerJoin('promo_codes', 'promo_codes.code', 'promo_code_redemptions.code')
    .innerJoin('campaigns', 'campaigns.id', 'promo_codes.campaign_id')
    .select([
      'campaigns.id',
      'campaigns.sysname',
      'campaigns.title',
      'campaigns.description',
      'promo_code_redemptions.code',
      'promo_code_redemptions.source',
    ])
    .where('promo_code_redemptions.player_id', '=', playerId)
    .where('campaigns.is_active', '=', true)
    .orderBy('promo_code_redemptions.redeemed_at', 'desc')
    .orderBy('promo_code_redemptions.id', 'desc')
    .offset(Math.max(0, offset))
    .limit(OFFERS_PAGE_SIZE)
    .execute()
  return rows.map((r) => ({
    id: Number(r.id),
    sysname: r.sysname,
    trigger: { action: r.source, promo_code: r.code },
    description: { title: localized(r.title, locale), text: localized(r.description, locale) },
    promotions: [],
  }))
}
