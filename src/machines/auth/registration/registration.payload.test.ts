import { describe, expect, it } from 'vitest'
import { buildRegistrationPayload, type PayloadSource } from './registration.payload'
import { activeFields, isBettingFrom } from './registration.rules'
import { DEFAULT_REGISTRATION_SETTINGS, type ProfileField, type RegistrationValues } from './registration.types'

const field = (sysname: ProfileField['sysname'], over: Partial<ProfileField> = {}): ProfileField => ({
  sysname,
  is_visible: true,
  is_required: false,
  type: 'input',
  options: {},
  ...over,
})

const values: RegistrationValues = {
  password: ' secret1 ',
  locale: 'es',
  currency: 'EUR',
  promo_code: 'WELCOME',
  terms: true,
  notify: false,
  is_betting: 1,
  character_id: null,
  profile: { email: ' ada@example.com ', mobile: '34600111222', region: 'MD', country_code: 'ES', first_name: '' },
}

const fields = [field('email'), field('mobile', { type: 'phone' }), field('region'), field('country_code'), field('first_name')]

function payload(over: Partial<PayloadSource> = {}) {
  return buildRegistrationPayload({
    values,
    fields,
    settings: DEFAULT_REGISTRATION_SETTINGS,
    validPromoCode: null,
    ...over,
  })
}

describe('registration payload (SPEC §7)', () => {
  it('sends the form with login from the e-mail, phone from the mobile, flags as strings', () => {
    expect(payload()).toEqual({
      login: 'ada@example.com',
      email: 'ada@example.com',
      phone: '34600111222',
      region: 'MD',
      country_code: 'ES',
      password: ' secret1 ',
      currency: 'EUR',
      locale: 'es',
      notify: '0',
      is_betting: '1',
    })
  })

  it('never sends a mobile key, hasPromocode, terms, or an empty value', () => {
    const sent = payload()
    for (const key of ['mobile', 'hasPromocode', 'terms', 'first_name', 'promo_code', 'character_id']) {
      expect(sent).not.toHaveProperty(key)
    }
    expect(Object.values(sent).every((v) => typeof v === 'string' && v.trim() !== '')).toBe(true)
  })

  it('defaults the login to the mobile without an e-mail, and keeps a login the player typed', () => {
    expect(payload({ values: { ...values, profile: { ...values.profile, email: '  ' } } }).login).toBe('34600111222')
    const withLogin = payload({
      values: { ...values, profile: { ...values.profile, login: 'ada' } },
      fields: [...fields, field('login')],
    })
    expect(withLogin.login).toBe('ada')
  })

  it('notify is 1 or 0; is_betting 1 or 0', () => {
    expect(payload({ values: { ...values, notify: true } }).notify).toBe('1')
    expect(payload({ values: { ...values, is_betting: 0 } }).is_betting).toBe('0')
  })

  it('maps the stored betting preference 2 and 1 to is_betting 1 and 0, else the setting', () => {
    expect(isBettingFrom('2', DEFAULT_REGISTRATION_SETTINGS)).toBe(1)
    expect(isBettingFrom('1', DEFAULT_REGISTRATION_SETTINGS)).toBe(0)
    expect(isBettingFrom(null, DEFAULT_REGISTRATION_SETTINGS)).toBe(1)
    const casino = { ...DEFAULT_REGISTRATION_SETTINGS, markBetting: { isActive: true, defaultValue: 'casino' as const } }
    expect(isBettingFrom(undefined, casino)).toBe(0)
  })

  it('sends character_id only when character select is on and one is chosen', () => {
    const on = { ...DEFAULT_REGISTRATION_SETTINGS, characterSelect: { isActive: true } }
    expect(payload({ values: { ...values, character_id: 4 } })).not.toHaveProperty('character_id')
    expect(payload({ settings: on })).not.toHaveProperty('character_id')
    expect(payload({ settings: on, values: { ...values, character_id: 4 } }).character_id).toBe('4')
  })

  it('sends the promo code only when the server found it valid', () => {
    expect(payload()).not.toHaveProperty('promo_code')
    expect(payload({ validPromoCode: 'WELCOME' }).promo_code).toBe('WELCOME')
  })

  it('sends only the fields the mode shows (SPEC §5: fast drops fields not required or not visible)', () => {
    const list = [
      field('email', { is_required: true }),
      field('mobile', { is_required: false }),
      field('region', { is_visible: false, is_required: true }),
    ]
    expect(activeFields(list, 'form').map((f) => f.sysname)).toEqual(['email', 'mobile'])
    expect(activeFields(list, 'fast').map((f) => f.sysname)).toEqual(['email'])
    expect(activeFields(list, 'social')).toEqual([])
    const fast = payload({ fields: activeFields(list, 'fast') })
    expect(fast).not.toHaveProperty('phone')
    expect(fast).not.toHaveProperty('region')
    expect(fast.login).toBe('ada@example.com')
  })
})
