import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { playerOwner } from '../domain/games/owner'
import { takeRoundSeeds } from '../domain/games/seeds'
import { apiPlayers } from '../test/api-player'
import { BACKENDS, PGLITE_ONLY, useTestApp } from '../test/harness'

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex')

describe.each(PGLITE_ONLY)('provably fair seeds on %s (docs/games.md)', (backend) => {
  const t = useTestApp(backend)
  const players = apiPlayers(t, 87, 'seeds-')

  it("gives a visitor the seeds of a demo purse of their own", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/games/getSeeds' })
    expect(res.statusCode).toBe(200)
    expect(res.json().data.active.serverSeedHash).toMatch(/^[0-9a-f]{64}$/)
    expect(res.headers['set-cookie']).toBeTruthy()
  })

  it('shows the hash of a secret server seed before play, and the same pair until rotated', async () => {
    const player = await players.newPlayer()
    const first = (await players.get(player, 'games/getSeeds')).json().data
    expect(first.active.serverSeedHash).toMatch(/^[0-9a-f]{64}$/)
    expect(first.active.nonce).toBe(0)
    expect(first.previous).toBeNull()
    expect(JSON.stringify(first)).not.toMatch(/serverSeed"/)
    const again = (await players.get(player, 'games/getSeeds')).json().data
    expect(again).toEqual(first)
  })

  it('rotating reveals the seed behind the shown hash, with the rounds played, and commits to a new one', async () => {
    const player = await players.newPlayer()
    const before = (await players.get(player, 'games/getSeeds')).json().data
    // Two rounds played with the pair.
    for (let i = 0; i < 2; i++) {
      const seeds = await t.database.db.transaction().execute((trx) => takeRoundSeeds(trx, playerOwner(player.id)))
      expect(seeds.nonce).toBe(i)
    }
    const res = await players.post(player, 'games/rotateSeeds', { client_seed: 'my-lucky-seed' })
    expect(res.statusCode, res.body).toBe(200)
    const { active, previous } = res.json().data
    expect(previous.serverSeedHash).toBe(before.active.serverSeedHash)
    expect(sha256(previous.serverSeed)).toBe(before.active.serverSeedHash)
    expect(previous.rounds).toBe(2)
    expect(previous.clientSeed).toBe(before.active.clientSeed)
    expect(active).toMatchObject({ clientSeed: 'my-lucky-seed', nonce: 0 })
    expect(active.serverSeedHash).not.toBe(before.active.serverSeedHash)
    // The revealed pair stays readable; the new seed stays secret.
    const after = (await players.get(player, 'games/getSeeds')).json().data
    expect(after.previous).toEqual(previous)
    expect(after.active).toEqual(active)
    // Without a new client seed the player's own is kept.
    const kept = (await players.post(player, 'games/rotateSeeds', {})).json().data
    expect(kept.active.clientSeed).toBe('my-lucky-seed')
  })

  it('refuses a client seed with a colon, a space, a control character or more than 64 characters, and keeps the pair', async () => {
    const player = await players.newPlayer()
    const before = (await players.get(player, 'games/getSeeds')).json().data
    for (const bad of ['a:b', 'has space', 'nul\u0000', 'x'.repeat(65), '']) {
      const res = await players.post(player, 'games/rotateSeeds', { client_seed: bad })
      expect(res.statusCode, bad).toBe(400)
      expect(res.json().error.type).toBe('InvalidParameterException')
    }
    expect((await players.get(player, 'games/getSeeds')).json().data).toEqual(before)
  })

})

// Concurrency needs real connections: on PostgreSQL the first rounds of a new player race to make its pair.
describe.each(BACKENDS)('round nonces on %s', (backend) => {
  const t = useTestApp(backend)
  const players = apiPlayers(t, 88, 'nonces-')

  it('gives every round of a player its own nonce and makes one pair, even when the first rounds start at once', async () => {
    const player = await players.newPlayer()
    const rounds = await Promise.all(Array.from({ length: 8 }, () => t.database.db.transaction().execute((trx) => takeRoundSeeds(trx, playerOwner(player.id)))))
    expect(rounds.map((s) => s.nonce).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7])
    expect(new Set(rounds.map((s) => s.seedsId)).size).toBe(1)
    const pairs = await t.database.db.selectFrom('fair_seeds').select('id').where('player_id', '=', player.id).execute()
    expect(pairs).toHaveLength(1)
  })
})
