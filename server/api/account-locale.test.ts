// SPEC §7 account/changelocale: the player's language is kept on the account (mails and logins
// follow it); only the site's languages are taken.
import { describe, expect, it } from 'vitest'
import { apiPlayers } from '../test/api-player'
import { useTestApp } from '../test/harness'

describe('account/changelocale', () => {
  const t = useTestApp('pglite')
  const players = apiPlayers(t, 98, 'locale-')

  it('keeps a site language on the account and refuses any other', async () => {
    const player = await players.newPlayer()
    const res = await players.post(player, 'account/changelocale', { locale: 'de' })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data).toBe(1)
    expect((await players.get(player, 'account/getInfo')).json().data.locale).toBe('de')
    const odd = await players.post(player, 'account/changelocale', { locale: 'fr' })
    expect(odd.statusCode).toBe(400)
    expect(odd.json().error.invalid_parameters).toHaveProperty('locale')
    expect((await players.get(player, 'account/getInfo')).json().data.locale).toBe('de')
  })

  it('is a player’s only', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/account/changelocale', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'locale=de' })
    expect(res.json().error.type).toBe('AuthorizationException')
  })
})
