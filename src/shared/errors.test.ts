import { describe, expect, it } from 'vitest'
import {
  ApiError,
  apiErrorFromBody,
  ERROR_STATUS,
  ERROR_TYPES,
  errorTypeForStatus,
  hasType,
  isApiError,
  isErrorBody,
  isErrorType,
  pageTypeForError,
  statusForErrorType,
} from './errors'

describe('error types', () => {
  it('lists all 29 SPEC §8 types, each once, each ending in Exception', () => {
    expect(ERROR_TYPES).toHaveLength(29)
    expect(new Set(ERROR_TYPES).size).toBe(29)
    for (const t of ERROR_TYPES) expect(t).toMatch(/^[A-Z][A-Za-z]+Exception$/)
  })

  it('gives every type a status in the table and nothing else', () => {
    expect(Object.keys(ERROR_STATUS).sort()).toEqual([...ERROR_TYPES].sort())
    for (const status of Object.values(ERROR_STATUS)) {
      expect(status).toBeGreaterThanOrEqual(400)
      expect(status).toBeLessThan(600)
    }
  })

  it.each([
    ['InvalidParameterException', 400],
    ['InvalidRequestException', 400],
    ['AuthorizationException', 401],
    ['AccessDeniedException', 403],
    ['UserBannedException', 403],
    ['UserDeletedException', 403],
    ['MethodNotFoundException', 404],
    ['TooManyRequestsException', 429],
    ['ApplicationUnavailableException', 503],
    ['ApplicationDisabledException', 503],
    ['InternalServerErrorException', 500],
    ['UnknownErrorException', 500],
    ['BillingTransactionDeclinedException', 402],
    ['UserNeedDepositException', 422],
    ['BillingUnavailableException', 502],
  ] as const)('%s is %d', (type, status) => {
    expect(statusForErrorType(type)).toBe(status)
  })

  it('keeps 503 for the whole application and 403 for unusable accounts', () => {
    const byStatus = (s: number) => ERROR_TYPES.filter((t) => ERROR_STATUS[t] === s).sort()
    expect(byStatus(503)).toEqual(['ApplicationDisabledException', 'ApplicationUnavailableException'])
    expect(byStatus(403)).toEqual(['AccessDeniedException', 'UserBannedException', 'UserDeletedException'])
  })

  it('recognises its own types only', () => {
    expect(isErrorType('UserBannedException')).toBe(true)
    expect(isErrorType('UserBanned')).toBe(false)
    expect(isErrorType(403)).toBe(false)
  })
})

describe('errorTypeForStatus', () => {
  it.each([
    [400, 'InvalidRequestException'],
    [401, 'AuthorizationException'],
    [403, 'AccessDeniedException'],
    [404, 'MethodNotFoundException'],
    [405, 'InvalidRequestException'],
    [429, 'TooManyRequestsException'],
    [500, 'InternalServerErrorException'],
    [502, 'UnknownErrorException'],
    [503, 'ApplicationUnavailableException'],
    [0, 'UnknownErrorException'],
    [undefined, 'UnknownErrorException'],
  ] as const)('%s -> %s', (status, type) => {
    expect(errorTypeForStatus(status)).toBe(type)
  })
})

describe('ApiError', () => {
  it('takes its status from the table unless given one', () => {
    const e = new ApiError({ type: 'AuthorizationException', message: 'Log in' })
    expect(e.status).toBe(401)
    expect(e.message).toBe('Log in')
    expect(e.code).toBeNull()
    expect(new ApiError({ type: 'UnknownErrorException', status: 0 }).status).toBe(0)
  })

  it('is an Error and is recognised by brand and type', () => {
    const e = new ApiError({ type: 'UserBannedException' })
    expect(e).toBeInstanceOf(Error)
    expect(e.message).toBe('UserBannedException')
    expect(isApiError(e)).toBe(true)
    expect(isApiError(new Error('x'))).toBe(false)
    expect(isApiError({ type: 'UserBannedException' })).toBe(false)
    expect(hasType(e, 'UserBannedException')).toBe(true)
    expect(hasType(e, 'AccessDeniedException', 'UserBannedException')).toBe(true)
    expect(hasType(e, 'AccessDeniedException')).toBe(false)
    expect(hasType(new Error('UserBannedException'), 'UserBannedException')).toBe(false)
  })

  it('round-trips through its wire body', () => {
    const e = new ApiError({
      type: 'InvalidParameterException',
      message: 'Bad',
      code: 12,
      invalidParameters: { email: ['wrongEmail'] },
      errorData: { field: 'email' },
      resendTime: 30,
    })
    const body = JSON.parse(JSON.stringify(e.toBody())) as unknown
    expect(isErrorBody(body)).toBe(true)
    const back = apiErrorFromBody(body as Parameters<typeof apiErrorFromBody>[0], 400)
    expect(back.toBody()).toEqual(e.toBody())
    expect(back.status).toBe(400)
  })

  it('omits empty optional fields from the wire body', () => {
    expect(new ApiError({ type: 'AccessDeniedException', message: 'No' }).toBody()).toEqual({
      error: { type: 'AccessDeniedException', message: 'No', code: null },
    })
  })
})

describe('apiErrorFromBody', () => {
  it('maps the snake_case fields and normalises field errors to lists of codes', () => {
    const e = apiErrorFromBody(
      {
        error: {
          type: 'InvalidParameterException',
          message: 'Invalid',
          code: 'promo',
          invalid_parameters: { promo_code: 'promocodeNotFound', email: ['wrongEmail', 'taken'], phone: { badPhone: 'x' } },
          error_data: { min: 10 },
          resend_time: '45',
        },
      },
      400,
    )
    expect(e.type).toBe('InvalidParameterException')
    expect(e.code).toBe('promo')
    expect(e.invalidParameters).toEqual({
      promo_code: ['promocodeNotFound'],
      email: ['wrongEmail', 'taken'],
      phone: ['badPhone'],
    })
    expect(e.errorData).toEqual({ min: 10 })
    expect(e.resendTime).toBe(45)
  })

  it('turns an unknown type into UnknownErrorException and keeps the status', () => {
    const e = apiErrorFromBody({ error: { type: 'SomethingNewException', message: 'x' } }, 418)
    expect(e.type).toBe('UnknownErrorException')
    expect(e.status).toBe(418)
  })

  it('drops malformed optional fields', () => {
    const e = apiErrorFromBody(
      { error: { type: 'TooManyRequestsException', code: { x: 1 } as never, invalid_parameters: [], error_data: 'x', resend_time: -1 } },
      429,
    )
    expect(e.code).toBeNull()
    expect(e.invalidParameters).toBeNull()
    expect(e.errorData).toBeNull()
    expect(e.resendTime).toBeNull()
  })

  it('is only applied to bodies that look like errors', () => {
    expect(isErrorBody({ error: { type: 'X' } })).toBe(true)
    expect(isErrorBody({ error: 'X' })).toBe(false)
    expect(isErrorBody('<html>')).toBe(false)
    expect(isErrorBody({ data: 1 })).toBe(false)
  })
})

describe('pageTypeForError (SPEC §2.5)', () => {
  it.each([
    [{ type: 'UserBannedException', status: 403 }, 'userBlocked'],
    [{ type: 'UserDeletedException' }, 'userBlocked'],
    [{ type: 'UserBannedException', status: 500 }, 'userBlocked'],
    [{ status: 404 }, 'notFound'],
    [{ status: 403 }, 'forbidden'],
    [{ type: 'AccessDeniedException' }, 'forbidden'],
    [{ status: 503 }, 'maintenance'],
    [{ type: 'ApplicationUnavailableException' }, 'maintenance'],
    [{ type: 'ApplicationDisabledException', status: 500 }, 'maintenance'],
    [{ type: 'ApplicationUnavailableException', status: 503, code: 'maintenance' }, 'maintenance'],
    // An outage is not the operator's maintenance: its own page says so.
    [{ type: 'ApplicationUnavailableException', status: 503, code: 'database_unavailable' }, 'unavailable'],
    [{ status: 500 }, 'notFound'],
    [{ type: 'BillingUnavailableException' }, 'notFound'],
    [{ type: 'NotOurs', status: 403 }, 'forbidden'],
    [{}, 'notFound'],
  ] as const)('%j -> %s', (error, page) => {
    expect(pageTypeForError(error)).toBe(page)
  })
})
