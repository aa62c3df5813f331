// The Account calls only the profile pages make (SPEC §7 saveProfileInfo, changefakename, addcontact,
// getContactPhoneSettings; the security page's devices), apart from account.ts, which every page
// loads: a page that does not draw them does not download them.
import { array, boolean, enums, integer, literal, min, nullable, object, optional, pattern, size, string, type Infer } from 'superstruct'
import { SESSION_LIMIT_MINUTES } from '../../../shared/session-limit'
import { defineCall } from './define'
import { wireBoolean, wireInteger } from './params'

const profileText = (max: number) => optional(size(string(), 1, max))

/**
 * Failure codes of the profile writes, in `error.code`. A refused field is InvalidParameterException
 * invalid_parameters naming it, with the form's own messageIds ('required', 'date' with the 18+ bound,
 * 'regex', 'invalid', 'cpf'), or 'locked': an identity field of a verified player (or one being
 * checked), which changes only through support.
 */
export const PROFILE_ERROR_CODE = {
  invalidParameters: 'invalid_parameters',
  /** AccessDeniedException 403 with error_data.next_change_at: the nickname changed less than FAKENAME_CHANGE_DAYS ago. */
  fakenameTooSoon: 'fakename_change_too_soon',
} as const

/**
 * POST /api/account/saveProfileInfo (SPEC §7): the personal details of /profile/settings. The
 * fields are those of the country's list (getPersonalDataFields of the country sent, else of the
 * player's) that are visible and among PROFILE_DATA_FIELDS; one the form sends empty is dropped on
 * the wire (SPEC §7) and so cleared, and refused when the list requires it. Fields outside the list
 * keep their values. Birth dates make the player 18 or older. Answers 1 (SPEC §7).
 */
export const saveProfileInfo = defineCall({
  area: 'account',
  name: 'saveProfileInfo',
  method: 'POST',
  access: 'player',
  request: object({
    first_name: profileText(128),
    middle_name: profileText(128),
    last_name: profileText(128),
    /** dd.mm.yyyy or yyyy-mm-dd; kept as dd.mm.yyyy. */
    birth_date: profileText(10),
    sex: optional(wireInteger()),
    country_code: optional(pattern(string(), /^[A-Za-z]{2}$/)),
    region: profileText(128),
    home_town: profileText(128),
    address: profileText(256),
    postcode: profileText(16),
    document_type: profileText(64),
    document_number: profileText(64),
  }),
  response: literal(1),
})
export type SaveProfileParams = Infer<typeof saveProfileInfo.request>

/**
 * POST /api/account/changefakename: the nickname others see (SPEC §5 'Fake name'), not another
 * player's (any case), at most once in FAKENAME_CHANGE_DAYS days; the first one is free. Answers 1.
 */
export const changefakename = defineCall({
  area: 'account',
  name: 'changefakename',
  method: 'POST',
  access: 'player',
  request: object({ fakename: size(string(), 1, 64) }),
  response: literal(1),
})

// ── Contacts (SPEC §3 'Contact', §4 'Contact editing', §7 addcontact, getContactPhoneSettings) ──

/** One country a phone may be from (SPEC §3 'Phone country option'). */
export const PhoneCountrySchema = object({
  country_code: pattern(string(), /^[A-Z]{2}$/),
  /** Digits only, without '+'. */
  phone_code: pattern(string(), /^\d{1,4}$/),
  name: string(),
  /** The national number's mask: '(###) ###-####'. */
  mask: string(),
})
export type PhoneCountryInfo = Infer<typeof PhoneCountrySchema>

/**
 * GET /api/account/getContactPhoneSettings: the countries a phone may be from, with dial codes and
 * masks, and the one the form starts with (the player's country when it is among them).
 */
export const getContactPhoneSettings = defineCall({
  area: 'account',
  name: 'getContactPhoneSettings',
  method: 'GET',
  access: 'anyone',
  request: object({}),
  response: object({ countries: array(PhoneCountrySchema), default_country: nullable(pattern(string(), /^[A-Z]{2}$/)) }),
})

/**
 * POST /api/account/addcontact (SPEC §7: contact, phone_country_code): gives the account a phone
 * (a new number replaces the old one and starts unconfirmed) or, to an account without one, an
 * e-mail. Refusals are invalid_parameters on `contact`: the field's rule ('phone', 'email', ...),
 * 'taken' (another account's), 'exists' (the account has an e-mail: it changes through support).
 * Answers 1 (SPEC §7); sendconfirmationtocontact then sends its code.
 */
export const addcontact = defineCall({
  area: 'account',
  name: 'addcontact',
  method: 'POST',
  access: 'player',
  request: object({ contact: size(string(), 1, 254), phone_country_code: optional(size(string(), 1, 8)) }),
  response: literal(1),
})

/**
 * POST /api/account/changeemail: replaces the player's e-mail, with the password asked again. The
 * new address is unconfirmed (its code is mailed at once: the answer says where, and when another
 * may be asked for, as sendconfirmationtocontact does); the old address is told. Refusals are
 * InvalidParameterException on `email` ('email', 'same', 'taken') or `password` ('invalid'), and
 * TooManyRequestsException after five wrong passwords.
 */
export const changeemail = defineCall({
  area: 'account',
  name: 'changeemail',
  method: 'POST',
  access: 'player',
  request: object({ email: size(string(), 1, 254), password: size(string(), 1, 256) }),
  response: object({ contact: string(), resend_time: min(integer(), 0) }),
})
export type ChangeEmailResult = Infer<typeof changeemail.response>


// ── Signed-in devices on the security page (SPEC §2.1 /profile/security) ──

export const PlayerSessionSchema = object({
  /** Names the session in endSession; not a credential. */
  id: size(string(), 1, 64),
  /** The device asking. */
  current: boolean(),
  created_at: string(),
  last_seen_at: string(),
  /** The address it last signed in from, as the server saw it. */
  ip: nullable(string()),
  /** Read from the device's User-Agent; null when it names none. */
  browser: nullable(string()),
  os: nullable(string()),
  mobile: boolean(),
  /** The device's IANA time zone when it signed in ('Europe/Berlin'): where it is, as near as the site knows. */
  time_zone: optional(nullable(string())),
})
export type PlayerSession = Infer<typeof PlayerSessionSchema>

/** GET /api/account/getSessions: the player's signed-in devices, the asking one first, then the most recently used. */
export const getSessions = defineCall({
  area: 'account',
  name: 'getSessions',
  method: 'GET',
  access: 'player',
  request: object({}),
  response: object({ sessions: array(PlayerSessionSchema) }),
})

/**
 * POST /api/account/endSession: with `id`, signs out that one of the player's other devices; with
 * `others=1`, every other one. The asking device is never ended here (that is a logout). An id that
 * names no other session of the player is `id: ['unknown']`.
 */
export const endSession = defineCall({
  area: 'account',
  name: 'endSession',
  method: 'POST',
  access: 'player',
  request: object({
    id: optional(size(string(), 1, 64)),
    others: optional(wireBoolean()),
  }),
  response: object({ ended: min(integer(), 0) }),
})

// ── Session-time limit (responsible gaming, beside the deposit limits) ──

export const SessionLimitSchema = object({
  /** Minutes a session may last now; null: no limit. */
  minutes: nullable(min(integer(), 1)),
  /** A raise (minutes) or a removal (null) waiting out its cooling-off, when effective_at is set. */
  scheduled_minutes: nullable(min(integer(), 1)),
  effective_at: nullable(string()),
  /** When this session began (its login), and when the limit ends it; ends_at null without a limit. */
  session_started_at: string(),
  ends_at: nullable(string()),
})
export type SessionLimitInfo = Infer<typeof SessionLimitSchema>

/** GET /api/account/getSessionLimit: the limit, a waiting change, and when it ends this session. */
export const getSessionLimit = defineCall({
  area: 'account',
  name: 'getSessionLimit',
  method: 'GET',
  access: 'player',
  request: object({}),
  response: SessionLimitSchema,
})

/**
 * POST /api/account/setSessionLimit: `minutes` 30, 60, 120, 240 or 480, or 0 for none. Stricter
 * applies at once; looser waits a day (SESSION_LIMIT_COOLING_OFF_MS). A session past its limit ends
 * on its next call. Answers as getSessionLimit; AccessDeniedException feature_off while the site
 * config's features.responsibleGaming is off.
 */
export const setSessionLimit = defineCall({
  area: 'account',
  name: 'setSessionLimit',
  method: 'POST',
  access: 'player',
  request: object({ minutes: enums(['0', ...SESSION_LIMIT_MINUTES.map(String)]) }),
  response: SessionLimitSchema,
})
export type SetSessionLimitParams = Infer<typeof setSessionLimit.request>
