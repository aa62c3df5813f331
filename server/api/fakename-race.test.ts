// One nickname per player in any letter case, held by the database's unique index (migration 035):
// two players asking for the same one at the same instant, by a change or at registration, get it
// once between them, and the other is told it is taken.
import { describe, expect, it } from 'vitest'
import { apiPlayers } from '../test/api-player'
import { BACKENDS, useTestApp } from '../test/harness'

describe.each(BACKENDS)('a nickname asked for twice at once on %s', (backend) => {
  const t = useTestApp(backend)
  const players = apiPlayers(t, 100, 'duo-')
  const fresh = () => `Duo${Math.random().toString(36).slice(2, 9)}`

  it('goes to one of two players changing to it', async () => {
    for (let round = 0; round < 3; round++) {
      const [one, two] = [await players.newPlayer(), await players.newPlayer()]
      const name = fresh()
      const answers = await Promise.all([
        players.post(one, 'account/changefakename', { fakename: name }),
        players.post(two, 'account/changefakename', { fakename: name.toUpperCase() }),
      ])
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400])
      expect(answers.find((a) => a.statusCode === 400)!.json().error.invalid_parameters).toEqual({ fakename: ['taken'] })
      const holders = await t.database.db.selectFrom('accounts').select('id').where((eb) => eb(eb.fn('lower', ['fakename']), '=', name.toLowerCase())).execute()
      expect(holders).toHaveLength(1)
    }
  })

  it('goes to one of two registrations taking it', async () => {
    const name = fresh()
    let ip = 1
    const register = (fakename: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/register?locale=en&v=1',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        remoteAddress: `10.9.0.${ip++}`,
        payload: new URLSearchParams({
          email: `duo${Math.random().toString(36).slice(2, 10)}@example.com`,
          password: 'Zq7-unusual-Pw',
          currency: 'USD',
          country_code: 'US',
          notify: '0',
          is_betting: '0',
          fakename,
        }).toString(),
      })
    const answers = await Promise.all([register(name), register(name.toLowerCase())])
    expect(answers.map((a) => a.statusCode).sort(), answers.map((a) => a.body).join('\n')).toEqual([200, 400])
    expect(answers.find((a) => a.statusCode === 400)!.json().error.invalid_parameters).toEqual({ fakename: ['taken'] })
  })
})
