// Account area (SPEC §7 'Account'). More calls join this file as their flows are built.
import { array, boolean, enums, integer, min, nullable, number, object, optional, refine, string, type, type Infer } from 'superstruct'
import { DEFAULT_LOCALE } from '../../../shared/locales'
import { defineCall } from './define'
import { MoneyShape } from './shapes'

/**
 * SPEC §3 'Account info'. One shape for visitor and player, because getInfo answers both: a
 * visitor is uid 0 with empty text, null balances and every flag off. `type` (not `object`)
 * lets a newer server add fields without breaking older clients.
 */
export const AccountInfoSchema = refine(
  type({
    /** Above 0 means logged in. */
    uid: min(integer(), 0),
    /** ISO 8601; null for a visitor. */
    reg_time: nullable(string()),
    login: string(),
    fakename: nullable(string()),
    is_subscribed: boolean(),
    /** The player's currency is the main balance's (SPEC §3). */
    balance_main: nullable(MoneyShape),
    balance_bonus: nullable(MoneyShape),
    balance_betting_bonus: nullable(MoneyShape),
    balance_fun: nullable(MoneyShape),
    is_on_verification: boolean(),
    is_verified: boolean(),
    is_kyc_block_enabled: boolean(),
    is_registration_completed: boolean(),
    /** ISO 3166-1 alpha-2; null when unknown. */
    country_code: nullable(string()),
    locale: string(),
    two_factor_auth: boolean(),
  }),
  'PlayerHasMainBalance',
  // The header total and the player's currency both come from the main balance, so a logged-in
  // answer without one is a server bug worth failing on in development.
  (info) => info.uid === 0 || info.balance_main !== null || 'a logged-in player (uid > 0) needs balance_main',
)

export type AccountInfo = Infer<typeof AccountInfoSchema>

export const VISITOR: Readonly<AccountInfo> = Object.freeze({
  uid: 0,
  reg_time: null,
  login: '',
  fakename: null,
  is_subscribed: false,
  balance_main: null,
  balance_bonus: null,
  balance_betting_bonus: null,
  balance_fun: null,
  is_on_verification: false,
  is_verified: false,
  is_kyc_block_enabled: false,
  is_registration_completed: false,
  country_code: null,
  locale: DEFAULT_LOCALE,
  two_factor_auth: false,
})

export function isLoggedIn(info: Pick<AccountInfo, 'uid'>): boolean {
  return info.uid > 0
}

/** GET /api/account/getInfo: the current player, or VISITOR's shape when nobody is logged in. */
export const getInfo = defineCall({
  area: 'account',
  name: 'getInfo',
  method: 'GET',
  request: object({}),
  response: AccountInfoSchema,
})

/** SPEC §3 'Contact': an e-mail or phone of the player and its state. */
export const ContactSchema = object({
  type: enums(['email', 'phone']),
  contact: string(),
  is_confirmed: boolean(),
  is_subscribed: boolean(),
  phone_country_code: optional(nullable(string())),
})
export type Contact = Infer<typeof ContactSchema>

/** SPEC §3 'Profile'. `document` and `contacts` come when asked for in `fields`. */
export const ProfileSchema = object({
  first_name: nullable(string()),
  last_name: nullable(string()),
  sex: number(),
  birth_date: nullable(string()),
  country: nullable(string()),
  country_code: nullable(string()),
  region: nullable(string()),
  home_town: nullable(string()),
  address: nullable(string()),
  postcode: nullable(string()),
  document: optional(nullable(object({ type: nullable(string()), number: nullable(string()) }))),
  contacts: optional(array(ContactSchema)),
})
export type Profile = Infer<typeof ProfileSchema>

export const PROFILE_FIELDS = ['contacts', 'document'] as const

/** GET /api/account/getprofileinfo: the logged-in player's profile; `fields` is e.g. 'contacts,document'. */
export const getprofileinfo = defineCall({
  area: 'account',
  name: 'getprofileinfo',
  method: 'GET',
  request: object({ fields: optional(string()) }),
  response: ProfileSchema,
})
