// Free-spin packs over the API (docs/games.md#free-spins): the operator's grant, the player's list
// and purse, every spin played at the pack's stake with no stake taken and every win paid into
// the bonus balance once, on PGlite and PostgreSQL: under concurrent spins, a double submit and a
// crash between the round and its win.
import { describe, expect, it } from 'vitest'
import { betLimits, studioTitle } from '../../src/shared/games/catalogue'
import { toMajor, toMinor } from '../../src/shared/money'
import { walletPurse } from '../domain/games/purse'
import { DEFAULT_ROUND_RULES, playRound, recoverRounds } from '../domain/games/rounds'
import { checkLedgerInvariant } from '../domain/wallet/invariant'
import { credit, walletOptions } from '../domain/wallet/seamless'
import { apiPlayers, loginPlayers, type ApiPlayer } from '../test/api-player'
import { BACKENDS, useTestApp } from '../test/harness'

const OPERATOR_TOKEN = 'operator-token-for-tests-0123456789abcdef'
const SLOT = 'aurora-lanterns'
const OTHER_SLOT = 'harbour-lights'
const MIN_STAKE = toMajor(BigInt(betLimits(studioTitle(SLOT)!, 'USD')!.min), 'USD')
const FORM = { 'content-type': 'application/x-www-form-urlencoded' }

let keys = 0
const key = () => `fs${Date.now().toString(36)}${(keys++).toString(36).padStart(4, '0')}`

describe.each(BACKENDS)('free-spin packs on %s', (backend) => {
  const t = useTestApp(backend, { config: { operatorToken: OPERATOR_TOKEN } })
  const players = apiPlayers(t, 93, 'freespins-')
  const demo = loginPlayers(t, 'freespins')

  const loginOf = async (player: ApiPlayer) => (await t.database.db.selectFrom('accounts').select('login').where('id', '=', player.id).executeTakeFirstOrThrow()).login
  async function grant(body: Record<string, string>, token = OPERATOR_TOKEN) {
    return t.app.inject({ method: 'POST', url: '/api/operator/grantFreeSpins', headers: { ...FORM, authorization: `Bearer ${token}` }, payload: new URLSearchParams(body).toString() })
  }
  async function grantTo(player: ApiPlayer, count: number, extra: Record<string, string> = {}) {
    const res = await grant({ login: await loginOf(player), game: SLOT, count: String(count), key: key(), ...extra })
    expect(res.statusCode, res.body).toBe(200)
    return res.json().data as { id: string; stake: string; remaining_count: number }
  }
  async function balances(player: ApiPlayer) {
    const rows = await t.database.db.selectFrom('wallets').select(['kind', 'balance']).where('player_id', '=', player.id).execute()
    return Object.fromEntries(rows.map((r) => [r.kind, r.balance])) as Record<string, bigint>
  }
  const spin = (player: ApiPlayer, pack: string, extra: Record<string, string> = {}) =>
    players.post(player, 'games/play', { game: SLOT, amount: MIN_STAKE, bet: '{}', key: key(), free_spin: pack, ...extra })

  it('the operator grants a pack: the slot minimum by default, one pack per key, refusals say which field', async () => {
    const player = await players.newPlayer()
    const login = await loginOf(player)
    const k = key()
    const body = { login, game: SLOT, count: '3', key: k, descriptions: JSON.stringify({ en: 'Three on us', de: 'Drei geschenkt' }) }
    const first = await grant(body)
    expect(first.statusCode, first.body).toBe(200)
    expect(first.json().data).toMatchObject({ game: { sysname: SLOT, name: 'Aurora Lanterns' }, status: 'active', remaining_count: 3, total_count: 3, stake: MIN_STAKE, currency: 'USD', description: 'Three on us', expires_at: null })
    // The same grant again (a retried call) is the same pack; another pack under the key is refused.
    expect((await grant(body)).json().data.id).toBe(first.json().data.id)
    const conflict = await grant({ ...body, count: '4' })
    expect(conflict.statusCode).toBe(400)
    expect(conflict.json().error).toMatchObject({ code: 'free_spins_key_conflict' })
    const notSlot = await grant({ login, game: 'dice-classic', count: '3', key: key() })
    expect(notSlot.json().error).toMatchObject({ code: 'free_spins_game', invalid_parameters: { game: ['free_spins_game'] } })
    const tooBig = await grant({ login, game: SLOT, count: '3', key: key(), stake: '100000.00' })
    expect(tooBig.json().error).toMatchObject({ code: 'free_spins_game', invalid_parameters: { stake: ['free_spins_game'] } })
    const bads: Record<string, string>[] = [{ count: '0' }, { count: '1001' }, { count: 'x' }, { key: 'short' }, { game: '../x' }, { expires_at: 'tomorrow' }]
    for (const bad of bads) {
      const res = await grant({ ...body, key: key(), ...bad })
      expect(res.statusCode, JSON.stringify(bad)).toBe(400)
    }
    expect((await grant({ ...body, login: 'nobody@example.com', key: key() })).json().error.code).toBe('unknown_player')
    expect((await grant({ ...body, key: key() }, 'wrong-token-wrong-token-wrong-token-00')).statusCode).toBe(403)
  })

  it('lists the packs (status, count) and puts the oldest active one on the table; visitors get none', async () => {
    const player = await players.newPlayer()
    const first = await grantTo(player, 2)
    await grantTo(player, 5)
    const list = (await players.get(player, 'freespins/get?status=active&count=99')).json().data
    expect(list.map((p: { remaining_count: number }) => p.remaining_count)).toEqual([5, 2])
    expect((await players.get(player, 'freespins/get?count=1')).json().data).toHaveLength(1)
    expect((await players.get(player, 'freespins/get?status=used')).json().data).toEqual([])
    expect((await players.get(player, 'freespins/get?status=bogus')).statusCode).toBe(400)
    const purse = (await players.get(player, `games/purse?game=${SLOT}`)).json().data
    expect(purse.freeSpins).toEqual({ pack: first.id, stake: MIN_STAKE, remaining: 2, total: 2, expiresAt: null })
    // Another title, play money or a visitor: no pack on the table.
    expect((await players.get(player, `games/purse?game=${OTHER_SLOT}`)).json().data.freeSpins).toBeNull()
    expect((await players.get(player, `games/purse?game=${SLOT}&mode=fun`)).json().data.freeSpins).toBeNull()
    const visitor = await t.app.inject({ method: 'GET', url: '/api/freespins/get' })
    expect(visitor.statusCode).toBe(401)
    expect((await t.app.inject({ method: 'GET', url: `/api/games/purse?game=${SLOT}` })).json().data.freeSpins).toBeNull()
  })

  it('plays every spin at the pack stake: main untouched, each win into bonus once, the pack used up', async () => {
    const player = await players.newPlayer()
    await credit(t.database.db, { provider: 'test-cashier', transactionId: key(), playerId: player.id, currency: 'USD', amount: '10.00', kind: 'deposit' }, walletOptions(t.database.config))
    const pack = await grantTo(player, 4)
    const before = await balances(player)
    let won = 0n
    for (let left = 3; left >= 0; left--) {
      const res = await spin(player, pack.id)
      expect(res.statusCode, res.body).toBe(200)
      const round = res.json().data
      expect(round).toMatchObject({ status: 'settled', mode: 'real', stake: MIN_STAKE, freeSpin: { pack: pack.id, remaining: left } })
      won += toMinor(round.payout, 'USD')
    }
    const after = await balances(player)
    expect(after.main).toBe(before.main)
    expect(after.bonus ?? 0n).toBe((before.bonus ?? 0n) + won)
    // The ledger holds a win entry per paying spin and no stake.
    const entries = await t.database.db
      .selectFrom('ledger_entries as e')
      .innerJoin('wallets as w', 'w.id', 'e.wallet_id')
      .select(['w.kind', 'e.amount', 'e.kind as entryKind'])
      .where('w.player_id', '=', player.id)
      .where('e.kind', '!=', 'deposit')
      .execute()
    expect(entries.every((e) => e.kind === 'bonus' && e.amount > 0n)).toBe(true)
    expect(entries.reduce((s, e) => s + e.amount, 0n)).toBe(won)
    expect(await checkLedgerInvariant(t.database.db)).toEqual([])
    const used = (await players.get(player, 'freespins/get')).json().data[0]
    expect(used).toMatchObject({ id: pack.id, status: 'used', remaining_count: 0 })
    expect((await players.get(player, `games/purse?game=${SLOT}`)).json().data.freeSpins).toBeNull()
    const fifth = await spin(player, pack.id)
    expect(fifth.statusCode).toBe(400)
    expect(fifth.json().error.code).toBe('free_spins_unavailable')
    // The reality check counts no stake of a pack's rounds.
    const session = (await players.get(player, 'games/sessionPlay')).json().data
    expect(session.staked.USD ?? '0.00').toBe('0.00')
  })

  it('refuses a spin on play money, on another game, at another stake, after expiry, or from a visitor', async () => {
    const player = await players.newPlayer()
    const pack = await grantTo(player, 2)
    const refused = async (res: Awaited<ReturnType<typeof spin>>, code: string) => {
      expect(res.statusCode, res.body).toBe(400)
      expect(res.json().error.code).toBe(code)
    }
    await refused(await spin(player, pack.id, { mode: 'fun' }), 'free_spins_unavailable')
    await refused(await spin(player, pack.id, { game: OTHER_SLOT }), 'free_spins_unavailable')
    await refused(await spin(player, pack.id, { amount: '5.00' }), 'bad_bet')
    await refused(await spin(player, '999999'), 'free_spins_unavailable')
    const visitor = await t.app.inject({ method: 'POST', url: '/api/games/play', headers: FORM, payload: new URLSearchParams({ game: SLOT, amount: MIN_STAKE, bet: '{}', key: key(), free_spin: pack.id }).toString() })
    expect(visitor.statusCode).toBe(400)
    expect(visitor.json().error.code).toBe('free_spins_unavailable')
    // Someone else's pack is no pack at all.
    const other = await players.newPlayer()
    await refused(await spin(other, pack.id), 'free_spins_unavailable')
    expect((await players.get(player, 'freespins/get')).json().data[0].remaining_count).toBe(2)

    const soon = await grantTo(player, 1, { expires_at: new Date(Date.now() + 60_000).toISOString() })
    await t.database.db.updateTable('free_spin_packs').set({ expires_at: new Date(Date.now() - 1000) }).where('id', '=', BigInt(soon.id)).execute()
    await refused(await spin(player, soon.id), 'free_spins_unavailable')
    expect((await players.get(player, 'freespins/get?status=expired')).json().data.map((p: { id: string }) => p.id)).toEqual([soon.id])
  })

  it('concurrent spins take no more than the pack holds; one key twice is one spin', async () => {
    const player = await players.newPlayer()
    const pack = await grantTo(player, 3)
    const same = key()
    const twice = await Promise.all([spin(player, pack.id, { key: same }), spin(player, pack.id, { key: same })])
    const ids = twice.filter((r) => r.statusCode === 200).map((r) => r.json().data.id)
    expect(ids.length).toBeGreaterThanOrEqual(1)
    expect(new Set(ids).size).toBe(1)
    const burst = await Promise.all(Array.from({ length: 8 }, () => spin(player, pack.id)))
    for (const res of burst) expect([200, 400], res.body).toContain(res.statusCode)
    // Spins left over after the burst (round_in_progress refusals) are played one by one.
    for (let i = 0; i < 4; i++) await spin(player, pack.id)
    const rounds = await t.database.db.selectFrom('game_rounds').select(['status', 'payout']).where('player_id', '=', player.id).execute()
    expect(rounds).toHaveLength(3)
    expect(rounds.every((r) => r.status === 'settled')).toBe(true)
    const row = await t.database.db.selectFrom('free_spin_packs').select(['remaining_count', 'status']).where('id', '=', BigInt(pack.id)).executeTakeFirstOrThrow()
    expect(row).toEqual({ remaining_count: 0, status: 'used' })
    const paid = rounds.reduce((s, r) => s + (r.payout ?? 0n), 0n)
    expect((await balances(player)).bonus ?? 0n).toBe(paid)
    expect(await checkLedgerInvariant(t.database.db)).toEqual([])
  })

  it('a crash between a winning spin and its payment is paid by the recovery job, once', async () => {
    const player = await players.newPlayer()
    const pack = await grantTo(player, 40)
    const options = () => walletOptions(t.database.config)
    const wallet = walletPurse({ db: t.database.db, options, sessionId: null }, player.id, 'USD', 'real')
    const dying = { ...wallet, credit: async () => Promise.reject(new Error('killed')) }
    const now = new Date()
    let winner: bigint | null = null
    for (let i = 0; i < 40 && winner === null; i++) {
      try {
        await playRound(t.database.db, dying, { game: SLOT, stake: toMinor(MIN_STAKE, 'USD'), bet: {}, clientKey: key(), sessionId: null, now, freeSpinPack: BigInt(pack.id) })
      } catch {
        const row = await t.database.db.selectFrom('game_rounds').select(['id', 'status']).where('player_id', '=', player.id).orderBy('id', 'desc').executeTakeFirstOrThrow()
        expect(row.status).toBe('settling')
        winner = row.id
      }
    }
    expect(winner).not.toBeNull()
    const later = new Date(now.getTime() + DEFAULT_ROUND_RULES.stuckAfterMs + 1000)
    await recoverRounds(t.database.db, () => wallet, later)
    await recoverRounds(t.database.db, () => wallet, later)
    const settled = await t.database.db.selectFrom('game_rounds').select(['status', 'payout']).where('id', '=', winner!).executeTakeFirstOrThrow()
    expect(settled.status).toBe('settled')
    const paid = await t.database.db.selectFrom('game_rounds').select(['payout']).where('player_id', '=', player.id).where('status', '=', 'settled').execute()
    expect((await balances(player)).bonus ?? 0n).toBe(paid.reduce((s, r) => s + (r.payout ?? 0n), 0n))
    expect((await balances(player)).main ?? 0n).toBe(0n)
    expect(await checkLedgerInvariant(t.database.db)).toEqual([])
  })

  it('the demo player starts with packs on a line slot and a cluster slot', async () => {
    const list = (await demo.get('demo@example.com', 'freespins/get?status=active&count=99')).json().data
    expect(list.map((p: { game: { sysname: string } }) => p.game.sysname).sort()).toEqual(['aurora-lanterns', 'pearl-cascade'])
    expect(list.every((p: { description: string }) => p.description.length > 0)).toBe(true)
  })
})
