import { sql, type Kysely, type Transaction } from 'kysely'
import type { ProfileFieldInfo } from '../../src/services/api/contract/account'
import { PHONE_COUNTRIES } from '../../src/shared/validation/phone'
import type { DB } from '../db/schema'
import { DEFAULT_FIELD_COUNTRY } from '../domain/registration/field-settings'

/**
 * Demo configuration of the registration form: the profile field list per country (SPEC §3
 * 'Profile field sysnames') and the campaigns with their promo codes (SPEC §4 'Promo code').
 * Texts a player reads are given in every locale (en, es, pt, de); labels of countries are
 * English names the form replaces with the player's language (Intl.DisplayNames).
 */

type FieldSeed = Omit<ProfileFieldInfo, 'options'> & { options?: ProfileFieldInfo['options'] }

const COUNTRIES: ReadonlyArray<[string, string]> = [
  ['US', 'United States'],
  ['CA', 'Canada'],
  ['MX', 'Mexico'],
  ['BR', 'Brazil'],
  ['AR', 'Argentina'],
  ['DE', 'Germany'],
  ['AT', 'Austria'],
  ['ES', 'Spain'],
  ['PT', 'Portugal'],
  ['GB', 'United Kingdom'],
  ['FR', 'France'],
  ['IT', 'Italy'],
]

const countryField: FieldSeed = {
  sysname: 'country_code',
  is_visible: true,
  is_required: false,
  type: 'country_code',
  options: { list: COUNTRIES.map(([value, label]) => ({ value, label })) },
}
const email = (required: boolean): FieldSeed => ({ sysname: 'email', is_visible: true, is_required: required, type: 'input', options: {} })
const mobile = (country: string, required: boolean): FieldSeed => {
  const phone = PHONE_COUNTRIES.find((c) => c.code === country)
  return { sysname: 'mobile', is_visible: true, is_required: required, type: 'phone', options: { mask: phone?.mask ?? null } }
}
const currency = (...codes: string[]): FieldSeed => ({
  sysname: 'currency',
  is_visible: true,
  is_required: true,
  type: 'select',
  options: { list: codes.map((value) => ({ value, label: value })) },
})
const birthDate = (required: boolean): FieldSeed => ({
  sysname: 'birth_date',
  is_visible: true,
  is_required: required,
  type: 'date',
  options: { mask: '##.##.####' },
})
const name = (sysname: 'first_name' | 'last_name', required: boolean): FieldSeed => ({ sysname, is_visible: true, is_required: required, type: 'input', options: {} })

export const SEED_FIELD_LISTS: Readonly<Record<string, readonly FieldSeed[]>> = {
  [DEFAULT_FIELD_COUNTRY]: [countryField, email(true), mobile('US', false), currency('USD', 'EUR'), birthDate(false)],
  US: [countryField, email(true), mobile('US', false), currency('USD'), birthDate(false)],
  MX: [
    countryField,
    email(true),
    mobile('MX', false),
    name('first_name', false),
    name('last_name', false),
    {
      sysname: 'region',
      is_visible: true,
      is_required: true,
      type: 'region',
      options: {
        list: [
          ['CMX', 'Ciudad de México'],
          ['JAL', 'Jalisco'],
          ['NLE', 'Nuevo León'],
          ['PUE', 'Puebla'],
          ['YUC', 'Yucatán'],
        ].map(([value, label]) => ({ value: value!, label: label! })),
      },
    },
    currency('MXN', 'USD'),
  ],
  BR: [
    countryField,
    email(true),
    mobile('BR', false),
    { sysname: 'document_type', is_visible: true, is_required: true, type: 'select', options: { list: [{ value: 'cpf', label: 'CPF' }] } },
    // A CPF: eleven digits.
    { sysname: 'document_number', is_visible: true, is_required: true, type: 'input', options: { mask: '###########', regex: '^\\d{11}$' } },
    currency('BRL', 'USD'),
  ],
  DE: [countryField, email(true), name('first_name', true), name('last_name', true), currency('EUR', 'USD'), birthDate(false)],
  // Phone-first market: the mobile number is the login, the e-mail optional.
  PT: [countryField, mobile('PT', true), email(false), currency('EUR')],
}

export const SEED_CAMPAIGNS = [
  {
    sysname: 'welcome',
    title: { en: 'Welcome bonus', es: 'Bono de bienvenida', pt: 'Bônus de boas-vindas', de: 'Willkommensbonus' },
    description: {
      en: 'You joined the welcome campaign with your promo code.',
      es: 'Te uniste a la campaña de bienvenida con tu código promocional.',
      pt: 'Você entrou na campanha de boas-vindas com seu código promocional.',
      de: 'Sie sind mit Ihrem Aktionscode der Willkommensaktion beigetreten.',
    },
  },
  {
    sysname: 'spring-2020',
    title: { en: 'Spring 2020', es: 'Primavera 2020', pt: 'Primavera 2020', de: 'Frühling 2020' },
    description: { en: 'An old campaign.', es: 'Una campaña antigua.', pt: 'Uma campanha antiga.', de: 'Eine alte Aktion.' },
  },
] as const

/** Demo codes: one good, one expired, one switched off, one with a single use. */
export const SEED_PROMO_CODES = [
  { code: 'WELCOME100', campaign: 'welcome', is_active: true, expires_at: null, max_uses: null },
  { code: 'SPRING2020', campaign: 'spring-2020', is_active: true, expires_at: new Date('2020-06-01T00:00:00Z'), max_uses: null },
  { code: 'RETIRED50', campaign: 'welcome', is_active: false, expires_at: null, max_uses: null },
  { code: 'ONEUSE', campaign: 'welcome', is_active: true, expires_at: null, max_uses: 1 },
] as const

/**
 * Writes the registration configuration when there is none yet: on a fresh database with the rest
 * of the seed, and once on a database seeded before these tables existed. Idempotent.
 */
export async function seedRegistrationIfEmpty(db: Kysely<DB>): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext('casino:seed:registration'))`.execute(trx)
    const any = await trx.selectFrom('profile_field_settings').select('sysname').limit(1).executeTakeFirst()
    if (any) return false
    await seedRegistration(trx)
    return true
  })
}

async function seedRegistration(trx: Transaction<DB>): Promise<void> {
  const rows = Object.entries(SEED_FIELD_LISTS).flatMap(([country, fields]) =>
    fields.map((f, position) => ({
      country_code: country,
      sysname: f.sysname,
      position,
      is_visible: f.is_visible,
      is_required: f.is_required,
      type: f.type,
      options: JSON.stringify(f.options ?? {}),
    })),
  )
  await trx.insertInto('profile_field_settings').values(rows).execute()
  const campaignIds = new Map<string, bigint>()
  for (const c of SEED_CAMPAIGNS) {
    const existing = await trx.selectFrom('campaigns').select('id').where('sysname', '=', c.sysname).executeTakeFirst()
    const id =
      existing?.id ??
      (
        await trx
          .insertInto('campaigns')
          .values({ sysname: c.sysname, title: JSON.stringify(c.title), description: JSON.stringify(c.description) })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id
    campaignIds.set(c.sysname, id)
  }
  await trx
    .insertInto('promo_codes')
    .values(
      SEED_PROMO_CODES.map((p) => ({
        code: p.code,
        campaign_id: campaignIds.get(p.campaign) ?? null,
        is_active: p.is_active,
        expires_at: p.expires_at,
        max_uses: p.max_uses,
      })),
    )
    .onConflict((oc) => oc.column('code').doNothing())
    .execute()
}
