import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PGLITE_ONLY, openTestDatabase, type TestDatabase } from '../../test/harness'
import {
  createSession,
  destroyPlayerSessions,
  destroySession,
  hashToken,
  isWellFormedToken,
  lookupSession,
  purgeExpiredSessions,
  rotateSession,
  touchSession,
  type SessionPolicy,
} from './sessions'

const policy: SessionPolicy = { idleTimeoutMs: 30 * 60_000, absoluteTimeoutMs: 12 * 3_600_000 }
const T0 = new Date('2030-06-01T12:00:00Z')
const at = (ms: number) => new Date(T0.getTime() + ms)
const MIN = 60_000

describe.each(PGLITE_ONLY)('sessions on %s', (backend) => {
  let database: TestDatabase
  let playerId: bigint
  let otherId: bigint
  beforeAll(async () => {
    database = await openTestDatabase(backend)
    const rows = await database.db.selectFrom('accounts').select(['id', 'login']).orderBy('id').execute()
    playerId = rows[0]!.id
    otherId = rows[1]!.id
  })
  afterAll(() => database?.close())

  it('issues a 256-bit base64url token and stores only its hash', async () => {
    const { token, session } = await createSession(database.db, { playerId, now: T0, policy, ip: '127.0.0.1', userAgent: 'x'.repeat(2000) })
    expect(isWellFormedToken(token)).toBe(true)
    expect(Buffer.from(token, 'base64url')).toHaveLength(32)
    expect(session.id).toBe(hashToken(token))
    const stored = await database.db.selectFrom('sessions').selectAll().where('id', '=', session.id).executeTakeFirstOrThrow()
    expect(JSON.stringify(stored, (_k, v) => (typeof v === 'bigint' ? String(v) : v))).not.toContain(token)
    expect(stored.user_agent).toHaveLength(512)
    expect(stored.expires_at.getTime()).toBe(at(policy.absoluteTimeoutMs).getTime())
  })

  it('expires after the idle timeout without activity', async () => {
    const { token } = await createSession(database.db, { playerId, now: T0, policy })
    expect(await lookupSession(database.db, token, at(policy.idleTimeoutMs - 1), policy)).not.toBeNull()
    expect(await lookupSession(database.db, token, at(policy.idleTimeoutMs), policy)).toBeNull()
    // Expired sessions are deleted on sight: even going back in time does not revive it.
    expect(await lookupSession(database.db, token, T0, policy)).toBeNull()
  })

  it('activity keeps it alive, but never past the absolute end', async () => {
    const { token } = await createSession(database.db, { playerId, now: T0, policy })
    let t = 0
    while (t + 25 * MIN < policy.absoluteTimeoutMs) {
      t += 25 * MIN
      const s = await lookupSession(database.db, token, at(t), policy)
      expect(s, `at ${t / MIN} min`).not.toBeNull()
      await touchSession(database.db, s!, at(t), policy)
    }
    expect(await lookupSession(database.db, token, at(policy.absoluteTimeoutMs), policy)).toBeNull()
  })

  it('touches at most once a minute', async () => {
    const { token, session } = await createSession(database.db, { playerId, now: T0, policy })
    expect((await touchSession(database.db, session, at(10_000), policy)).lastSeenAt).toEqual(T0)
    const touched = await touchSession(database.db, session, at(2 * MIN), policy)
    expect(touched.lastSeenAt).toEqual(at(2 * MIN))
    expect((await lookupSession(database.db, token, at(2 * MIN), policy))!.lastSeenAt).toEqual(at(2 * MIN))
  })

  it('rotation makes the old token worthless and restarts the absolute end on a change of player', async () => {
    const visitor = await createSession(database.db, { playerId: null, now: T0, policy })
    const rotated = await rotateSession(database.db, visitor.session.id, { playerId, now: at(60 * MIN), policy })
    expect(rotated).not.toBeNull()
    expect(await lookupSession(database.db, visitor.token, at(60 * MIN), policy)).toBeNull()
    const live = await lookupSession(database.db, rotated!.token, at(60 * MIN), policy)
    expect(live?.playerId).toBe(playerId)
    expect(live?.expiresAt).toEqual(at(60 * MIN + policy.absoluteTimeoutMs))

    const again = await rotateSession(database.db, rotated!.session.id, { playerId, now: at(61 * MIN), policy })
    expect(again!.session.expiresAt).toEqual(live!.expiresAt)
    expect(await rotateSession(database.db, 'f'.repeat(64), { playerId, now: T0, policy })).toBeNull()
  })

  it('destroys one session, or all of a player but one', async () => {
    const a = await createSession(database.db, { playerId: otherId, now: T0, policy })
    const b = await createSession(database.db, { playerId: otherId, now: T0, policy })
    const c = await createSession(database.db, { playerId: otherId, now: T0, policy })
    await destroySession(database.db, a.session.id)
    expect(await lookupSession(database.db, a.token, T0, policy)).toBeNull()
    expect(await destroyPlayerSessions(database.db, otherId, b.session.id)).toBe(1)
    expect(await lookupSession(database.db, b.token, T0, policy)).not.toBeNull()
    expect(await lookupSession(database.db, c.token, T0, policy)).toBeNull()
  })

  it('purges expired sessions', async () => {
    await createSession(database.db, { playerId, now: at(-100 * 3_600_000), policy })
    const fresh = await createSession(database.db, { playerId, now: T0, policy })
    expect(await purgeExpiredSessions(database.db, T0, policy)).toBeGreaterThanOrEqual(1)
    expect(await lookupSession(database.db, fresh.token, T0, policy)).not.toBeNull()
  })

  it('ignores malformed tokens without a query', async () => {
    for (const token of ['', 'abc', 'A'.repeat(44), `${'A'.repeat(42)}=`, 'é'.repeat(43)]) {
      expect(await lookupSession(database.db, token, T0, policy)).toBeNull()
    }
  })
})
