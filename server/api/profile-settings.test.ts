// SPEC §7 account/saveProfileInfo and changefakename: the details of /profile/settings by the
// country's field list (server/seed/registration.ts), 18+, the CPF, the identity lock of a verified
// player, and the nickname's rules. A refusal names the field and changes nothing.
import { describe, expect, it } from 'vitest'
import { apiPlayers, type ApiPlayer } from '../test/api-player'
import { useTestApp } from '../test/harness'

describe('account/saveProfileInfo', () => {
  const t = useTestApp('pglite')
  const players = apiPlayers(t, 99, 'profile-')
  const profile = async (player: ApiPlayer) => (await players.get(player, 'account/getprofileinfo?fields=document')).json().data
  const save = (player: ApiPlayer, body: Record<string, string>) => players.post(player, 'account/saveProfileInfo', body)
  const refusal = (res: { statusCode: number; json: () => { error: { code: string; invalid_parameters: Record<string, string[]> } } }) => {
    expect(res.statusCode).toBe(400)
    return res.json().error.invalid_parameters
  }

  it('keeps an adult’s birth date as dd.mm.yyyy and refuses one under 18, saving nothing', async () => {
    const player = await players.newPlayer()
    const res = await save(player, { country_code: 'US', birth_date: '1990-04-05' })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data).toBe(1)
    expect((await profile(player)).birth_date).toBe('05.04.1990')
    const young = new Date(Date.now() - 17 * 365 * 86_400_000)
    const dmy = `${String(young.getUTCDate()).padStart(2, '0')}.${String(young.getUTCMonth() + 1).padStart(2, '0')}.${young.getUTCFullYear()}`
    expect(refusal(await save(player, { country_code: 'US', birth_date: dmy }))).toEqual({ birth_date: ['date'] })
    expect(refusal(await save(player, { country_code: 'US', birth_date: '31.02.1990' }))).toHaveProperty('birth_date')
    expect((await profile(player)).birth_date).toBe('05.04.1990')
  })

  it('follows the new country’s list: Germany asks for the names, and the country moves only with them', async () => {
    const player = await players.newPlayer()
    expect(refusal(await save(player, { country_code: 'DE' }))).toEqual({ first_name: ['required'], last_name: ['required'] })
    expect((await players.get(player, 'account/getInfo')).json().data.country_code).toBe('US')
    const res = await save(player, { country_code: 'de', first_name: 'Anna', last_name: 'Müller', birth_date: '01.01.1980' })
    expect(res.statusCode, res.body).toBe(200)
    expect((await players.get(player, 'account/getInfo')).json().data.country_code).toBe('DE')
    expect(await profile(player)).toMatchObject({ first_name: 'Anna', last_name: 'Müller', country_code: 'DE' })
    // An optional field sent empty is dropped on the wire (SPEC §7), and so cleared.
    expect((await save(player, { country_code: 'DE', first_name: 'Anna', last_name: 'Müller' })).statusCode).toBe(200)
    expect((await profile(player)).birth_date).toBeNull()
  })

  it('takes a region only from the country’s choices', async () => {
    const player = await players.newPlayer()
    expect(refusal(await save(player, { country_code: 'MX', region: 'XXX' }))).toEqual({ region: ['invalid'] })
    expect((await save(player, { country_code: 'MX', region: 'JAL', first_name: 'Lupe' })).statusCode).toBe(200)
    expect(await profile(player)).toMatchObject({ region: 'JAL', first_name: 'Lupe' })
  })

  it('reads a CPF: eleven digits whose check digits hold', async () => {
    const player = await players.newPlayer()
    expect(refusal(await save(player, { country_code: 'BR', document_type: 'cpf', document_number: '123' }))).toEqual({ document_number: ['regex'] })
    expect(refusal(await save(player, { country_code: 'BR', document_type: 'cpf', document_number: '12345678900' }))).toEqual({ document_number: ['cpf'] })
    expect(refusal(await save(player, { country_code: 'BR', document_type: 'passport', document_number: '52998224725' }))).toEqual({ document_type: ['invalid'] })
    expect((await save(player, { country_code: 'BR', document_type: 'cpf', document_number: '52998224725' })).statusCode).toBe(200)
    expect((await profile(player)).document).toEqual({ type: 'cpf', number: '52998224725' })
  })

  it('refuses markup and control characters in a name, and an unknown country', async () => {
    const player = await players.newPlayer()
    expect(refusal(await save(player, { country_code: 'DE', first_name: '<b>Anna</b>', last_name: 'Müller' }))).toEqual({ first_name: ['name'] })
    // Control characters are refused at the edge, before any rule of the field.
    expect(refusal(await save(player, { country_code: 'DE', first_name: 'Anna', last_name: 'Mül\u0007ler' }))).toHaveProperty('last_name')
    const odd = await save(player, { country_code: 'D1' })
    expect(odd.statusCode).toBe(400)
    expect(odd.json().error.invalid_parameters).toHaveProperty('country_code')
    expect(await profile(player)).toMatchObject({ first_name: null, country_code: 'US' })
  })

  it('keeps a verified player’s identity as the documents showed it; the rest still changes', async () => {
    const player = await players.newPlayer()
    expect((await save(player, { country_code: 'DE', first_name: 'Jonas', last_name: 'Weber' })).statusCode).toBe(200)
    await t.database.db.updateTable('accounts').set({ is_verified: true }).where('id', '=', player.id).execute()
    // A part never given may still be filled in; once given, it stays.
    expect((await save(player, { country_code: 'DE', first_name: 'Jonas', last_name: 'Weber', birth_date: '02.03.1985' })).statusCode).toBe(200)
    expect(refusal(await save(player, { country_code: 'DE', first_name: 'Jonas', last_name: 'Weber', birth_date: '03.03.1985' }))).toEqual({ birth_date: ['locked'] })
    expect(refusal(await save(player, { country_code: 'DE', first_name: 'Jonas', last_name: 'Becker', birth_date: '1985-03-02' }))).toEqual({ last_name: ['locked'] })
    expect(refusal(await save(player, { country_code: 'PT', first_name: 'Jonas', last_name: 'Weber' }))).toHaveProperty('country_code', ['locked'])
    // The same identity in another spelling of the date is no change.
    expect((await save(player, { country_code: 'DE', first_name: 'Jonas', last_name: 'Weber', birth_date: '1985-03-02' })).statusCode).toBe(200)
    expect(await profile(player)).toMatchObject({ last_name: 'Weber', birth_date: '02.03.1985' })
  })

  it('is a player’s only', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/account/saveProfileInfo', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'first_name=X' })
    expect(res.json().error.type).toBe('AuthorizationException')
  })
})

describe('account/changefakename', () => {
  const t = useTestApp('pglite')
  const players = apiPlayers(t, 100, 'fakename-')
  const change = (player: ApiPlayer, fakename: string) => players.post(player, 'account/changefakename', { fakename })
  const fakenameOf = async (player: ApiPlayer) => (await players.get(player, 'account/getInfo')).json().data.fakename

  it('sets a nickname once a month, refuses another player’s in any case, and keeps the rule’s characters', async () => {
    const [one, two] = [await players.newPlayer(), await players.newPlayer()]
    const name = `Ace${Math.random().toString(36).slice(2, 8)}`
    const first = await change(one, name)
    expect(first.statusCode, first.body).toBe(200)
    expect(await fakenameOf(one)).toBe(name)
    const next = (await players.get(one, 'account/getprofileinfo')).json().data.fakename_next_change_at
    expect(Date.parse(next) - Date.now()).toBeGreaterThan(29 * 86_400_000)

    const taken = await change(two, name.toUpperCase())
    expect(taken.statusCode).toBe(400)
    expect(taken.json().error.invalid_parameters).toEqual({ fakename: ['taken'] })
    for (const bad of ['abc', 'Ace_1', 'Ace <b>', 'Ace\u0000x']) {
      const res = await change(two, bad)
      expect(res.statusCode, bad).toBe(400)
      expect(res.json().error.invalid_parameters).toHaveProperty('fakename')
    }
    expect(await fakenameOf(two)).toBeNull()

    // The same name again is no change; another is too soon, with the day it may change.
    expect((await change(one, name)).statusCode).toBe(200)
    const soon = await change(one, `${name}x`)
    expect(soon.statusCode).toBe(403)
    expect(soon.json().error).toMatchObject({ type: 'AccessDeniedException', code: 'fakename_change_too_soon', error_data: { next_change_at: next } })
    expect(await fakenameOf(one)).toBe(name)
  })

  it('lets the nickname change again after thirty days', async () => {
    const player = await players.newPlayer()
    const name = `Bee${Math.random().toString(36).slice(2, 8)}`
    expect((await change(player, name)).statusCode).toBe(200)
    t.database.clock.now = new Date(Date.now() + 31 * 86_400_000)
    try {
      const later = await change(player, `${name}z`)
      expect(later.statusCode, later.body).toBe(200)
      expect(await fakenameOf(player)).toBe(`${name}z`)
    } finally {
      t.database.clock.now = null
    }
  })
})
