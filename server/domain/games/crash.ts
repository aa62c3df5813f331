// Crash (docs/games.md#crash): one shared round at a time per crash title. Each round's seed is a
// link of a hash chain (seed[i] = SHA-256(seed[i + 1])), committed to before the chain's first
// round and revealed when the round ends; the crash point comes from HMAC-SHA256 keyed by that
// seed, never from a published hash. The loop (tickCrash) runs on one instance under the job lock;
// bets and cash-outs are checked against the server's clock and the stored times only.
import { randomBytes } from 'node:crypto'
import { sql, type Kysely, type Selectable } from 'kysely'
import { studioTitle, betLimits } from '../../../src/shared/games/catalogue'
import { crashPoint, multiplierAt, timeToReach, validateCrashBet, DEFAULT_CRASH_RULES, type CrashRules } from '../../../src/shared/games/engines/crash'
import { payoutOf } from '../../../src/shared/games/kinds'
import { toMajor } from '../../../src/shared/money'
import type { CrashBetsTable, CrashRoundsTable, DB } from '../../db/schema'
import { runTransaction } from '../../db/transaction'
import { GameError, stakeRefused } from './errors'
import { roundStream, seedHash } from './fair'
import { ownerKey, type Owner } from './owner'
import type { Purse } from './purse'

export const CRASH_CHAIN_LENGTH = 10_000
export const BETTING_MS = 6_000
/** The pause after a crash before the next round takes bets, so the result can be seen. */
export const AFTER_CRASH_MS = 3_000
/** The message of a round's HMAC: `crash:{index}:{cursor}`. */
export const CRASH_CLIENT_SEED = 'crash'

type CrashRound = Selectable<CrashRoundsTable>
type CrashBet = Selectable<CrashBetsTable>

export function crashRules(game: string): CrashRules {
  const title = studioTitle(game)
  if (!title || title.kind !== 'crash') throw new GameError('unknown_game', `No crash game ${JSON.stringify(game)}`)
  return (title.rules as CrashRules | undefined) ?? DEFAULT_CRASH_RULES
}

/** Seed `index` of a chain: the terminal hashed length − 1 − index times. */
export function chainSeed(terminal: string, length: number, index: number): string {
  let seed = terminal
  for (let i = length - 1; i > index; i--) seed = seedHash(seed)
  return seed
}

/** The crash point of a chain round in hundredths (100 is 1.00x), from its seed. */
export function crashPointOf(rules: CrashRules, seed: string, index: number): number {
  return Math.round(crashPoint(roundStream(seed, CRASH_CLIENT_SEED, index), rules) * 100)
}

/** What everyone may see of a round: the seed and the point only once it ended. */
export interface CrashRoundView {
  id: string
  game: string
  phase: 'betting' | 'running' | 'ended'
  /** SHA-256 of this round's seed: the seed revealed before it (or the chain's commitment). */
  hash: string
  chain: { id: string; commitment: string; index: number; length: number }
  bettingEndsAt: string
  startedAt: string | null
  /** Multiplier (e.g. 2.35) and seed, once ended. */
  crashPoint: number | null
  seed: string | null
  endedAt: string | null
  /** The server's clock when this view was made: the client's multiplier runs from it. */
  serverTime: string
  rate: number
  /** Cash-outs so far (no names: amounts and multipliers only). */
  cashOuts: { multiplier: number; payout: string; currency: string }[]
  bets: number
}

export interface CrashBetView {
  id: string
  roundId: string
  status: CrashBet['status']
  currency: string
  stake: string
  autoCashOut: number | null
  cashedAt: number | null
  payout: string | null
}

export interface CrashStateView {
  round: CrashRoundView | null
  /** The caller's bet in the round on show, if any. */
  bet: CrashBetView | null
  /** The last ended rounds' crash points, newest first. */
  history: { id: string; crashPoint: number; seed: string; hash: string }[]
}

async function liveRound(db: Kysely<DB>, game: string): Promise<CrashRound | undefined> {
  return db.selectFrom('crash_rounds').selectAll().where('game', '=', game).where('phase', '<>', 'ended').executeTakeFirst()
}

async function lastRound(db: Kysely<DB>, game: string): Promise<CrashRound | undefined> {
  return db.selectFrom('crash_rounds').selectAll().where('game', '=', game).orderBy('id', 'desc').limit(1).executeTakeFirst()
}

/**
 * One step of a game's loop: opens the next round, starts it when betting closes, pays the
 * automatic cash-outs it reached, ends it at its crash. Returns the round's view when something
 * changed that the players should be told, and when the loop next has something to do, so the
 * caller does not ask the database in between.
 */
export async function tickCrash(db: Kysely<DB>, game: string, purseFor: (bet: CrashBet) => Purse, now: Date): Promise<{ view: CrashRoundView | null; next: Date }> {
  const rules = crashRules(game)
  let round = await liveRound(db, game)
  if (!round) {
    const last = await lastRound(db, game)
    if (last?.ended_at && now.getTime() - last.ended_at.getTime() < AFTER_CRASH_MS) return { view: null, next: new Date(last.ended_at.getTime() + AFTER_CRASH_MS) }
    round = await openNextRound(db, game, rules, now, last)
    return { view: await roundView(db, round, now), next: round.betting_ends_at }
  }
  if (round.phase === 'betting') {
    if (now < round.betting_ends_at) return { view: null, next: round.betting_ends_at }
    const crashesAt = new Date(now.getTime() + timeToReach(rules, round.crash_point / 100))
    const started = await db
      .updateTable('crash_rounds')
      .set({ phase: 'running', started_at: now, crashes_at: crashesAt })
      .where('id', '=', round.id)
      .where('phase', '=', 'betting')
      .returningAll()
      .executeTakeFirst()
    if (!started) return { view: null, next: now }
    return { view: await roundView(db, started, now), next: await nextAutoCashOut(db, rules, started, 0) }
  }
  if (!round.started_at || !round.crashes_at) return { view: null, next: new Date(now.getTime() + 1000) }
  const ended = now >= round.crashes_at
  // Automatic cash-outs the multiplier has reached (all of them that the crash point allows, at the end).
  const reached = ended ? round.crash_point : Math.min(round.crash_point, Math.round(multiplierAt(rules, now.getTime() - round.started_at.getTime()) * 100))
  const auto = await db
    .updateTable('crash_bets')
    // floor(stake × auto / 100): payoutOf's rule for a multiplier of whole hundredths, in one statement.
    .set((eb) => ({ status: 'paying', cashed_at: eb.ref('auto_cash_out'), payout: sql<bigint>`stake * auto_cash_out / 100`, updated_at: now }))
    .where('round_id', '=', round.id)
    .where('status', '=', 'active')
    .where('auto_cash_out', '<=', reached)
    .returningAll()
    .execute()
  if (ended) {
    await db.updateTable('crash_bets').set({ status: 'lost', payout: 0n, updated_at: now }).where('round_id', '=', round.id).where('status', '=', 'active').execute()
    round = await db.updateTable('crash_rounds').set({ phase: 'ended', ended_at: now }).where('id', '=', round.id).returningAll().executeTakeFirstOrThrow()
  }
  await payWinners(db, round.id, purseFor, now)
  const view = ended || auto.length > 0 ? await roundView(db, round, now) : null
  return { view, next: ended ? new Date(now.getTime() + AFTER_CRASH_MS) : await nextAutoCashOut(db, rules, round, reached) }
}

/** When the running round next needs the loop: its crash, or the next automatic cash-out it will reach. */
async function nextAutoCashOut(db: Kysely<DB>, rules: CrashRules, round: CrashRound, reached: number): Promise<Date> {
  const crashesAt = round.crashes_at!
  const next = await db
    .selectFrom('crash_bets')
    .select((eb) => eb.fn.min('auto_cash_out').as('at'))
    .where('round_id', '=', round.id)
    .where('status', '=', 'active')
    .where('auto_cash_out', '>', reached)
    .where('auto_cash_out', '<=', round.crash_point)
    .executeTakeFirst()
  if (next?.at === null || next?.at === undefined) return crashesAt
  const due = new Date(round.started_at!.getTime() + timeToReach(rules, Number(next.at) / 100))
  return due < crashesAt ? due : crashesAt
}

async function payWinners(db: Kysely<DB>, roundId: bigint | null, purseFor: (bet: CrashBet) => Purse, now: Date, before?: Date): Promise<number> {
  let query = db.selectFrom('crash_bets').selectAll().where('status', '=', 'paying')
  if (roundId !== null) query = query.where('round_id', '=', roundId)
  if (before) query = query.where('updated_at', '<', before)
  const paying = await query.execute()
  for (const bet of paying) {
    if (bet.payout === null) continue
    await purseFor(bet).credit({ transactionId: `crash:${bet.id}:win`, amount: bet.payout, roundId: bet.round_id, game: 'crash' })
    await db.updateTable('crash_bets').set({ status: 'won', updated_at: now }).where('id', '=', bet.id).where('status', '=', 'paying').execute()
  }
  return paying.length
}

async function openNextRound(db: Kysely<DB>, game: string, rules: CrashRules, now: Date, last: CrashRound | undefined): Promise<CrashRound> {
  return runTransaction(db, async (trx) => {
    let chain = last ? await trx.selectFrom('crash_chains').selectAll().where('id', '=', last.chain_id).executeTakeFirst() : undefined
    let index = last ? last.idx + 1 : 0
    if (!chain || index >= chain.length) {
      const terminal = randomBytes(32).toString('hex')
      const first = chainSeed(terminal, CRASH_CHAIN_LENGTH, 0)
      chain = await trx
        .insertInto('crash_chains')
        .values({ game, terminal_seed: terminal, length: CRASH_CHAIN_LENGTH, commitment: seedHash(first), created_at: now })
        .returningAll()
        .executeTakeFirstOrThrow()
      index = 0
    }
    const seed = chainSeed(chain.terminal_seed, chain.length, index)
    return trx
      .insertInto('crash_rounds')
      .values({
        game,
        chain_id: chain.id,
        idx: index,
        seed,
        seed_hash: seedHash(seed),
        crash_point: crashPointOf(rules, seed, index),
        phase: 'betting',
        betting_ends_at: new Date(now.getTime() + BETTING_MS),
      })
      .returningAll()
      .executeTakeFirstOrThrow()
  })
}

async function roundView(db: Kysely<DB>, round: CrashRound, now: Date): Promise<CrashRoundView> {
  const chain = await db.selectFrom('crash_chains').select(['id', 'commitment', 'length']).where('id', '=', round.chain_id).executeTakeFirstOrThrow()
  const bets = await db.selectFrom('crash_bets').select(['status', 'cashed_at', 'payout', 'currency']).where('round_id', '=', round.id).where('status', 'in', ['active', 'paying', 'won', 'lost']).execute()
  const ended = round.phase === 'ended'
  return {
    id: String(round.id),
    game: round.game,
    phase: round.phase,
    hash: round.seed_hash,
    chain: { id: String(chain.id), commitment: chain.commitment, index: round.idx, length: chain.length },
    bettingEndsAt: round.betting_ends_at.toISOString(),
    startedAt: round.started_at?.toISOString() ?? null,
    crashPoint: ended ? round.crash_point / 100 : null,
    seed: ended ? round.seed : null,
    endedAt: round.ended_at?.toISOString() ?? null,
    serverTime: now.toISOString(),
    rate: crashRules(round.game).rate,
    cashOuts: bets
      .filter((b) => b.cashed_at !== null && b.payout !== null)
      .map((b) => ({ multiplier: b.cashed_at! / 100, payout: toMajor(b.payout!, b.currency), currency: b.currency })),
    bets: bets.length,
  }
}

function betView(bet: CrashBet): CrashBetView {
  return {
    id: String(bet.id),
    roundId: String(bet.round_id),
    status: bet.status,
    currency: bet.currency,
    stake: toMajor(bet.stake, bet.currency),
    autoCashOut: bet.auto_cash_out === null ? null : bet.auto_cash_out / 100,
    cashedAt: bet.cashed_at === null ? null : bet.cashed_at / 100,
    payout: bet.payout === null ? null : toMajor(bet.payout, bet.currency),
  }
}

/** The round on show (live, else the last), the owner's bet in it, and the recent crash points. */
export async function crashState(db: Kysely<DB>, game: string, owner: Owner | null, now: Date): Promise<CrashStateView> {
  crashRules(game)
  const round = (await liveRound(db, game)) ?? (await lastRound(db, game))
  let bet: CrashBet | undefined
  if (round && owner) {
    const [column, value] = ownerKey(owner)
    bet = await db.selectFrom('crash_bets').selectAll().where('round_id', '=', round.id).where(column, '=', value as never).executeTakeFirst()
  }
  const history = await db
    .selectFrom('crash_rounds')
    .select(['id', 'crash_point', 'seed', 'seed_hash'])
    .where('game', '=', game)
    .where('phase', '=', 'ended')
    .orderBy('id', 'desc')
    .limit(20)
    .execute()
  return {
    round: round ? await roundView(db, round, now) : null,
    bet: bet ? betView(bet) : null,
    history: history.map((r) => ({ id: String(r.id), crashPoint: r.crash_point / 100, seed: r.seed, hash: r.seed_hash })),
  }
}

export interface CrashBetInput {
  game: string
  stake: bigint
  /** e.g. 2.5; null to cash out by hand. */
  autoCashOut: number | null
  clientKey: string
  now: Date
}

/** A bet on the round taking bets: written, then its stake taken from the purse. */
export async function placeCrashBet(db: Kysely<DB>, purse: Purse, input: CrashBetInput): Promise<CrashBetView> {
  const rules = crashRules(input.game)
  const title = studioTitle(input.game)!
  if (purse.mode === 'demo' && !title.demo) throw new GameError('demo_unavailable', 'This game has no demo play')
  const limits = betLimits(title, purse.currency)
  if (!limits) throw new GameError('currency_unavailable', `This game does not take ${purse.currency}`)
  if (input.stake < BigInt(limits.min)) throw new GameError('bet_below_min', 'The bet is below the table minimum', { min: toMajor(BigInt(limits.min), purse.currency) })
  if (input.stake > BigInt(limits.max)) throw new GameError('bet_above_max', 'The bet is above the table maximum', { max: toMajor(BigInt(limits.max), purse.currency) })
  if (input.autoCashOut !== null && validateCrashBet(rules, { autoCashOut: input.autoCashOut })) throw new GameError('bad_bet', 'The automatic cash-out must be 1.01x or more, in hundredths', { reason: 'bad-cash-out' })
  const [column, value] = ownerKey(purse.owner)
  let bet = await db.selectFrom('crash_bets').selectAll().where(column, '=', value as never).where('client_key', '=', input.clientKey).executeTakeFirst()
  if (!bet) {
    if (purse.mode !== 'real') await purse.refill(input.stake, input.clientKey)
    bet = await runTransaction(db, async (trx) => {
      const round = await trx.selectFrom('crash_rounds').selectAll().where('game', '=', input.game).where('phase', '<>', 'ended').executeTakeFirst()
      if (!round || round.phase !== 'betting' || input.now >= round.betting_ends_at) throw new GameError('betting_closed', 'Bets are closed for this round; the next one opens in a moment')
      return trx
        .insertInto('crash_bets')
        .values({
          round_id: round.id,
          player_id: purse.owner.playerId,
          demo_id: purse.owner.demoId,
          mode: purse.mode,
          currency: purse.currency,
          stake: input.stake,
          auto_cash_out: input.autoCashOut === null ? null : Math.round(input.autoCashOut * 100),
          status: 'pending',
          client_key: input.clientKey,
          created_at: input.now,
          updated_at: input.now,
        })
        .returningAll()
        .executeTakeFirstOrThrow()
    }).catch((err: unknown) => {
      if ((err as { code?: string }).code === '23505') throw new GameError('round_in_progress', 'You already have a bet on this round')
      throw err
    })
  } else if (bet.stake !== input.stake) {
    throw new GameError('key_conflict', 'This bet key was used for another bet')
  }
  if (bet.status === 'pending') {
    const taken = await purse.debit({ transactionId: `crash:${bet.id}:bet`, amount: bet.stake, roundId: bet.round_id, game: input.game })
    const status = taken.ok ? 'active' : 'declined'
    bet = (await db.updateTable('crash_bets').set({ status, updated_at: input.now }).where('id', '=', bet.id).where('status', '=', 'pending').returningAll().executeTakeFirst()) ?? bet
    if (!taken.ok) throw stakeRefused(taken, purse.currency, 'bet')
  }
  return betView(bet)
}

/** Cashes the owner's bet out at the multiplier the server's clock says now, if the round has not crashed. */
export async function cashOutCrash(db: Kysely<DB>, purse: Purse, game: string, betId: bigint, now: Date): Promise<CrashBetView> {
  const rules = crashRules(game)
  const [column, value] = ownerKey(purse.owner)
  const cashed = await runTransaction(db, async (trx) => {
    const bet = await trx.selectFrom('crash_bets').selectAll().where('id', '=', betId).where(column, '=', value as never).forUpdate().executeTakeFirst()
    if (!bet) throw new GameError('round_not_found', 'No such bet')
    if (bet.status !== 'active') return bet
    const round = await trx.selectFrom('crash_rounds').selectAll().where('id', '=', bet.round_id).executeTakeFirstOrThrow()
    if (round.phase !== 'running' || !round.started_at || !round.crashes_at) throw new GameError('round_over', round.phase === 'betting' ? 'The round has not started' : 'The round is over')
    if (now >= round.crashes_at) throw new GameError('round_over', 'Too late: the round crashed')
    const at = Math.round(multiplierAt(rules, now.getTime() - round.started_at.getTime()) * 100)
    // An automatic cash-out below the multiplier now came first.
    const multiplier = Math.min(at, bet.auto_cash_out ?? at, round.crash_point)
    if (multiplier < 100) throw new GameError('round_over', 'The round is over')
    return trx
      .updateTable('crash_bets')
      .set({ status: 'paying', cashed_at: multiplier, payout: payoutOf(bet.stake, multiplier / 100), updated_at: now })
      .where('id', '=', bet.id)
      .returningAll()
      .executeTakeFirstOrThrow()
  })
  if (cashed.status === 'paying' && cashed.payout !== null) {
    await purse.credit({ transactionId: `crash:${cashed.id}:win`, amount: cashed.payout, roundId: cashed.round_id, game })
    const won = await db.updateTable('crash_bets').set({ status: 'won', updated_at: now }).where('id', '=', cashed.id).where('status', '=', 'paying').returningAll().executeTakeFirst()
    return betView(won ?? cashed)
  }
  return betView(cashed)
}

/** Recovery: stakes never confirmed go back (void), payouts never confirmed are paid. */
export async function recoverCrashBets(db: Kysely<DB>, purseFor: (bet: CrashBet) => Purse, now: Date, stuckAfterMs: number): Promise<{ voided: number; paid: number }> {
  const before = new Date(now.getTime() - stuckAfterMs)
  const pending = await db.selectFrom('crash_bets').selectAll().where('status', '=', 'pending').where('updated_at', '<', before).limit(100).execute()
  let voided = 0
  for (const bet of pending) {
    await purseFor(bet).rollback({ transactionId: `crash:${bet.id}:bet`, roundId: bet.round_id, game: 'crash' })
    const done = await db.updateTable('crash_bets').set({ status: 'void', payout: 0n, updated_at: now }).where('id', '=', bet.id).where('status', '=', 'pending').executeTakeFirst()
    if (done.numUpdatedRows > 0n) voided++
  }
  // A bet whose stake was confirmed only after its round ended settles as the round did.
  const late = await db
    .selectFrom('crash_bets as b')
    .innerJoin('crash_rounds as r', 'r.id', 'b.round_id')
    .selectAll('b')
    .select('r.crash_point')
    .where('b.status', '=', 'active')
    .where('r.phase', '=', 'ended')
    .limit(100)
    .execute()
  for (const bet of late) {
    const wins = bet.auto_cash_out !== null && bet.auto_cash_out <= bet.crash_point
    await db
      .updateTable('crash_bets')
      .set(wins ? { status: 'paying', cashed_at: bet.auto_cash_out, payout: payoutOf(bet.stake, bet.auto_cash_out! / 100), updated_at: before } : { status: 'lost', payout: 0n, updated_at: now })
      .where('id', '=', bet.id)
      .where('status', '=', 'active')
      .execute()
  }
  const paid = await payWinners(db, null, purseFor, now, new Date(now.getTime() + 1))
  return { voided, paid }
}
