import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SESSION_COOKIE } from '../http/session'
import { PGLITE_ONLY, cookiePair, useTestApp } from '../test/harness'

const FORM = { 'content-type': 'application/x-www-form-urlencoded' }

describe.each(PGLITE_ONLY)('cashbacks and loyalty characters on %s', (backend) => {
  const t = useTestApp(backend)
  let nextIp = 1


  const freshIp = () => `10.9.${Math.floor(nextIp / 250)}.${(nextIp++ % 250) + 1}`
  const get = (path: string, cookie?: string) =>
    t.app.inject({ method: 'GET', url: `/api/${path}`, headers: cookie ? { cookie } : {}, remoteAddress: freshIp() })

  /** A new player, registered through the API: its id and session cookie. */
  async function newPlayer(): Promise<{ id: bigint; cookie: string }> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register?locale=en',
      headers: FORM,
      remoteAddress: freshIp(),
      payload: new URLSearchParams({ email: `c${Math.random().toString(36).slice(2, 10)}@example.com`, password: 'Zq7-unusual-Pw', currency: 'USD', country_code: 'US' }).toString(),
    })
    expect(res.statusCode).toBe(200)
    return { id: BigInt(res.json().data.uid), cookie: cookiePair(res.headers['set-cookie'], SESSION_COOKIE)! }
  }

  const row = (player_id: bigint, status: 'active' | 'paid_out' | 'expired', amount: number, ended: string, receiving?: string) => ({
    player_id,
    status,
    amount,
    currency: 'USD',
    started_at: new Date(new Date(ended).getTime() - 7 * 86_400_000),
    ended_at: new Date(ended),
    receiving_expired_at: receiving ? new Date(receiving) : null,
  })

  it('cashbacks/get refuses a visitor', async () => {
    const res = await get('cashbacks/get?count=1')
    expect(res.statusCode).toBe(401)
    expect(res.json().error).toMatchObject({ type: 'AuthorizationException', code: 'not_logged_in' })
  })

  it('cashbacks/get answers an empty list for a new player', async () => {
    const { cookie } = await newPlayer()
    const res = await get('cashbacks/get?count=1&sort=ended_at&order=desc&statuses=paid_out&statuses=active', cookie)
    expect(res.statusCode).toBe(200)
    expect(res.json().data).toEqual([])
  })

  it("cashbacks/get filters by status, sorts and limits the player's own rows only", async () => {
    const me = await newPlayer()
    const other = await newPlayer()
    await t.database.db
      .insertInto('cashbacks')
      .values([
        row(me.id, 'paid_out', 1250, '2026-03-01T00:00:00Z', '2026-03-08T00:00:00Z'),
        row(me.id, 'active', 300, '2026-05-01T00:00:00Z'),
        row(me.id, 'expired', 999, '2026-06-01T00:00:00Z'),
        row(other.id, 'active', 777, '2026-07-01T00:00:00Z'),
      ])
      .execute()

    const latest = (await get('cashbacks/get?count=1&sort=ended_at&order=desc&statuses=paid_out&statuses=active', me.cookie)).json().data
    expect(latest).toEqual([
      {
        id: expect.any(Number),
        status: 'active',
        amount: { amount: '3.00', currency: 'USD' },
        started_at: '2026-04-24T00:00:00.000Z',
        ended_at: '2026-05-01T00:00:00.000Z',
        receiving_expired_at: null,
      },
    ])

    const all = (await get('cashbacks/get', me.cookie)).json().data as { status: string; amount: { amount: string } }[]
    expect(all.map((c) => c.status)).toEqual(['expired', 'active', 'paid_out'])
    const asc = (await get('cashbacks/get?sort=ended_at&order=asc&statuses=paid_out', me.cookie)).json().data
    expect(asc).toMatchObject([{ status: 'paid_out', amount: { amount: '12.50', currency: 'USD' }, receiving_expired_at: '2026-03-08T00:00:00.000Z' }])

    // The other player sees only their own; nothing of theirs ever reaches me.
    expect(all.some((c) => c.amount.amount === '7.77')).toBe(false)
    const theirs = (await get('cashbacks/get', other.cookie)).json().data
    expect(theirs).toMatchObject([{ status: 'active', amount: { amount: '7.77' } }])
  })

  it('cashbacks/get refuses bad parameters', async () => {
    const { cookie } = await newPlayer()
    for (const query of ['count=0', 'count=101', 'count=x', 'sort=player_id', 'order=up', 'statuses=paid']) {
      const res = await get(`cashbacks/get?${query}`, cookie)
      expect(res.statusCode, query).toBe(400)
      expect(res.json().error.type, query).toBe('InvalidParameterException')
    }
  })

  it('loyalty/getcharacters lists the seeded characters in order, to visitors too', async () => {
    const res = await get('loyalty/getcharacters')
    expect(res.statusCode).toBe(200)
    expect(res.json().data).toEqual([
      { id: expect.any(Number), name: 'Nova', image: '/images/characters/nova.svg' },
      { id: expect.any(Number), name: 'Orion', image: '/images/characters/orion.svg' },
      { id: expect.any(Number), name: 'Luna', image: '/images/characters/luna.svg' },
    ])
  })
})
