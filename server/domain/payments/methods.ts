import type { Kysely, Transaction } from 'kysely'
import type { PaymentMethod, RequisiteField, SavedRequisite } from '../../../src/services/api/contract/cashier'
import { minorToMajor } from '../../../src/shared/money'
import type { DB } from '../../db/schema'
import type { CurrencyInfo } from '../wallet/currencies'

/** Payment methods as the cashier offers them (payment_methods + payment_method_currencies, migration 009). */

type Db = Kysely<DB> | Transaction<DB>
export type Direction = 'deposit' | 'withdrawal'

export interface MethodRow {
  id: number
  sysname: string
  kind: 'card' | 'ewallet' | 'bank' | 'crypto'
  provider: string
  name: string
  icon_light: string
  icon_dark: string
  description_short: string
  description_full: string
  fee_percent: string
  processing_minutes: number | null
  requisites: RequisiteField[]
  min: bigint
  max: bigint | null
  fee_fixed: bigint
}

/** The provider's enabled methods for `direction` in `currency`, in display order. */
export async function methodsFor(db: Db, provider: string | null, direction: Direction, currency: string): Promise<MethodRow[]> {
  if (!provider) return []
  const rows = await db
    .selectFrom('payment_methods as m')
    .innerJoin('payment_method_currencies as c', 'c.method_id', 'm.id')
    .select([
      'm.id', 'm.sysname', 'm.kind', 'm.provider', 'm.name', 'm.icon_light', 'm.icon_dark', 'm.description_short', 'm.description_full',
      'm.fee_percent', 'm.processing_minutes', 'm.deposit_requisites', 'm.withdrawal_requisites', 'c.min_amount', 'c.max_amount', 'c.fee_fixed',
    ])
    .where('m.provider', '=', provider)
    .where(direction === 'deposit' ? 'm.deposit_enabled' : 'm.withdrawal_enabled', '=', true)
    .where('c.currency', '=', currency)
    .orderBy('m.sort')
    .orderBy('m.id')
    .execute()
  return rows.map((r) => ({
    id: r.id,
    sysname: r.sysname,
    kind: r.kind,
    provider: r.provider,
    name: r.name,
    icon_light: r.icon_light,
    icon_dark: r.icon_dark,
    description_short: r.description_short,
    description_full: r.description_full,
    fee_percent: normaliseDecimal(String(r.fee_percent)),
    processing_minutes: r.processing_minutes,
    requisites: (direction === 'deposit' ? r.deposit_requisites : r.withdrawal_requisites) as RequisiteField[],
    min: r.min_amount,
    max: r.max_amount,
    fee_fixed: r.fee_fixed,
  }))
}

/** fee = amount × percent / 100 (rounded half up) + fixed, in minor units. */
export function feeOf(method: Pick<MethodRow, 'fee_percent' | 'fee_fixed'>, amount: bigint): bigint {
  const [whole, frac = ''] = method.fee_percent.split('.')
  const num = BigInt(`${whole}${frac}`)
  const den = 100n * 10n ** BigInt(frac.length)
  return (amount * num + den / 2n) / den + method.fee_fixed
}

export async function savedCards(db: Db, playerId: bigint, provider: string): Promise<SavedRequisite[]> {
  const rows = await db
    .selectFrom('saved_cards')
    .select(['masked', 'brand', 'expires'])
    .where('player_id', '=', playerId)
    .where('provider', '=', provider)
    .orderBy('id', 'desc')
    .execute()
  return rows.map((r) => ({ field: 'card_number', value: r.masked, label: `${r.brand} ···· ${r.masked.slice(-4)}`, expires: r.expires }))
}

export function toContractMethod(m: MethodRow, currency: CurrencyInfo, saved: SavedRequisite[]): PaymentMethod {
  const major = (v: bigint) => minorToMajor(v, currency.exponent)
  const hasCardField = m.requisites.some((f) => f.input === 'card')
  return {
    id: m.id,
    sysname: m.sysname,
    kind: m.kind,
    name: m.name,
    icon: { light: m.icon_light, dark: m.icon_dark },
    description: { short: m.description_short, full: m.description_full },
    limits: [{ currency: currency.code, min: major(m.min), max: m.max === null ? null : major(m.max) }],
    fee: { percent: m.fee_percent, fixed: m.fee_fixed > 0n ? [{ amount: major(m.fee_fixed), currency: currency.code }] : [] },
    processing_minutes: m.processing_minutes,
    requisites: m.requisites,
    saved_requisites: hasCardField ? saved : [],
  }
}

function normaliseDecimal(text: string): string {
  if (!text.includes('.')) return text
  return text.replace(/0+$/, '').replace(/\.$/, '')
}
