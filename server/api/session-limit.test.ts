// The session-time limit, enforced by the server: a session that has lasted the player's limit ends
// on its next call (a game's stake included), whatever the page shows; a stricter limit applies at
// once, a looser one or none only after the cooling-off day.
import { describe, expect, it } from 'vitest'
import { createSession } from '../domain/session/sessions'
import { SESSION_COOKIE } from '../http/session'
import { apiPlayers } from '../test/api-player'
import { useTestApp } from '../test/harness'

const FORM = { 'content-type': 'application/x-www-form-urlencoded' }
const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE

describe('the session-time limit', () => {
  const t = useTestApp('pglite')
  const players = apiPlayers(t, 102, 'session-limit-')

  /** A session of the player that began `minutesAgo` before the app's clock and was in use a moment ago (not idle). */
  async function sessionOf(playerId: bigint, minutesAgo: number) {
    const now = t.database.clock.now ?? new Date()
    const { token, session } = await createSession(t.database.db, { playerId, now: new Date(now.getTime() - minutesAgo * MINUTE), policy: { ...t.database.config.session, absoluteTimeoutMs: 30 * DAY } })
    await t.database.db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', session.id).execute()
    const cookie = `${SESSION_COOKIE}=${token}`
    return (method: 'GET' | 'POST', path: string, body: Record<string, string> = {}) =>
      t.app.inject({ method, url: `/api/${path}`, headers: { ...FORM, cookie }, ...(method === 'POST' ? { payload: new URLSearchParams(body).toString() } : {}) })
  }
  const uid = async (call: Awaited<ReturnType<typeof sessionOf>>) => (await call('GET', 'account/getInfo')).json().data.uid

  it('ends a session once it has lasted the limit, on its next call; a new login starts a new one', async () => {
    const player = await players.newPlayer()
    // Without a limit a long session goes on.
    expect(await uid(await sessionOf(player.id, 61))).toBe(Number(player.id))
    const fresh = await sessionOf(player.id, 5)
    const set = await fresh('POST', 'account/setSessionLimit', { minutes: '60' })
    expect(set.statusCode, set.body).toBe(200)
    expect(set.json().data).toMatchObject({ minutes: 60, scheduled_minutes: null, effective_at: null })
    const started = Date.parse(set.json().data.session_started_at)
    expect(Date.parse(set.json().data.ends_at) - started).toBe(60 * MINUTE)

    const long = await sessionOf(player.id, 61)
    const ended = await long('GET', 'account/getInfo')
    expect(ended.json().data.uid).toBe(0)
    // The call that ended it says why, for the page to tell the player.
    expect(ended.headers['x-session-ended']).toBe('time_limit')
    // Ended for good: the same cookie is a visitor's from now on, and a player's call is refused.
    const stake = await long('GET', 'account/getBalance')
    expect(stake.json().error.type).toBe('AuthorizationException')
    expect(stake.headers['x-session-ended']).toBeUndefined()
    expect(await uid(fresh)).toBe(Number(player.id))
  })

  it('applies a stricter limit at once and a looser one, or none, after a cooling-off day', async () => {
    const player = await players.newPlayer()
    const t0 = new Date(Math.floor(Date.now() / 1000) * 1000)
    t.database.clock.now = t0
    try {
      const call = await sessionOf(player.id, 0)
      expect((await call('POST', 'account/setSessionLimit', { minutes: '120' })).json().data).toMatchObject({ minutes: 120, scheduled_minutes: null })
      const raised = (await call('POST', 'account/setSessionLimit', { minutes: '240' })).json().data
      expect(raised).toMatchObject({ minutes: 120, scheduled_minutes: 240, effective_at: new Date(t0.getTime() + DAY).toISOString() })
      // Asking again for the same raise does not restart its day.
      t.database.clock.now = new Date(t0.getTime() + 60 * MINUTE)
      const hourLater = await sessionOf(player.id, 10)
      expect((await hourLater('POST', 'account/setSessionLimit', { minutes: '240' })).json().data.effective_at).toBe(raised.effective_at)
      // Stricter: at once, and the waiting raise is dropped.
      expect((await hourLater('POST', 'account/setSessionLimit', { minutes: '30' })).json().data).toMatchObject({ minutes: 30, scheduled_minutes: null, effective_at: null })
      const removal = (await hourLater('POST', 'account/setSessionLimit', { minutes: '0' })).json().data
      expect(removal).toMatchObject({ minutes: 30, scheduled_minutes: null })
      expect(Date.parse(removal.effective_at)).toBe(t0.getTime() + 60 * MINUTE + DAY)

      // Before the day is out the limit still holds: a session 31 minutes old is over it.
      expect(await uid(hourLater)).toBe(Number(player.id))
      expect(await uid(await sessionOf(player.id, 31))).toBe(0)
      t.database.clock.now = new Date(t0.getTime() + 60 * MINUTE + DAY)
      const later = await sessionOf(player.id, 90)
      expect((await later('GET', 'account/getSessionLimit')).json().data).toMatchObject({ minutes: null, scheduled_minutes: null, ends_at: null })
      expect(await uid(later)).toBe(Number(player.id))
    } finally {
      t.database.clock.now = null
    }
  })

  it('takes only a limit of the list', async () => {
    const player = await players.newPlayer()
    const call = await sessionOf(player.id, 0)
    for (const bad of ['7', '-30', '30.5', '', '<b>60</b>']) {
      const res = await call('POST', 'account/setSessionLimit', { minutes: bad })
      expect(res.statusCode, bad).toBe(400)
      expect(res.json().error.invalid_parameters, bad).toHaveProperty('minutes')
    }
    expect((await call('GET', 'account/getSessionLimit')).json().data.minutes).toBeNull()
  })
})
