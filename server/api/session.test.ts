import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseConfig } from '../config'
import { FORCE_LOGOUT_SETTING, TEST_FORCE_LOGOUT_COOKIE, idleTimeoutMs, testCookieSeconds } from '../domain/session/idle'
import { createSession } from '../domain/session/sessions'
import { writeSetting } from '../domain/settings/settings'
import { SESSION_COOKIE } from '../http/session'
import { PGLITE_ONLY, buildTestApp, useTestApp } from '../test/harness'

const T0 = new Date('2031-03-01T09:00:00Z')
const at = (sec: number) => new Date(T0.getTime() + sec * 1000)

// SPEC §4 'Automatic logout by inactivity': the browser logs out after time_to_force_logout
// seconds without activity; the server's idle expiry must be the same limit, from the same row.
describe.each(PGLITE_ONLY)('inactivity limit agreed by browser and server on %s', (backend) => {
  const t = useTestApp(backend, { beforeBuild: (database) => writeSetting(database.db, FORCE_LOGOUT_SETTING, 120) })
  // The same database behind an app that honours the e2e test overrides.
  let testApp: FastifyInstance

  beforeAll(async () => {
    testApp = await buildTestApp({ ...t.database, config: { ...t.database.config, e2eTestOverrides: true } })
    await testApp.ready()
  })
  afterAll(() => testApp?.close())

  async function loggedIn(now = T0): Promise<string> {
    const player = await t.database.db.selectFrom('accounts').select('id').where('login', '=', 'demo@example.com').executeTakeFirstOrThrow()
    const { token } = await createSession(t.database.db, { playerId: player.id, now, policy: t.database.config.session })
    return `${SESSION_COOKIE}=${token}`
  }
  const uidAt = async (target: FastifyInstance, cookie: string, when: Date) => {
    t.database.clock.now = when
    const res = await target.inject({ method: 'GET', url: '/api/account/getInfo', headers: { cookie } })
    return res.json().data.uid as number
  }
  const generalInfo = async (target: FastifyInstance, cookie?: string) => {
    const res = await target.inject({ method: 'GET', url: '/api/metadata/getgeneralinfo', headers: cookie ? { cookie } : {} })
    return res.json().data.time_to_force_logout as number | null
  }
  const touch = (target: FastifyInstance, cookie: string, when: Date) => {
    t.database.clock.now = when
    return target.inject({ method: 'POST', url: '/api/session/touch', headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' }, payload: '' })
  }

  it('general info and the idle expiry read the same setting', async () => {
    expect(await generalInfo(t.app)).toBe(120)
    const alive = await loggedIn()
    expect(await uidAt(t.app, alive, at(119))).toBeGreaterThan(0)
    const idle = await loggedIn()
    expect(await uidAt(t.app, idle, at(120))).toBe(0)
  })

  it("follows an operator's change of the setting", async () => {
    await writeSetting(t.database.db, FORCE_LOGOUT_SETTING, 600)
    t.app.forceLogoutSetting.invalidate()
    try {
      expect(await generalInfo(t.app)).toBe(600)
      const cookie = await loggedIn()
      expect(await uidAt(t.app, cookie, at(599))).toBeGreaterThan(0)
    } finally {
      await writeSetting(t.database.db, FORCE_LOGOUT_SETTING, 120)
      t.app.forceLogoutSetting.invalidate()
    }
  })

  it('the keep-alive restarts the server idle clock from now; a visitor is told it is logged out', async () => {
    const cookie = await loggedIn()
    // An earlier request 10 s in: the throttled touch would not write again before 22 s.
    expect(await uidAt(t.app, cookie, at(10))).toBeGreaterThan(0)
    const res = await touch(t.app, cookie, at(15))
    expect(res.json().data).toEqual({ logged_in: true, idle_timeout: 120 })
    expect(await uidAt(t.app, cookie, at(15 + 119))).toBeGreaterThan(0)
    const lapsed = await loggedIn()
    expect((await touch(t.app, lapsed, at(120))).json().data).toEqual({ logged_in: false, idle_timeout: 120 })
    t.database.clock.now = null
  })

  it('an e2e context may shorten its own limit, only when E2E_TEST_OVERRIDES is on', async () => {
    const short = `${TEST_FORCE_LOGOUT_COOKIE}=10`
    expect(await generalInfo(testApp, short)).toBe(10)
    expect(await generalInfo(testApp)).toBe(120)
    expect(await generalInfo(t.app, short)).toBe(120)
    const shortened = `${await loggedIn()}; ${short}`
    expect(await uidAt(testApp, shortened, at(9))).toBeGreaterThan(0)
    const lapsed = `${await loggedIn()}; ${short}`
    expect(await uidAt(testApp, lapsed, at(10))).toBe(0)
    // The same cookie on a normal server changes nothing.
    const ignored = `${await loggedIn()}; ${short}`
    expect(await uidAt(t.app, ignored, at(60))).toBeGreaterThan(0)
    t.database.clock.now = null
  })
})

describe('inactivity limit rules', () => {
  it('reads the setting in seconds, falling back when it is unset or null', () => {
    expect(idleTimeoutMs(120, 5)).toBe(120_000)
    expect(idleTimeoutMs('90', 5)).toBe(90_000)
    expect(idleTimeoutMs(null, 5)).toBe(5)
    expect(idleTimeoutMs(-3, 5)).toBe(5)
    expect(testCookieSeconds('10')).toBe(10)
    expect(testCookieSeconds('2')).toBeNull()
    expect(testCookieSeconds('10s')).toBeNull()
  })

  it('production refuses the e2e override', () => {
    expect(() => parseConfig({ APP_ENV: 'production', E2E_TEST_OVERRIDES: '1', PUBLIC_URL: 'https://x.example' })).toThrow(/E2E_TEST_OVERRIDES/)
    expect(parseConfig({ APP_ENV: 'demo', E2E_TEST_OVERRIDES: '1' }).e2eTestOverrides).toBe(true)
  })
})
