import { describe, expect, it } from 'vitest'
import { STUDIO_TITLES, studioTitle } from '../../src/shared/games/catalogue'
import { KINDS, replayRound } from '../../src/shared/games/kinds'
import { toMinor } from '../../src/shared/money'
import { roundStream } from '../domain/games/fair'
import { playerOwner } from '../domain/games/owner'
import { demoPurse, walletPurse } from '../domain/games/purse'
import { DEFAULT_ROUND_RULES, playRound, recoverRounds } from '../domain/games/rounds'
import { credit, walletOptions } from '../domain/wallet/seamless'
import { checkLedgerInvariant } from '../domain/wallet/invariant'
import { apiPlayers, type ApiPlayer } from '../test/api-player'
import { BACKENDS, cookiePair, PGLITE_ONLY, useTestApp } from '../test/harness'
import { DEMO_COOKIE } from './games'

/** The first title of an engine: the tests play engines, whatever the catalogue names them. */
const titleOf = (kind: string) => STUDIO_TITLES.find((t) => t.kind === kind)?.sysname ?? `no-${kind}-title`
const MINES = titleOf('mines')
const BLACKJACK = titleOf('blackjack')

const FORM = { 'content-type': 'application/x-www-form-urlencoded' }
let keys = 0
const key = () => `k${Date.now().toString(36)}${(keys++).toString(36).padStart(4, '0')}`

describe.each(PGLITE_ONLY)('studio rounds over the API on %s (docs/games.md#rounds)', (backend) => {
  const t = useTestApp(backend)
  const players = apiPlayers(t, 89, 'rounds-')

  async function fund(player: ApiPlayer, amount: string) {
    await credit(t.database.db, { provider: 'test-cashier', transactionId: key(), playerId: player.id, currency: 'USD', amount, kind: 'deposit' }, walletOptions(t.database.config))
  }
  const balanceOf = async (player: ApiPlayer) => (await players.get(player, 'games/purse?game=dice-classic')).json().data.balance as string
  const play = (player: ApiPlayer, body: Record<string, string>) => players.post(player, 'games/play', body)

  it('plays an instant round for real money: one stake, one win, the balance matches the round', async () => {
    const player = await players.newPlayer()
    await fund(player, '50.00')
    const res = await play(player, { game: 'dice-classic', amount: '1.00', bet: JSON.stringify({ target: 50.5, direction: 'over' }), key: key() })
    expect(res.statusCode, res.body).toBe(200)
    const round = res.json().data
    expect(round).toMatchObject({ status: 'settled', mode: 'real', currency: 'USD', stake: '1.00', totalStake: '1.00' })
    const won = toMinor(round.payout, 'USD')
    expect(round.balance).toBe(((5000n - 100n + won) / 100n).toString() + '.' + ((5000n - 100n + won) % 100n).toString().padStart(2, '0'))
    expect(await balanceOf(player)).toBe(round.balance)
    // The round recomputes from its seeds once they are revealed.
    const rotated = (await players.post(player, 'games/rotateSeeds', {})).json().data
    const state = replayRound(KINDS.dice, studioTitle('dice-classic')!.rules, round.bet, [], roundStream(rotated.previous.serverSeed, round.fairness.clientSeed, round.fairness.nonce))
    expect(state).toEqual(round.state)
    const again = (await players.get(player, `games/round?round=${round.id}`)).json().data
    expect(again.fairness.serverSeed).toBe(rotated.previous.serverSeed)
    expect(await checkLedgerInvariant(t.database.db)).toEqual([])
  })

  it('a double-clicked spin (one key twice) is one round and one stake', async () => {
    const player = await players.newPlayer()
    await fund(player, '10.00')
    const body = { game: 'dice-classic', amount: '2.00', bet: JSON.stringify({ target: 50.5, direction: 'over' }), key: key() }
    const [a, b] = await Promise.all([play(player, body), play(player, body)])
    expect(a.statusCode, a.body).toBe(200)
    const ids = [a, b].filter((r) => r.statusCode === 200).map((r) => r.json().data.id)
    expect(new Set(ids).size).toBe(1)
    const rounds = await t.database.db.selectFrom('game_rounds').select('id').where('player_id', '=', player.id).execute()
    expect(rounds).toHaveLength(1)
    const third = await play(player, body)
    expect(third.json().data.id).toBe(ids[0])
    const payout = toMinor(a.json().data.payout, 'USD')
    expect(toMinor(await balanceOf(player), 'USD')).toBe(1000n - 200n + payout)
  })

  it('a player plays for fun on play money, topped up when it runs out, and real money does not move', async () => {
    const player = await players.newPlayer()
    await fund(player, '5.00')
    const res = await play(player, { game: 'dice-classic', amount: '100.00', bet: JSON.stringify({ target: 50.5, direction: 'over' }), key: key(), mode: 'fun' })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data.mode).toBe('fun')
    expect(await balanceOf(player)).toBe('5.00')
    const fun = (await players.get(player, 'games/purse?mode=fun')).json().data
    expect(fun.mode).toBe('fun')
    expect(toMinor(fun.balance, 'USD')).toBe(100000n - 10000n + toMinor(res.json().data.payout, 'USD'))
    expect(await checkLedgerInvariant(t.database.db)).toEqual([])
  })

  it('refuses bets outside the limits, bad options and a balance too small, with a code, and moves nothing', async () => {
    const player = await players.newPlayer()
    await fund(player, '1.00')
    const cases: [Record<string, string>, number, string][] = [
      [{ amount: '0.01' }, 400, 'bet_below_min'],
      [{ amount: '5000' }, 400, 'bet_above_max'],
      [{ amount: '1.001' }, 400, 'bad_bet'],
      [{ bet: JSON.stringify({ target: 99.99, direction: 'over' }) }, 400, 'bad_bet'],
      [{ bet: JSON.stringify({ target: 'x', direction: 'sideways' }) }, 400, 'bad_bet'],
      [{ bet: '{not json' }, 400, ''],
      [{ game: 'no-such-game' }, 400, 'unknown_game'],
      [{ amount: '2.00' }, 422, 'insufficient_funds'],
    ]
    for (const [override, status, code] of cases) {
      const res = await play(player, { game: 'dice-classic', amount: '0.50', bet: JSON.stringify({ target: 50.5, direction: 'over' }), key: key(), ...override })
      expect(res.statusCode, JSON.stringify(override) + res.body).toBe(status)
      if (code) expect(res.json().error.code).toBe(code)
    }
    expect(await balanceOf(player)).toBe('1.00')
  })

  it('mines: opens, resumes after a reload, cashes out once, and a repeated action changes nothing', async () => {
    const player = await players.newPlayer()
    await fund(player, '20.00')
    const started = (await play(player, { game: MINES, amount: '1.00', bet: JSON.stringify({ mines: 1 }), key: key() })).json()
    expect(started.data, JSON.stringify(started)).toMatchObject({ status: 'open', step: 0 })
    expect(started.data.state.mines).toBeNull()
    expect(await balanceOf(player)).toBe('19.00')
    // A reload finds the round where it was.
    const resumed = (await players.get(player, `games/openRound?game=${MINES}`)).json().data
    expect(resumed.id).toBe(started.data.id)
    // Another round of the same game waits for this one.
    const second = await play(player, { game: MINES, amount: '1.00', bet: JSON.stringify({ mines: 1 }), key: key() })
    expect(second.json().error.code).toBe('round_in_progress')
    // Its seed stays secret until it ends: rotating now would show where the mines are.
    const rotate = await players.post(player, 'games/rotateSeeds', {})
    expect(rotate.json().error.code).toBe('round_in_progress')
    let round = started.data
    for (let tile = 0; round.status === 'open' && round.step < 2; tile++) {
      round = (await players.post(player, 'games/act', { round: round.id, step: String(round.step), action: JSON.stringify({ reveal: tile }) })).json().data
    }
    if (round.status === 'open') {
      const cash = { round: round.id, step: String(round.step), action: JSON.stringify({ cashOut: true }) }
      round = (await players.post(player, 'games/act', cash)).json().data
      expect(round.status).toBe('settled')
      const again = await players.post(player, 'games/act', cash)
      expect(again.statusCode, again.body).toBe(200)
      expect(again.json().data.payout).toBe(round.payout)
      const late = await players.post(player, 'games/act', { ...cash, step: String(round.step) })
      expect(late.json().error.code).toBe('round_over')
    }
    expect(round.status).toBe('settled')
    expect(toMinor(await balanceOf(player), 'USD')).toBe(1900n + toMinor(round.payout, 'USD'))
    expect((await players.get(player, `games/openRound?game=${MINES}`)).json().data).toBeNull()
    expect(await checkLedgerInvariant(t.database.db)).toEqual([])
  })

  it('blackjack: a double takes a second stake before its card, and the round pays on the total', async () => {
    const player = await players.newPlayer()
    await fund(player, '100.00')
    let round: { id: string; step: number; status: string; state: { allowed: string[]; phase: string }; totalStake: string; payout: string | null }
    let doubled = false
    for (let tries = 0; tries < 10 && !doubled; tries++) {
      round = (await play(player, { game: BLACKJACK, amount: '2.00', key: key() })).json().data
      if (round.state.phase === 'insurance') round = (await players.post(player, 'games/act', { round: round.id, step: String(round.step), action: JSON.stringify({ action: 'noInsurance' }) })).json().data
      if (round.status !== 'open' || !round.state.allowed.includes('double')) continue
      const before = toMinor(await balanceOf(player), 'USD')
      round = (await players.post(player, 'games/act', { round: round.id, step: String(round.step), action: JSON.stringify({ action: 'double' }) })).json().data
      expect(round.status).toBe('settled')
      expect(round.totalStake).toBe('4.00')
      expect(toMinor(await balanceOf(player), 'USD')).toBe(before - 200n + toMinor(round.payout!, 'USD'))
      doubled = true
    }
    expect(doubled).toBe(true)
    expect(await checkLedgerInvariant(t.database.db)).toEqual([])
  })

  it('a visitor plays on a demo purse held under a signed cookie, refilled when it runs dry', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/games/purse?game=dice-classic' })
    expect(first.statusCode, first.body).toBe(200)
    expect(first.json().data).toMatchObject({ mode: 'demo', currency: 'USD', balance: '1000.00' })
    const cookie = cookiePair(first.headers['set-cookie'], DEMO_COOKIE)!
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/games/play',
      headers: { ...FORM, cookie },
      payload: new URLSearchParams({ game: 'dice-classic', amount: '100.00', bet: JSON.stringify({ target: 1, direction: 'under' }), key: key() }).toString(),
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data.mode).toBe('demo')
    const rounds = (await t.app.inject({ method: 'GET', url: '/api/games/rounds', headers: { cookie } })).json().data
    expect(rounds).toHaveLength(1)
    // Played dry, the purse is filled again: 200 a round at a 1 % chance soon empties 900.
    let lastBalance = res.json().data.balance as string
    let won = res.json().data.payout !== '0.00'
    for (let i = 0; i < 6; i++) {
      const next = await t.app.inject({
        method: 'POST',
        url: '/api/games/play',
        headers: { ...FORM, cookie },
        payload: new URLSearchParams({ game: 'dice-classic', amount: '200.00', bet: JSON.stringify({ target: 1, direction: 'under' }), key: key() }).toString(),
      })
      // Every stake is taken: when the purse held less than 200 it was filled first.
      expect(next.statusCode, next.body).toBe(200)
      if (next.json().data.payout !== '0.00') won = true
      lastBalance = next.json().data.balance
    }
    expect(Number(lastBalance)).toBeGreaterThanOrEqual(0)
    const refills = await t.database.db.selectFrom('demo_entries').select('kind').where('kind', '=', 'refill').execute()
    // The purse's opening is one refill entry; six losses of 200 after 900 needed at least one more.
    if (!won && first.json().data.balance === '1000.00') expect(refills.length).toBeGreaterThanOrEqual(2)
    // A forged cookie is a new purse, never someone else's.
    const forged = await t.app.inject({ method: 'GET', url: '/api/games/rounds', headers: { cookie: cookie.replace(/.$/, (c) => (c === 'x' ? 'y' : 'x')) } })
    expect(forged.json().data).toEqual([])
  })

  it('a crash between stake and payout is finished by the recovery job; a round left open ends by its rule', async () => {
    const player = await players.newPlayer()
    await fund(player, '30.00')
    const options = () => walletOptions(t.database.config)
    const wallet = walletPurse({ db: t.database.db, options, sessionId: null }, player.id, 'USD', 'real')
    // The process dies after taking the stake: its credit never happens.
    const dying = { ...wallet, credit: async () => Promise.reject(new Error('killed')) }
    const session = await t.database.db.selectFrom('sessions').select('id').where('player_id', '=', player.id).executeTakeFirstOrThrow()
    const live = walletPurse({ db: t.database.db, options, sessionId: session.id }, player.id, 'USD', 'real')
    const now = new Date()
    let winner: bigint | null = null
    for (let i = 0; i < 20 && winner === null; i++) {
      try {
        await playRound(t.database.db, { ...live, credit: dying.credit }, { game: 'dice-classic', stake: 100n, bet: { target: 5, direction: 'over' }, clientKey: key(), sessionId: session.id, now })
      } catch {
        const row = await t.database.db.selectFrom('game_rounds').select(['id', 'status', 'payout']).where('player_id', '=', player.id).orderBy('id', 'desc').executeTakeFirstOrThrow()
        expect(row.status).toBe('settling')
        winner = row.id
      }
    }
    expect(winner).not.toBeNull()
    const later = new Date(now.getTime() + DEFAULT_ROUND_RULES.stuckAfterMs + 1000)
    await recoverRounds(t.database.db, () => wallet, later)
    const settled = await t.database.db.selectFrom('game_rounds').select(['status', 'payout']).where('id', '=', winner!).executeTakeFirstOrThrow()
    expect(settled.status).toBe('settled')
    expect(await checkLedgerInvariant(t.database.db)).toEqual([])

    // Mines left with no tile turned: after the stated time it is cashed out at 1x, the stake back.
    const open = await playRound(t.database.db, live, { game: MINES, stake: 100n, bet: { mines: 3 }, clientKey: key(), sessionId: session.id, now })
    expect(open.status).toBe('open')
    await recoverRounds(t.database.db, () => wallet, new Date(now.getTime() + DEFAULT_ROUND_RULES.abandonAfterMs + 60_000))
    const ended = await t.database.db.selectFrom('game_rounds').select(['status', 'payout', 'abandoned']).where('id', '=', BigInt(open.id)).executeTakeFirstOrThrow()
    expect(ended).toMatchObject({ status: 'settled', payout: 100n, abandoned: true })
    void playerOwner
  })
})

// The money rules under real concurrency: many rounds of one player at once, on PostgreSQL.
describe.each(BACKENDS.filter((b) => b === 'postgres'))('studio rounds under concurrency on %s', (backend) => {
  const t = useTestApp(backend)
  const players = apiPlayers(t, 90, 'rounds-pg-')

  it('rounds of several games at once: every stake and win in the ledger, no balance below zero', async () => {
    const player = await players.newPlayer()
    await credit(t.database.db, { provider: 'test-cashier', transactionId: key(), playerId: player.id, currency: 'USD', amount: '5.00', kind: 'deposit' }, walletOptions(t.database.config))
    const games = ['dice-classic', MINES, BLACKJACK]
    const results = await Promise.all(
      Array.from({ length: 24 }, (_, i) => {
        const game = games[i % games.length]!
        const bet = game === 'dice-classic' ? JSON.stringify({ target: 50.5, direction: 'over' }) : game === MINES ? JSON.stringify({ mines: 3 }) : '{}'
        return players.post(player, 'games/play', { game, amount: '1.00', bet, key: key() })
      }),
    )
    for (const res of results) expect([200, 400, 422], res.body).toContain(res.statusCode)
    expect(await checkLedgerInvariant(t.database.db)).toEqual([])
    const rounds = await t.database.db.selectFrom('game_rounds').select(['status', 'total_stake', 'payout']).where('player_id', '=', player.id).execute()
    const staked = rounds.filter((r) => r.status !== 'declined' && r.status !== 'void').reduce((s, r) => s + r.total_stake, 0n)
    const paid = rounds.filter((r) => r.status === 'settled').reduce((s, r) => s + (r.payout ?? 0n), 0n)
    const balance = await t.database.db.selectFrom('wallets').select('balance').where('player_id', '=', player.id).where('kind', '=', 'main').executeTakeFirstOrThrow()
    expect(balance.balance).toBe(500n - staked + paid)
    void demoPurse
  })
})
