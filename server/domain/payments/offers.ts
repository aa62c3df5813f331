import type { Kysely, Transaction } from 'kysely'
import type { DepositOffer } from '../../../src/services/api/contract/cashier'
import type { Locale } from '../../../src/shared/locales'
import { minorToMajor } from '../../../src/shared/money'
import type { DB } from '../../db/schema'
import { localized } from '../campaigns/promo-codes'
import type { CurrencyInfo } from '../wallet/currencies'
import { OfferNotApplicable } from './errors'

/**
 * Deposit offers (SPEC §3 'Deposit offer', §6): the offers running now, each with the server's
 * verdict for this player (trigger.user_satisfies_params) and the methods it excludes. A visitor
 * sees them all as satisfied (SPEC §6: 'shown to visitors regardless'). makedeposit accepts a
 * campaign_offer_id only for an offer the player satisfies, whose method is not excluded and
 * whose minimum the amount reaches; the transaction keeps the id.
 *
 * The offer rows are the one source of what the site promises: the registration banner names an
 * offer by sysname and shows this same answer (bannerOffer), so its figure cannot drift from the
 * cashier's. promotions (jsonb): [{ type, value, max_amounts? }], max_amounts being the most a
 * bonus_percent pays, per currency, in minor units ({ "USD": "50000" }); the bonus payout reads it.
 */

type Db = Kysely<DB> | Transaction<DB>

interface OfferRow {
  id: number
  sysname: string
  audience: 'first_deposit' | 'returning' | 'everyone'
  exclude_methods: unknown
  min_amounts: unknown
  title: unknown
  text: unknown
  image: string | null
  promotions: unknown
}

async function runningOffers(db: Db, now: Date): Promise<OfferRow[]> {
  return db
    .selectFrom('deposit_offers')
    .select(['id', 'sysname', 'audience', 'exclude_methods', 'min_amounts', 'title', 'text', 'image', 'promotions'])
    .where('is_active', '=', true)
    .where((eb) => eb.or([eb('starts_at', 'is', null), eb('starts_at', '<=', now)]))
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
    .orderBy('sort')
    .orderBy('id')
    .execute()
}

async function hasDeposited(db: Db, playerId: bigint): Promise<boolean> {
  const row = await db
    .selectFrom('payment_transactions')
    .select('id')
    .where('player_id', '=', playerId)
    .where('type', '=', 'deposit')
    .where('status', '=', 'success')
    .limit(1)
    .executeTakeFirst()
  return row !== undefined
}

function satisfies(audience: OfferRow['audience'], deposited: boolean): boolean {
  return audience === 'everyone' || (audience === 'first_deposit' ? !deposited : deposited)
}

const json = <T>(value: unknown, fallback: T): T => {
  const parsed = typeof value === 'string' ? (JSON.parse(value) as unknown) : value
  return (parsed ?? fallback) as T
}

function minimumOf(row: OfferRow, currency: string): bigint | null {
  const mins = json<Record<string, string | number>>(row.min_amounts, {})
  return mins[currency] === undefined ? null : BigInt(mins[currency]!)
}

type StoredPromotion = { type: unknown; value: unknown; max_amounts?: Record<string, string | number> }

/** The offer's promotions, each cap in the player's currency, or in every currency for a visitor (null). */
function promotionsOf(row: OfferRow, currency: CurrencyInfo | null, currencies: readonly CurrencyInfo[]): DepositOffer['promotions'] {
  return json<StoredPromotion[]>(row.promotions, []).map((p) => {
    const caps = p.max_amounts && typeof p.max_amounts === 'object' ? p.max_amounts : null
    const max = caps
      ? (currency ? [currency] : currencies).flatMap((c) => (caps[c.code] === undefined ? [] : [{ amount: minorToMajor(BigInt(caps[c.code]!), c.exponent), currency: c.code }]))
      : []
    return { type: String(p.type), value: String(p.value), ...(max.length ? { max_amount: max } : {}) }
  })
}

async function knownCurrencies(db: Db): Promise<CurrencyInfo[]> {
  const rows = await db.selectFrom('currencies').select(['code', 'exponent', 'rate']).orderBy('code').execute()
  return rows.map((r) => ({ code: r.code, exponent: Number(r.exponent), rate: String(r.rate) }))
}

function toContractOffer(row: OfferRow, verdict: boolean, currency: CurrencyInfo | null, currencies: readonly CurrencyInfo[], locale: Locale): DepositOffer {
  const min = currency ? minimumOf(row, currency.code) : null
  return {
    id: row.id,
    trigger: {
      action: 'deposit',
      user_satisfies_params: verdict,
      params: {
        exclude_methods: json<string[]>(row.exclude_methods, []),
        ...(min !== null && currency ? { min_amount: [{ amount: minorToMajor(min, currency.exponent), currency: currency.code }] } : {}),
      },
    },
    description: { title: localized(json(row.title, {}), locale), text: localized(json(row.text, {}), locale), image: row.image },
    promotions: promotionsOf(row, currency, currencies),
    audience: row.audience,
  }
}

/** The running offers as getdepositoffers answers them; a null player is a visitor. */
export async function listDepositOffers(db: Db, playerId: bigint | null, currency: CurrencyInfo | null, locale: Locale, now: Date): Promise<DepositOffer[]> {
  const rows = await runningOffers(db, now)
  if (!rows.length) return []
  const deposited = playerId === null ? null : await hasDeposited(db, playerId)
  const currencies = currency ? [] : await knownCurrencies(db)
  return rows.map((row) => toContractOffer(row, deposited === null ? true : satisfies(row.audience, deposited), currency, currencies, locale))
}

/**
 * The running offer `sysname` as getdepositoffers answers it to a visitor (the registration
 * banner's offer); null when no such offer is running, so nothing advertises what the cashier
 * would not give.
 */
export async function bannerOffer(db: Db, sysname: string, locale: Locale, now: Date): Promise<DepositOffer | null> {
  const row = (await runningOffers(db, now)).find((o) => o.sysname === sysname)
  return row ? toContractOffer(row, true, null, await knownCurrencies(db), locale) : null
}

const notApplicable = (message: string) => new OfferNotApplicable(message)

/** campaign_offer_id of makedeposit: the offer's id when it applies to this deposit; refused otherwise. */
export async function requireApplicableOffer(
  db: Db,
  input: { playerId: bigint; offerId: number; method: string; amount: bigint; currency: string },
  now: Date,
): Promise<number> {
  const row = (await runningOffers(db, now)).find((o) => o.id === input.offerId)
  if (!row) throw notApplicable('This offer is not available.')
  if (!satisfies(row.audience, await hasDeposited(db, input.playerId))) throw notApplicable('This offer is not available to you.')
  if (json<string[]>(row.exclude_methods, []).includes(input.method)) throw notApplicable('This offer does not apply to this payment method.')
  const min = minimumOf(row, input.currency)
  if (min !== null && input.amount < min) throw notApplicable('The amount is below the minimum of this offer.')
  return row.id
}
