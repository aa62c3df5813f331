import { describe, expect, it } from 'vitest'
import { PGLITE_ONLY, useTestApp } from '../test/harness'
import { convertTrackIds } from '../../src/shared/visit'
import { HITS_PER_WINDOW } from './hit'

describe('GET /hit (SPEC §7): the visit', () => {
  const t = useTestApp(PGLITE_ONLY[0]!)
  const hit = (query: string) => t.app.inject({ method: 'GET', url: `/hit?${query}` })
  const lastVisit = () => t.database.db.selectFrom('visits').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow()

  it('records where the visitor came from, the landing query, the fingerprint session and the converted track ids', async () => {
    const search = '?clickid=td_8f3a-77&utm_source=news&sub=td_x.y&plain=abc'
    const res = await hit(new URLSearchParams({ from: 'https://partner.example/review', search, seon_session: 'c2Vvbg==' }).toString())
    expect(res.statusCode).toBe(204)
    expect(res.headers['cache-control']).toBe('no-store')
    const visit = await lastVisit()
    expect(visit).toMatchObject({ referrer: 'https://partner.example/review', landing_search: search, seon_session: 'c2Vvbg==', player_id: null })
    expect(visit.track_ids).toEqual({ clickid: '8f3a-77', sub: 'x.y' })
  })

  it('takes a visit without a session or referrer', async () => {
    expect((await hit('search=')).statusCode).toBe(204)
    expect(await lastVisit()).toMatchObject({ referrer: '', landing_search: '', seon_session: null, track_ids: {} })
  })

  it('refuses over-long, repeated or non-printable fields with a typed 400, never a 5xx', async () => {
    const cases: [string, string][] = [
      [`from=${'a'.repeat(3000)}`, 'from'],
      ['search=%00', 'search'],
      ['seon_session=a&seon_session=b', 'seon_session'],
      ['from=%0d%0aSet-Cookie:x', 'from'],
    ]
    for (const [query, field] of cases) {
      const res = await hit(query)
      expect(res.statusCode, query).toBe(400)
      expect(res.json().error).toMatchObject({ type: 'InvalidParameterException' })
      expect(Object.keys(res.json().error.invalid_parameters)).toEqual([field])
    }
  })

  it('stores at most a bounded number of visits per address in ten minutes, then answers 429 with Retry-After', async () => {
    const from = (remoteAddress: string) => t.app.inject({ method: 'GET', url: '/hit?search=', remoteAddress })
    const count = async () => Number((await t.database.db.selectFrom('visits').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n)
    for (let i = 0; i < HITS_PER_WINDOW; i++) expect((await from('203.0.113.7')).statusCode).toBe(204)
    const before = await count()
    const refused = await from('203.0.113.7')
    expect(refused.statusCode).toBe(429)
    expect(refused.json().error).toMatchObject({ type: 'TooManyRequestsException' })
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    expect(await count()).toBe(before)
    // Another address is not held up by it.
    expect((await from('203.0.113.8')).statusCode).toBe(204)
  })
})

describe('td_ track ids', () => {
  it('are values beginning td_, kept without the prefix under their parameter', () => {
    expect(convertTrackIds('?a=td_1&b=td_&c=xtd_2&d=td_%3Cscript%3E&e=td_ok')).toEqual({ a: '1', e: 'ok' })
    expect(convertTrackIds('a=td_1&a=td_2')).toEqual({ a: '1' })
    expect(convertTrackIds('')).toEqual({})
    expect(Object.keys(convertTrackIds(Array.from({ length: 30 }, (_, i) => `p${i}=td_${i}`).join('&')))).toHaveLength(10)
  })
})
