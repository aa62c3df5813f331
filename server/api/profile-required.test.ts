// The details a payment needs first (cashier_profile_required): UserNeedProfileDataException names
// the missing fields the player's country list shows, refuses before anything is stored, and the
// same request goes through once the profile holds them.
import { describe, expect, it } from 'vitest'
import { writeSetting } from '../domain/settings/settings'
import { PROFILE_REQUIRED_SETTING } from '../domain/payments/profile-data'
import { loginPlayers, paymentCounts } from '../test/api-player'
import { PGLITE_ONLY, useTestApp } from '../test/harness'

const FORM = { 'content-type': 'application/x-www-form-urlencoded' }
const OPERATOR_TOKEN = 'operator-token-for-tests-0123456789abcdef'

describe.each(PGLITE_ONLY)('payments that need profile details on %s', (backend) => {
  const t = useTestApp(backend, { config: { operatorToken: OPERATOR_TOKEN } })
  const players = loginPlayers(t, 'profile-required')
  let ip = 1

  async function register(fields: Record<string, string>): Promise<string> {
    const login = `profile-required-${Math.random().toString(36).slice(2, 10)}@example.com`
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register?locale=en',
      headers: FORM,
      remoteAddress: `10.77.0.${ip++}`,
      payload: new URLSearchParams({ email: login, password: 'Zq7-unusual-Pw', ...fields }).toString(),
    })
    expect(res.statusCode, res.body).toBe(200)
    return login
  }

  it('a deposit the operator guards asks for the shown fields only, stores nothing, and goes through once they are saved', async () => {
    await writeSetting(t.database.db, PROFILE_REQUIRED_SETTING, { deposit: ['first_name', 'birth_date', 'not_a_field'], withdrawal: [] })
    try {
      const login = await register({ currency: 'USD', country_code: 'US' })
      const before = await paymentCounts(t.database.db)
      const refused = await players.deposit(login, '20')
      expect(refused.statusCode).toBe(422)
      // The US list shows no first name, so it is not asked; an unknown name in the setting is ignored.
      expect(refused.json().error).toEqual({
        type: 'UserNeedProfileDataException',
        code: 'profile_data_required',
        message: 'Fill in your personal details before depositing.',
        error_data: { operation: 'deposit', fields: ['birth_date'] },
      })
      expect(await paymentCounts(t.database.db)).toEqual(before)

      expect((await players.post(login, 'account/saveProfileInfo', { birth_date: '1990-05-17' })).json().data).toBe(1)
      expect((await players.deposit(login, '20')).statusCode).toBe(200)

      // Withdrawals need nothing under this setting: the next rule (a confirmed e-mail) answers.
      expect((await players.withdraw(login, '5')).json().error).toMatchObject({ code: 'confirm_contact_required' })
    } finally {
      await t.database.db.deleteFrom('settings').where('key', '=', PROFILE_REQUIRED_SETTING).execute()
    }
  })

  it('by default a withdrawal needs the name and birth date the country shows; deposits need nothing', async () => {
    // Germany asks for the name at registration and shows the birth date as optional.
    const login = await register({ currency: 'EUR', country_code: 'DE', first_name: 'Greta', last_name: 'Schmidt' })
    expect((await players.post(null, 'operator/confirmPlayerEmail', { login }, { authorization: `Bearer ${OPERATOR_TOKEN}` })).statusCode).toBe(200)
    expect((await players.deposit(login, '50', { currency: 'EUR' })).statusCode).toBe(200)
    const refused = await players.withdraw(login, '10', { currency: 'EUR' })
    expect(refused.statusCode).toBe(422)
    expect(refused.json().error).toMatchObject({ code: 'profile_data_required', error_data: { operation: 'withdrawal', fields: ['birth_date'] } })
  })
})
