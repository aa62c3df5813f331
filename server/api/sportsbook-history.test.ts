// The site config's bet-history switch (SPEC §3 'Site config' features.betHistory) holds on the
// server: with it off for a locale, the player's bet list is refused there, not only hidden.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { apiPlayers } from '../test/api-player'
import { useTestApp } from '../test/harness'

const contentDir = mkdtempSync(join(tmpdir(), 'sb-history-content-'))
cpSync(resolve('content'), contentDir, { recursive: true })
const siteFile = join(contentDir, 'de', 'site.json')
const site = JSON.parse(readFileSync(siteFile, 'utf8')) as { features: Record<string, boolean> }
writeFileSync(siteFile, JSON.stringify({ ...site, features: { ...site.features, betHistory: false } }))

describe('the bet history switch', () => {
  afterAll(() => rmSync(contentDir, { recursive: true, force: true }))
  const t = useTestApp('pglite', { config: { contentDir } })
  const players = apiPlayers(t, 95, 'sbhist-')

  it('answers the list where it is on and refuses it where it is off', async () => {
    const player = await players.newPlayer()
    const on = await players.get(player, 'sportsbook/bets?locale=en')
    expect(on.statusCode, on.body).toBe(200)
    expect(on.json().data).toEqual({ bets: [], total: 0 })
    const off = await players.get(player, 'sportsbook/bets?locale=de')
    expect(off.statusCode, off.body).toBe(403)
    expect(off.json().error).toMatchObject({ type: 'AccessDeniedException', code: 'sportsbook_history_off' })
  })
})
