// The site config's switches (SPEC §3 'Site config' features) hold on the server: with them off for
// a locale, the calls of those sections are refused there, not only hidden; what a player already
// has (a limit in force, two-factor on) stays theirs.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { apiPlayers } from '../test/api-player'
import { useTestApp } from '../test/harness'

const contentDir = mkdtempSync(join(tmpdir(), 'features-content-'))
cpSync(resolve('content'), contentDir, { recursive: true })
const siteFile = join(contentDir, 'de', 'site.json')
const site = JSON.parse(readFileSync(siteFile, 'utf8')) as { features: Record<string, boolean> }
writeFileSync(siteFile, JSON.stringify({ ...site, features: { ...site.features, betHistory: false, twoFactor: false, responsibleGaming: false, identityVerification: false } }))

const PASSWORD = 'Zq7-unusual-Pw'
const off = (feature: string) => ({ type: 'AccessDeniedException', code: 'feature_off', error_data: { feature } })

describe('the site config switches', () => {
  afterAll(() => rmSync(contentDir, { recursive: true, force: true }))
  const t = useTestApp('pglite', { config: { contentDir } })
  const players = apiPlayers(t, 95, 'features-')

  it('answers the bet history where it is on and refuses it where it is off', async () => {
    const player = await players.newPlayer()
    const on = await players.get(player, 'sportsbook/bets?locale=en')
    expect(on.statusCode, on.body).toBe(200)
    expect(on.json().data).toEqual({ bets: [], total: 0 })
    const refused = await players.get(player, 'sportsbook/bets?locale=de')
    expect(refused.statusCode, refused.body).toBe(403)
    expect(refused.json().error).toMatchObject(off('betHistory'))
  })

  it('starts no two-factor set-up where it is off, and confirms none started elsewhere', async () => {
    const player = await players.newPlayer()
    const refused = await players.post(player, 'account/changeTwoFactorAuth?locale=de', { enable: '1', password: PASSWORD })
    expect(refused.statusCode, refused.body).toBe(403)
    expect(refused.json().error).toMatchObject(off('twoFactor'))
    const started = await players.post(player, 'account/changeTwoFactorAuth?locale=en', { enable: '1', password: PASSWORD })
    expect(started.statusCode, started.body).toBe(200)
    const confirm = await players.post(player, 'account/confirmTwoFactorAuth?locale=de', { code: '123456' })
    expect(confirm.json().error).toMatchObject(off('twoFactor'))
    // Turning it off is never refused by the switch (here: no code, so the request's own error).
    const disable = await players.post(player, 'account/changeTwoFactorAuth?locale=de', { enable: '0' })
    expect(disable.json().error.code).not.toBe('feature_off')
  })

  it('sets no limit and takes no self-exclusion where responsible gaming is off, and a limit in force still binds', async () => {
    const player = await players.newPlayer()
    const set = await players.post(player, 'account/setDepositLimit?locale=en', { period: '1', limit_amount: '50' })
    expect(set.statusCode, set.body).toBe(200)
    const refused = await players.post(player, 'account/setDepositLimit?locale=de', { period: '1', remove: '1' })
    expect(refused.statusCode, refused.body).toBe(403)
    expect(refused.json().error).toMatchObject(off('responsibleGaming'))
    const limit = await players.get(player, 'account/getDepositLimit?locale=de')
    expect(limit.statusCode, limit.body).toBe(200)
    expect(JSON.stringify(limit.json().data)).toContain('50')
    const loss = await players.post(player, 'account/setLossLimit?locale=de', { period: '7', limit_amount: '50' })
    expect(loss.json().error).toMatchObject(off('responsibleGaming'))
    const exclude = await players.post(player, 'account/selfExclude?locale=de', { period: '1d', password: PASSWORD })
    expect(exclude.statusCode, exclude.body).toBe(403)
    expect(exclude.json().error).toMatchObject(off('responsibleGaming'))
    const status = await players.get(player, 'account/getInfo?locale=de')
    expect(status.statusCode, status.body).toBe(200)
    const sessionLimit = await players.post(player, 'account/setSessionLimit?locale=de', { minutes: '60' })
    expect(sessionLimit.json().error).toMatchObject(off('responsibleGaming'))
    expect((await players.post(player, 'account/setSessionLimit?locale=en', { minutes: '60' })).json().data.minutes).toBe(60)
  })

  it('refuses every identity verification call where it is off', async () => {
    const player = await players.newPlayer()
    const calls = [
      () => players.get(player, 'verification/getStatus?locale=de'),
      () => players.post(player, 'verification/createApplicant?locale=de', {}),
      () => players.post(player, 'verification/getAccessToken?locale=de', {}),
      () => players.post(player, 'account/setUserOnVerification?locale=de', {}),
    ]
    for (const call of calls) {
      const refused = await call()
      expect(refused.statusCode, refused.body).toBe(403)
      expect(refused.json().error).toMatchObject(off('identityVerification'))
    }
    expect((await players.get(player, 'verification/getStatus?locale=en')).json().data.status).toBe('none')
  })
})
