import { describe, expect, it } from 'vitest'
import { is } from 'superstruct'
import { callPath } from './define'
import { get, getgeneralinfo, GeneralInfoSchema, type GeneralInfo } from './metadata'

const info: GeneralInfo = {
  analytic: { gtm: 'GTM-XXXX', ga: null },
  available_currencies: ['USD', 'EUR', 'BTC'],
  available_locales: ['en', 'es', 'pt', 'de'],
  default_currency: 'USD',
  is_seon_enabled: false,
  is_bonus_isolation_enabled: true,
  domain_state: 'active',
  domain_type: 'main',
  time_to_force_logout: 1800,
  is_game_history_export_enabled: true,
  user_inactivity_cashier_time: 600,
  user_inactivity_pp_time: null,
}

describe('metadata calls', () => {
  it('are GET /api/metadata/getgeneralinfo and /api/metadata/get', () => {
    expect([callPath(getgeneralinfo), getgeneralinfo.method]).toEqual(['/api/metadata/getgeneralinfo', 'GET'])
    expect([callPath(get), get.method]).toEqual(['/api/metadata/get', 'GET'])
  })

  it('accepts general info with every SPEC §3 field', () => {
    expect(is(info, GeneralInfoSchema)).toBe(true)
    expect(is({ ...info, time_to_force_logout: null, analytic: null, domain_state: null }, GeneralInfoSchema)).toBe(true)
  })

  it.each([
    ['available_currencies', 'USD'],
    ['is_seon_enabled', 'false'],
    ['time_to_force_logout', -5],
    ['default_currency', undefined],
    ['analytic', { gtm: 5 }],
  ])('rejects a bad %s', (field, value) => {
    expect(is({ ...info, [field]: value }, GeneralInfoSchema)).toBe(false)
  })

  it('leaves metadata/get open until its shape is defined', () => {
    expect(is({ anything: [1, 2] }, get.response)).toBe(true)
    expect(is([1], get.response)).toBe(false)
  })
})
