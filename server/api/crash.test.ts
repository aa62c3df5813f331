import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { STUDIO_TITLES } from '../../src/shared/games/catalogue'
import { timeToReach, type CrashRules } from '../../src/shared/games/engines/crash'
import { toMinor } from '../../src/shared/money'
import { crashPointOf, crashRules, tickCrash } from '../domain/games/crash'
import { demoPurse, walletPurse } from '../domain/games/purse'
import { credit, walletOptions } from '../domain/wallet/seamless'
import { checkLedgerInvariant } from '../domain/wallet/invariant'
import { apiPlayers } from '../test/api-player'
import { PGLITE_ONLY, useTestApp, withClock } from '../test/harness'

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex')
const GAME = STUDIO_TITLES.find((t) => t.kind === 'crash')?.sysname ?? 'no-crash-title'
let keys = 0
const key = () => `c${Date.now().toString(36)}${(keys++).toString(36).padStart(4, '0')}`

describe.each(PGLITE_ONLY)('crash: one shared round on a hash chain, on %s (docs/games.md#crash)', (backend) => {
  const t = useTestApp(backend)
  const players = apiPlayers(t, 91, 'crash-')

  it('takes bets, runs, pays cash-outs by the server clock, crashes, reveals a seed that links the chain', async () => {
    const rules: CrashRules = crashRules(GAME)
    const purseFor = (bet: { player_id: bigint | null; demo_id: string | null; currency: string; mode: string }) =>
      bet.player_id !== null
        ? walletPurse({ db: t.database.db, options: () => walletOptions(t.database.config), sessionId: null }, bet.player_id, bet.currency, 'real')
        : demoPurse(t.database.db, bet.demo_id!, bet.currency, () => new Date())
    const a = await players.newPlayer()
    const b = await players.newPlayer()
    for (const p of [a, b]) await credit(t.database.db, { provider: 'test-cashier', transactionId: key(), playerId: p.id, currency: 'USD', amount: '10.00', kind: 'deposit' }, walletOptions(t.database.config))
    const t0 = new Date(Date.now() + 60_000)
    const opened = await tickCrash(t.database.db, GAME, purseFor, t0)
    expect(opened.view).toMatchObject({ phase: 'betting', crashPoint: null, seed: null })
    const round = await t.database.db.selectFrom('crash_rounds').selectAll().where('id', '=', BigInt(opened.view!.id)).executeTakeFirstOrThrow()
    expect(round.crash_point).toBe(crashPointOf(rules, round.seed, round.idx))
    expect(sha256(round.seed)).toBe(opened.view!.hash)
    const point = round.crash_point

    // A: automatic cash-out at 1.01x; B: cashes out by hand halfway to the crash.
    const betA = await withClock(t.database, new Date(t0.getTime() + 1000), () => players.post(a, 'games/crashBet', { game: GAME, amount: '1.00', auto_cash_out: '1.01', key: key() }))
    expect(betA.statusCode, betA.body).toBe(200)
    const betB = (await withClock(t.database, new Date(t0.getTime() + 1000), () => players.post(b, 'games/crashBet', { game: GAME, amount: '2.00', key: key() }))).json().data
    expect(betB.status).toBe('active')
    const twice = await withClock(t.database, new Date(t0.getTime() + 1500), () => players.post(b, 'games/crashBet', { game: GAME, amount: '2.00', key: key() }))
    expect(twice.json().error.code).toBe('round_in_progress')

    const start = new Date(round.betting_ends_at.getTime())
    const running = await tickCrash(t.database.db, GAME, purseFor, start)
    expect(running.view?.phase).toBe('running')
    const late = await withClock(t.database, new Date(start.getTime() + 10), () => players.post(a, 'games/crashBet', { game: GAME, amount: '1.00', key: key() }))
    expect(late.json().error.code).toBe('betting_closed')

    const half = Math.floor((100 + point) / 2)
    if (half > 100 && half < point) {
      const at = new Date(start.getTime() + timeToReach(rules, half / 100))
      const cashed = (await withClock(t.database, at, () => players.post(b, 'games/crashCashOut', { game: GAME, bet: betB.id }))).json()
      expect(cashed.data, JSON.stringify(cashed)).toMatchObject({ status: 'won', cashedAt: half / 100 })
      expect(toMinor(cashed.data.payout, 'USD')).toBe((200n * BigInt(half)) / 100n)
    }
    const crashesAt = new Date(start.getTime() + timeToReach(rules, point / 100))
    const ended = await tickCrash(t.database.db, GAME, purseFor, crashesAt)
    expect(ended.view).toMatchObject({ phase: 'ended', crashPoint: point / 100, seed: round.seed })
    const after = await withClock(t.database, new Date(crashesAt.getTime() + 5), () => players.post(b, 'games/crashCashOut', { game: GAME, bet: betB.id }))
    // Once settled, a cash-out answers the bet as the round left it (won by hand, or lost with the
    // crash), whatever the crash point drawn: nothing is paid twice, nothing after the crash.
    expect(after.statusCode, after.body).toBe(200)
    expect(after.json().data.status).toBe(half > 100 && half < point ? 'won' : 'lost')

    const bets = await t.database.db.selectFrom('crash_bets').select(['player_id', 'status', 'payout']).where('round_id', '=', round.id).execute()
    const ofA = bets.find((x) => x.player_id === a.id)!
    expect(ofA).toMatchObject(point >= 101 ? { status: 'won', payout: 101n } : { status: 'lost', payout: 0n })

    // The next round's hash is the seed just revealed: SHA-256 links every round to the one before.
    const next = await tickCrash(t.database.db, GAME, purseFor, new Date(crashesAt.getTime() + 3_000))
    expect(next.view?.phase).toBe('betting')
    expect(next.view?.chain.index).toBe(round.idx + 1)
    // seed[i] = SHA-256(seed[i + 1]): the hash shown for this round before it runs is the seed just revealed.
    expect(next.view!.hash).toBe(round.seed)
    expect(await checkLedgerInvariant(t.database.db)).toEqual([])
  })

  it('a visitor sees the state, and every revealed seed hashes to the hash shown before its round', async () => {
    const state = await t.app.inject({ method: 'GET', url: `/api/games/crashState?game=${GAME}` })
    expect(state.statusCode, state.body).toBe(200)
    expect(state.json().data.history.length).toBeGreaterThan(0)
    const purse = await t.app.inject({ method: 'GET', url: `/api/games/purse?game=${GAME}` })
    expect(purse.json().data).toMatchObject({ mode: 'demo', limits: { min: '0.20' } })
    for (const h of state.json().data.history) expect(sha256(h.seed)).toBe(h.hash)
  })
})
