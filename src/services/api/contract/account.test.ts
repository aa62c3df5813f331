import { describe, expect, it } from 'vitest'
import { is, validate } from 'superstruct'
import { sumBalances } from '../../../shared/money'
import { callPath } from './define'
import { AccountInfoSchema, getInfo, isLoggedIn, VISITOR, type AccountInfo } from './account'

const player: AccountInfo = {
  uid: 1001,
  reg_time: '2024-03-01T10:00:00Z',
  login: 'ana@example.com',
  fakename: 'AnaBR',
  is_subscribed: true,
  balance_main: { amount: '100.10', currency: 'BRL' },
  balance_bonus: { amount: '5.00', currency: 'BRL' },
  balance_betting_bonus: { amount: '0.005', currency: 'BRL' },
  balance_fun: { amount: '1000', currency: 'BRL' },
  is_on_verification: false,
  is_verified: true,
  is_kyc_block_enabled: false,
  is_registration_completed: true,
  country_code: 'BR',
  locale: 'pt',
  two_factor_auth: false,
}

describe('account/getInfo', () => {
  it('is GET /api/account/getInfo without parameters', () => {
    expect(callPath(getInfo)).toBe('/api/account/getInfo')
    expect(getInfo.method).toBe('GET')
    expect(is({}, getInfo.request)).toBe(true)
    expect(is({ uid: 1 }, getInfo.request)).toBe(false)
  })

  it('accepts the visitor: uid 0, empty login, null balances', () => {
    expect(validate(VISITOR, AccountInfoSchema)[0]).toBeUndefined()
    expect(isLoggedIn(VISITOR)).toBe(false)
    expect(Object.isFrozen(VISITOR)).toBe(true)
  })

  it('accepts a player, and fields a newer server adds', () => {
    expect(validate(player, AccountInfoSchema)[0]).toBeUndefined()
    expect(is({ ...player, new_field: 1 }, AccountInfoSchema)).toBe(true)
    expect(isLoggedIn(player)).toBe(true)
  })

  it('feeds the header total', () => {
    expect(sumBalances(player)).toEqual({ amount: '105.11', currency: 'BRL' })
    expect(sumBalances(VISITOR)).toBeNull()
  })

  it.each([
    ['a float amount', { balance_main: { amount: 100.1, currency: 'BRL' } }],
    ['an amount in words', { balance_bonus: { amount: 'ten', currency: 'BRL' } }],
    ['a negative uid', { uid: -1 }],
    ['a fractional uid', { uid: 1.5 }],
    ['a flag as 0/1', { is_verified: 1 }],
    ['a missing login', { login: undefined }],
    ['a player without a main balance', { balance_main: null }],
  ])('rejects %s', (_, patch) => {
    expect(is({ ...player, ...patch }, AccountInfoSchema)).toBe(false)
  })
})
