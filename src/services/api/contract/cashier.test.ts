import { describe, expect, it } from 'vitest'
import { create, is, validate } from 'superstruct'
import { callPath } from './define'
import {
  cancelwithdrawal,
  CardChoice,
  DepositLimitExceededErrorData,
  DepositLimitSchema,
  DepositOfferSchema,
  DepositResultSchema,
  DepositSettingsSchema,
  getbanks,
  getDepositLimit,
  getdepositinfo,
  getdepositoffers,
  getdepositsettings,
  gethistory,
  gettransaction,
  getwithdrawsettings,
  makedeposit,
  makewithdrawal,
  PaymentMethodSchema,
  setDepositLimit,
  TransactionSchema,
  WithdrawSettingsSchema,
  type DepositLimit,
  type DepositResult,
  type PaymentMethod,
  type WithdrawSettings,
} from './cashier'
import { decodeParams, encodeParams } from './params'

/** What the server does with a request: the wire pairs decoded, then coerced by the schema. */
const decode = <T>(params: Record<string, unknown>, struct: Parameters<typeof create<T, unknown>>[1]) =>
  create(decodeParams(new URLSearchParams(encodeParams(params as never))), struct)

const card: PaymentMethod = {
  id: 1,
  sysname: 'sandbox_card',
  kind: 'card',
  name: 'Visa / Mastercard',
  icon: { light: '/icons/card-light.svg', dark: '/icons/card-dark.svg' },
  description: { short: 'Instant', full: '' },
  limits: [
    { currency: 'EUR', min: '10', max: '5000' },
    { currency: 'BTC', min: '0.0001', max: null },
  ],
  fee: { percent: '0', fixed: [] },
  processing_minutes: 0,
  requisites: [{ name: 'card_number', input: 'card', rules: ['required', 'cardNumber'] }],
  saved_requisites: [{ field: 'card_number', value: '411111...1111', label: 'Visa ···· 1111', expires: '12/29' }],
}

const limit: DepositLimit = {
  available_amount: { amount: '150.00', currency: 'EUR' },
  can_edit: true,
  expired_at: '2024-06-08T00:00:00Z',
  limit_amount: { amount: '200.00', currency: 'EUR' },
  period: 7,
  scheduled: null,
}

describe('cashier contract: paths and methods (SPEC §7 Cashier)', () => {
  it.each([
    [getdepositsettings, 'GET', '/api/cashier/getdepositsettings'],
    [getdepositinfo, 'GET', '/api/cashier/getdepositinfo'],
    [getdepositoffers, 'GET', '/api/cashier/getdepositoffers'],
    [gethistory, 'GET', '/api/cashier/gethistory'],
    [gettransaction, 'GET', '/api/cashier/gettransaction'],
    [getwithdrawsettings, 'GET', '/api/cashier/getwithdrawsettings'],
    [getbanks, 'GET', '/api/cashier/getbanks'],
    [makedeposit, 'POST', '/api/cashier/makedeposit'],
    [makewithdrawal, 'POST', '/api/cashier/makewithdrawal'],
    [cancelwithdrawal, 'POST', '/api/cashier/cancelwithdrawal'],
    [getDepositLimit, 'GET', '/api/account/getDepositLimit'],
    [setDepositLimit, 'POST', '/api/account/setDepositLimit'],
  ] as const)('%# %s %s', (def, method, path) => {
    expect(def.method).toBe(method)
    expect(callPath(def)).toBe(path)
  })
})

describe('payment methods (SPEC §3 Payment method display info)', () => {
  it('accepts a card method with a saved card', () => {
    expect(validate(card, PaymentMethodSchema)[0]).toBeUndefined()
  })

  it.each([
    ['an amount as a number', { limits: [{ currency: 'EUR', min: 10, max: null }] }],
    ['a zero minimum', { limits: [{ currency: 'EUR', min: '0', max: null }] }],
    ['an unknown kind', { kind: 'cash' }],
    ['a sysname with a slash', { sysname: 'card/visa' }],
    ['a requisite rule outside SPEC §5', { requisites: [{ name: 'card_number', input: 'card', rules: ['luhn'] }] }],
    ['a lowercase currency', { limits: [{ currency: 'eur', min: '10', max: null }] }],
  ])('rejects %s', (_, patch) => {
    expect(is({ ...card, ...patch }, PaymentMethodSchema)).toBe(false)
  })

  it('settings carry presets per currency and the deposit limit', () => {
    const settings = { currency: 'EUR', amounts: { EUR: ['10', '50', '100'], BTC: ['0.001'] }, default_amount: '50', deposit_limit: limit, is_first_deposit: true }
    expect(validate(settings, DepositSettingsSchema)[0]).toBeUndefined()
    expect(is({ ...settings, amounts: { EUR: ['0'] } }, DepositSettingsSchema)).toBe(false)
  })
})

describe('deposit limit (SPEC §3, §9)', () => {
  it('accepts a 7-day limit and the never-set state', () => {
    expect(validate(limit, DepositLimitSchema)[0]).toBeUndefined()
    const none = { available_amount: null, can_edit: true, expired_at: null, limit_amount: null, period: 'none', scheduled: null }
    expect(validate(none, DepositLimitSchema)[0]).toBeUndefined()
  })

  it('refuses periods outside 1, 7, 14, 30 and a period without an amount', () => {
    expect(is({ ...limit, period: 3 }, DepositLimitSchema)).toBe(false)
    expect(is({ ...limit, limit_amount: null }, DepositLimitSchema)).toBe(false)
    expect(is({ ...limit, period: 'none' }, DepositLimitSchema)).toBe(false)
  })

  it('setDepositLimit decodes the wire: period as text, amount as decimal', () => {
    expect(decode({ period: 14, limit_amount: '300', currency: 'EUR' }, setDepositLimit.request)).toEqual({
      period: 14,
      limit_amount: '300',
      currency: 'EUR',
    })
    expect(decode({ period: 'none' }, setDepositLimit.request)).toEqual({ period: 'none' })
    expect(() => decode({ period: 3, limit_amount: '300' }, setDepositLimit.request)).toThrow()
    expect(() => decode({ period: 7 }, setDepositLimit.request)).toThrow()
    expect(() => decode({ period: 'none', limit_amount: '5' }, setDepositLimit.request)).toThrow()
  })

  it('setDepositLimit removes one period with remove 1, and never with an amount or with none', () => {
    expect(decode({ period: '30', remove: '1' }, setDepositLimit.request)).toEqual({ period: 30, remove: true })
    expect(() => decode({ period: '30', remove: '1', limit_amount: '5' }, setDepositLimit.request)).toThrow()
    expect(() => decode({ period: 'none', remove: '1' }, setDepositLimit.request)).toThrow()
    expect(() => decode({ period: '30', remove: '0' }, setDepositLimit.request)).toThrow()
  })

  it('keeps the one-limit shape and lists every period in limits (several at once, SPEC §3)', () => {
    const daily = { period: 1, limit_amount: { amount: '100.00', currency: 'EUR' }, available_amount: { amount: '20.00', currency: 'EUR' }, used_amount: { amount: '80.00', currency: 'EUR' }, can_edit: true, expired_at: '2024-06-02T00:00:00Z', scheduled: null }
    const monthly = { ...daily, period: 30, limit_amount: { amount: '500.00', currency: 'EUR' }, available_amount: { amount: '420.00', currency: 'EUR' }, scheduled: { period: 'none', limit_amount: null, effective_at: '2024-06-02T00:00:00Z' } }
    expect(validate({ ...limit, period: 1, limits: [daily, monthly] }, DepositLimitSchema)[0]).toBeUndefined()
    // Another platform's answer without `limits` is still a limit.
    expect(validate(limit, DepositLimitSchema)[0]).toBeUndefined()
    expect(is({ ...limit, limits: [{ ...daily, period: 3 }] }, DepositLimitSchema)).toBe(false)
    expect(is({ ...limit, limits: [{ ...daily, limit_amount: null }] }, DepositLimitSchema)).toBe(false)
  })
})

describe('makedeposit (SPEC §3 Deposit values)', () => {
  const params = {
    method_id: 1,
    method: 'sandbox_card',
    amount: '50',
    currency: 'EUR',
    campaign_offer_id: -1,
    requisites: { card_number: 'new' },
    idempotency_key: 'dep_0123456789abcdef',
    return_url: '/cashier',
  }

  it('round-trips through the wire: requisites as JSON text, ids as numbers', () => {
    expect(decode(params, makedeposit.request)).toEqual(params)
  })

  it.each([
    ['an empty amount', { amount: '' }],
    ['an amount longer than any whole amount is written', { amount: '1'.repeat(65) }],
    ['a short idempotency key', { idempotency_key: 'abc' }],
    ['an external return_url', { return_url: '//evil.example/x' }],
    ['a missing method', { method: undefined }],
  ])('refuses %s', (_, patch) => {
    expect(() => decode({ ...params, ...patch }, makedeposit.request)).toThrow()
  })

  it('carries the amount as written: the handler reads it in the request locale, where "10,5" and "0" are refused', () => {
    expect(decode({ ...params, amount: '1.000' }, makedeposit.request).amount).toBe('1.000')
  })

  it('card requisites are a masked card or new, never a card number (PCI)', () => {
    expect(is('new', CardChoice)).toBe(true)
    expect(is('411111...1111', CardChoice)).toBe(true)
    expect(is('4111111111111111', CardChoice)).toBe(false)
  })

  const result = (patch: Partial<DepositResult>): DepositResult => ({
    status: 'success',
    transaction_id: 'tx_1',
    redirect_url: null,
    mobile: null,
    balance: { amount: '60.00', currency: 'EUR' },
    failure_code: null,
    ...patch,
  })

  it.each(['success', 'pending', 'failed', 'cancelled'] as const)('accepts a %s result', (status) => {
    expect(validate(result({ status }), DepositResultSchema)[0]).toBeUndefined()
  })

  it('redirect and newwindow need the provider URL; mobile needs its hand-off', () => {
    expect(is(result({ status: 'redirect' }), DepositResultSchema)).toBe(false)
    expect(is(result({ status: 'newwindow', redirect_url: 'https://pay.example/h/1' }), DepositResultSchema)).toBe(true)
    expect(is(result({ status: 'mobile' }), DepositResultSchema)).toBe(false)
    expect(
      is(result({ status: 'mobile', mobile: { deep_link: 'bank://pay/1', qr: null, instructions: 'Open your bank app' } }), DepositResultSchema),
    ).toBe(true)
  })

  it('the limit error carries available_amount', () => {
    expect(is({ available_amount: { amount: '20.00', currency: 'EUR' }, expired_at: null }, DepositLimitExceededErrorData)).toBe(true)
    expect(is({ expired_at: null }, DepositLimitExceededErrorData)).toBe(false)
  })

  it('offers carry the trigger verdict and excluded methods', () => {
    const offer = {
      id: 3,
      trigger: { action: 'deposit', user_satisfies_params: true, params: { exclude_methods: ['sandbox_crypto'] } },
      description: { title: '100 % up to 200 €', text: '', image: null },
      promotions: [{ type: 'bonus_percent', value: '100' }],
    }
    expect(validate(offer, DepositOfferSchema)[0]).toBeUndefined()
    expect(is({ ...offer, id: -1 }, DepositOfferSchema)).toBe(false)
  })
})

describe('history and transactions', () => {
  it('gethistory: paging, repeated type, date filters', () => {
    const query = { offset: 20, count: 10, type: ['deposit', 'withdrawal'], date_from: '2024-01-01', date_to: '2024-12-31' }
    expect(decode(query, gethistory.request)).toEqual(query)
    expect(decode({ type: 'bet' }, gethistory.request)).toEqual({ type: ['bet'] })
    expect(() => decode({ count: 0 }, gethistory.request)).toThrow()
    expect(() => decode({ count: 101 }, gethistory.request)).toThrow()
    expect(() => decode({ type: 'lottery' }, gethistory.request)).toThrow()
    expect(() => decode({ date_from: '01.01.2024' }, gethistory.request)).toThrow()
  })

  it('a transaction for the result pages', () => {
    const tx = {
      id: 'tx_1',
      type: 'deposit',
      status: 'pending',
      amount: { amount: '50.00', currency: 'EUR' },
      fee: { amount: '0.00', currency: 'EUR' },
      method: { sysname: 'sandbox_card', name: 'Card', kind: 'card' },
      requisite: '411111...1111',
      campaign_offer_id: null,
      created_at: '2024-05-01T10:00:00Z',
      updated_at: '2024-05-01T10:00:00Z',
      completed_at: null,
      failure_code: null,
      redirect_url: null,
    }
    expect(validate(tx, TransactionSchema)[0]).toBeUndefined()
    expect(is({ ...tx, status: 'settled' }, TransactionSchema)).toBe(false)
    expect(is({ ...tx, created_at: '01.05.2024' }, TransactionSchema)).toBe(false)
  })
})

describe('withdrawals (SPEC §8 withdrawal errors)', () => {
  const settings: WithdrawSettings = {
    currency: 'EUR',
    withdrawable: { amount: '120.00', currency: 'EUR' },
    methods: [card],
    auto_approve_below: { amount: '100.00', currency: 'EUR' },
    kyc_threshold: { amount: '2000.00', currency: 'EUR' },
    is_verified: false,
    requires_confirmed_contact: true,
    period_limit: null,
    buttons: { confirm_contact: { show: true, link: '/confirmation' }, kyc: { show: false, link: null } },
    pending: [
      {
        id: 'wd_1',
        status: 'pending',
        amount: { amount: '30.00', currency: 'EUR' },
        method: { sysname: 'sandbox_card', name: 'Card' },
        requisite: '411111...1111',
        created_at: '2024-05-01T10:00:00Z',
        can_cancel: true,
      },
    ],
  }

  it('settings hold the button settings, thresholds and pending withdrawals', () => {
    expect(validate(settings, WithdrawSettingsSchema)[0]).toBeUndefined()
    expect(is({ ...settings, buttons: { kyc: { show: true, link: null } } }, WithdrawSettingsSchema)).toBe(false)
  })

  it('makewithdrawal and cancelwithdrawal decode from the wire', () => {
    const params = {
      method_id: 3,
      method: 'sandbox_bank',
      amount: '100',
      currency: 'EUR',
      requisites: { iban: 'DE89370400440532013000' },
      idempotency_key: 'wd_0123456789abcdef',
    }
    expect(decode(params, makewithdrawal.request)).toEqual(params)
    expect(decode({ id: 'wd_1' }, cancelwithdrawal.request)).toEqual({ id: 'wd_1' })
    expect(() => decode({ id: 'wd 1' }, cancelwithdrawal.request)).toThrow()
  })

  it('getbanks takes the method and a country', () => {
    expect(decode({ method: 'sandbox_bank', country_code: 'DE' }, getbanks.request)).toEqual({ method: 'sandbox_bank', country_code: 'DE' })
    expect(() => decode({ method: 'sandbox_bank', country_code: 'de' }, getbanks.request)).toThrow()
  })
})
