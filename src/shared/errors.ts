// SPEC §8 error types, their HTTP statuses, and the typed error the API client throws.
// Shared by the client (decodes error bodies) and the server (encodes them with the same table).
// Errors are matched by `type` and `code`, never by their translated `message` (ARCHITECTURE §4).

export const ERROR_TYPES = [
  'UnknownErrorException',
  'ApplicationDisabledException',
  'MethodNotFoundException',
  'AuthorizationException',
  'InvalidRequestException',
  'InternalServerErrorException',
  'AccessDeniedException',
  'UserDeletedException',
  'UserBannedException',
  'UserNeedDepositException',
  'UserNeedProfileDataException',
  'UserNeedConfirmContactException',
  'ApplicationUnavailableException',
  'InvalidParameterException',
  'TooManyRequestsException',
  'BillingServiceErrorException',
  'BillingTransactionDeclinedException',
  'BillingUnavailableException',
  'BillingDepositLimitExceededException',
  'WithdrawalDeclinedException',
  'WithdrawalLimitsExceededException',
  'WithdrawalLimitsPeriodExceededException',
  'KycUserProfileException',
  'KycWithdrawalException',
  'StorageQuotaExceededException',
  'SumsubVerificationRequiredException',
  'RequisitesOnVerificationException',
  'RequisitesValidationRequiredException',
  'RequisitesFraudulentException',
] as const

export type ErrorType = (typeof ERROR_TYPES)[number]

export function isErrorType(value: unknown): value is ErrorType {
  return typeof value === 'string' && (ERROR_TYPES as readonly string[]).includes(value)
}

/**
 * The one table from error type to HTTP status. Choices beyond the obvious ones:
 * - 403 only for "this account may not do this at all" (access denied, banned, deleted): the client
 *   turns any 403 into the forbidden page (SPEC §8), so a recoverable state must not use it.
 * - 422 for a well-formed request refused by a business rule the player can resolve (deposit
 *   first, complete the profile, confirm a contact, pass KYC, wait for requisites, respect a limit,
 *   free storage). Not 409: the client retries 409 on reads (SPEC §7) and a retry cannot help here.
 * - 402 only when the payment provider declined the payment itself.
 * - 502 for a failing billing provider, upstream of us; not 503, which the client shows as the
 *   whole-site maintenance page (SPEC §2.5) while only payments are down.
 * - 503 only for the application as a whole being unavailable or disabled.
 */
export const ERROR_STATUS = {
  InvalidParameterException: 400,
  InvalidRequestException: 400,
  AuthorizationException: 401,
  BillingTransactionDeclinedException: 402,
  AccessDeniedException: 403,
  UserBannedException: 403,
  UserDeletedException: 403,
  MethodNotFoundException: 404,
  UserNeedDepositException: 422,
  UserNeedProfileDataException: 422,
  UserNeedConfirmContactException: 422,
  BillingDepositLimitExceededException: 422,
  WithdrawalDeclinedException: 422,
  WithdrawalLimitsExceededException: 422,
  WithdrawalLimitsPeriodExceededException: 422,
  KycUserProfileException: 422,
  KycWithdrawalException: 422,
  StorageQuotaExceededException: 422,
  SumsubVerificationRequiredException: 422,
  RequisitesOnVerificationException: 422,
  RequisitesValidationRequiredException: 422,
  RequisitesFraudulentException: 422,
  TooManyRequestsException: 429,
  InternalServerErrorException: 500,
  UnknownErrorException: 500,
  BillingServiceErrorException: 502,
  BillingUnavailableException: 502,
  ApplicationUnavailableException: 503,
  ApplicationDisabledException: 503,
} as const satisfies Record<ErrorType, number>

export function statusForErrorType(type: ErrorType): number {
  return ERROR_STATUS[type]
}

/** The type we report when a failure carried no error body (a proxy's HTML page, an empty 502). */
export function errorTypeForStatus(status: number | undefined): ErrorType {
  switch (status) {
    case 400:
      return 'InvalidRequestException'
    case 401:
      return 'AuthorizationException'
    case 403:
      return 'AccessDeniedException'
    case 404:
      return 'MethodNotFoundException'
    case 429:
      return 'TooManyRequestsException'
    case 500:
      return 'InternalServerErrorException'
    case 503:
      return 'ApplicationUnavailableException'
  }
  // Any other 4xx is still the request's fault; everything else (other 5xx, no response) is unknown.
  if (status !== undefined && status >= 400 && status < 500) return 'InvalidRequestException'
  return 'UnknownErrorException'
}

/** Field name -> error codes, e.g. { promo_code: ['promocodeNotFound'] } (SPEC §8 promo, registration). */
export type InvalidParameters = Record<string, string[]>
export type ErrorCode = string | number | null

export interface ApiErrorInit {
  type: ErrorType
  message?: string
  code?: ErrorCode
  /** HTTP status; 0 when there was no response. Defaults to the table's status for `type`. */
  status?: number
  invalidParameters?: InvalidParameters | null
  errorData?: Record<string, unknown> | null
  /** Seconds until a code may be sent again (two-factor, contact confirmation). */
  resendTime?: number | null
  cause?: unknown
}

// A registered symbol, not `instanceof`: an error crossing bundles (SSR chunk vs client chunk, or
// two copies of this module) is still recognised.
const BRAND = Symbol.for('casino.ApiError')

export class ApiError extends Error {
  override readonly name = 'ApiError'
  readonly type: ErrorType
  readonly code: ErrorCode
  readonly status: number
  readonly invalidParameters: InvalidParameters | null
  readonly errorData: Record<string, unknown> | null
  readonly resendTime: number | null
  readonly [BRAND] = true

  constructor(init: ApiErrorInit) {
    super(init.message || init.type, init.cause === undefined ? undefined : { cause: init.cause })
    this.type = init.type
    this.code = init.code ?? null
    this.status = init.status ?? ERROR_STATUS[init.type]
    this.invalidParameters = init.invalidParameters ?? null
    this.errorData = init.errorData ?? null
    this.resendTime = init.resendTime ?? null
  }

  /** The wire form of SPEC §7 / ARCHITECTURE §4, for the server to send. */
  toBody(): ErrorBody {
    const error: ErrorBody['error'] = { type: this.type, message: this.message, code: this.code }
    if (this.invalidParameters) error.invalid_parameters = this.invalidParameters
    if (this.errorData) error.error_data = this.errorData
    if (this.resendTime !== null) error.resend_time = this.resendTime
    return { error }
  }
}

export interface ErrorBody {
  error: {
    type: string
    message?: string
    code?: ErrorCode
    invalid_parameters?: unknown
    error_data?: unknown
    resend_time?: unknown
  }
}

export function isApiError(value: unknown): value is ApiError {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[BRAND] === true
}

/** True when `err` is an ApiError of one of `types`: `hasType(err, 'UserBannedException')`. */
export function hasType(err: unknown, ...types: ErrorType[]): err is ApiError {
  return isApiError(err) && types.includes(err.type)
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

export function isErrorBody(body: unknown): body is ErrorBody {
  return isRecord(body) && isRecord(body.error) && typeof body.error.type === 'string'
}

// Servers differ in how they list field errors ("code", ["code"], { code: message }); the client
// wants one shape, the list of codes per field.
function normalizeInvalidParameters(value: unknown): InvalidParameters | null {
  if (!isRecord(value)) return null
  const out: InvalidParameters = {}
  for (const [field, raw] of Object.entries(value)) {
    const codes = Array.isArray(raw) ? raw : isRecord(raw) ? Object.keys(raw) : [raw]
    const strings = codes.filter((c): c is string | number => typeof c === 'string' || typeof c === 'number')
    if (strings.length) out[field] = strings.map(String)
  }
  return Object.keys(out).length ? out : null
}

function toResendTime(value: unknown): number | null {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value
  return typeof n === 'number' && Number.isFinite(n) && n >= 0 ? n : null
}

/**
 * Decodes `{ error: {...} }` from a failed response. A type we do not know (another platform
 * behind API_BASE_URL) becomes UnknownErrorException, keeping the status the server sent.
 */
export function apiErrorFromBody(body: ErrorBody, status: number): ApiError {
  const e = body.error
  return new ApiError({
    type: isErrorType(e.type) ? e.type : 'UnknownErrorException',
    message: typeof e.message === 'string' ? e.message : '',
    code: typeof e.code === 'string' || typeof e.code === 'number' ? e.code : null,
    status,
    invalidParameters: normalizeInvalidParameters(e.invalid_parameters),
    errorData: isRecord(e.error_data) ? e.error_data : null,
    resendTime: toResendTime(e.resend_time),
  })
}

// ── App error page (SPEC §2.5, §8) ──────────────────────────────────────────

export type ErrorPageType = 'userBlocked' | 'notFound' | 'forbidden' | 'maintenance' | 'unavailable'

/**
 * Ban-type errors: the account itself is unusable, and the blocked page's only way on is support.
 * A deleted account is in the same position as a banned one.
 */
export const BAN_ERROR_TYPES: readonly ErrorType[] = ['UserBannedException', 'UserDeletedException']
export const MAINTENANCE_ERROR_TYPES: readonly ErrorType[] = ['ApplicationUnavailableException', 'ApplicationDisabledException']
export const MAINTENANCE_STATUS = 503
/** The code of a 503 that is an outage (the database is out of reach), not the operator's maintenance. */
export const OUTAGE_CODE = 'database_unavailable'

/**
 * Which system page an error shows (SPEC §2.5): a ban type gives userBlocked; then 404 notFound,
 * 403 forbidden, 503 or an application-unavailable type maintenance; anything else notFound.
 * With a known type and no status, the type's status from the table decides. An outage (our
 * database out of reach) is not maintenance: it gets a page of its own that says so.
 */
export function pageTypeForError(error: { type?: string | null; status?: number | null; code?: string | number | null }): ErrorPageType {
  const type = isErrorType(error.type) ? error.type : undefined
  if (type && BAN_ERROR_TYPES.includes(type)) return 'userBlocked'
  if (error.code === OUTAGE_CODE) return 'unavailable'
  if (type && MAINTENANCE_ERROR_TYPES.includes(type)) return 'maintenance'
  const status = error.status ?? (type ? ERROR_STATUS[type] : undefined)
  switch (status) {
    case 404:
      return 'notFound'
    case 403:
      return 'forbidden'
    case MAINTENANCE_STATUS:
      return 'maintenance'
    default:
      return 'notFound'
  }
}

/**
 * Errors a background watcher (inactivity, hints) meets when the page already shows why: the session
 * ended elsewhere (401), the account was banned (the blocked page), the site went into maintenance.
 * They are states of the account or the site, not faults of the page, so they are not logged.
 */
export function isAccountStateError(error: unknown): boolean {
  return hasType(error, 'AuthorizationException', ...BAN_ERROR_TYPES, ...MAINTENANCE_ERROR_TYPES)
}
