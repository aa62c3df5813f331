// Rounds of the studio's games (docs/games.md#rounds). A round is written before any money moves,
// so a crash at any point leaves a row that says what to finish:
//   pending   the round is drawn, its stake not yet confirmed by the purse
//   open      a multi-step round waiting for the player (an action's extra stake in pending_action)
//   settling  over, its payout not yet confirmed
//   settled / declined (stake refused) / void (stopped by a fault: stakes returned)
// Money moves through the purse only, outside any transaction of ours, each move idempotent by
// `studio:{round}:{step}` ids, so a retry or the recovery job repeats nothing.
import type { Kysely, Selectable, Transaction } from 'kysely'
import { sql } from 'kysely'
import { betLimits, studioTitle, type StudioTitle } from '../../../src/shared/games/catalogue'
import { KINDS, isRoundKind, KindError, payoutOf, type AnyKind } from '../../../src/shared/games/kinds'
import { toMajor } from '../../../src/shared/money'
import type { DB, GameRoundsTable, RoundStatus } from '../../db/schema'
import { runTransaction } from '../../db/transaction'
import { GameError, stakeRefused } from './errors'
import { roundStream } from './fair'
import { ownerKey, type Owner } from './owner'
import { FREE_SPIN_KINDS, packStake, remainingOf, takeFreeSpin } from './free-spins'
import type { Purse } from './purse'
import { takeRoundSeeds } from './seeds'

type RoundRow = Selectable<GameRoundsTable>

export interface RoundRules {
  /** Shortest time between the starts of two rounds of one owner (responsible play); 0 for none. */
  minRoundMs: number
  /** An open round untouched this long is finished by its stated rule. */
  abandonAfterMs: number
  /** A pending stake or action older than this is taken to have failed: its stake goes back. */
  stuckAfterMs: number
}

export const DEFAULT_ROUND_RULES: RoundRules = { minRoundMs: 0, abandonAfterMs: 24 * 3_600_000, stuckAfterMs: 60_000 }

export interface PlayInput {
  game: string
  /** First stake, minor units. */
  stake: bigint
  bet: unknown
  /** The client's id for this round: the same key twice is one round. */
  clientKey: string
  sessionId: string | null
  now: Date
  /** A free-spin pack of the player's to pay the stake (which must be the pack's); its win goes to the bonus balance. */
  freeSpinPack?: bigint | null
}

export interface ActInput {
  roundId: bigint
  /** The round's step the player acted on: an action sent twice for one step is done once. */
  step: number
  action: unknown
  now: Date
}

export interface RoundView {
  id: string
  game: string
  kind: string
  mode: 'real' | 'fun' | 'demo'
  currency: string
  status: RoundStatus
  stake: string
  totalStake: string
  payout: string | null
  multiplier: number | null
  step: number
  bet: unknown
  state: unknown
  /** The decisions taken, in order (the engine's own form of each): what a verifier replays. */
  actions: unknown[]
  abandoned: boolean
  createdAt: string
  settledAt: string | null
  fairness: { serverSeedHash: string; clientSeed: string; nonce: number; serverSeed: string | null }
  /** The purse's balance after this round's last move, major units; null when not read. */
  balance: string | null
  /** The pack that paid for it, and its spins left after it (null where not read). */
  freeSpin: { pack: string; remaining: number | null } | null
}

const UNFINISHED: readonly RoundStatus[] = ['pending', 'open', 'settling']

export function requireTitle(game: string): StudioTitle & { kind: Exclude<StudioTitle['kind'], 'crash'> } {
  const title = studioTitle(game)
  if (!title || !isRoundKind(title.kind)) throw new GameError('unknown_game', `No game ${JSON.stringify(game)}`)
  return title as StudioTitle & { kind: Exclude<StudioTitle['kind'], 'crash'> }
}

const kindOf = (title: StudioTitle): AnyKind => KINDS[title.kind as keyof typeof KINDS]

/** Starts a round: its numbers drawn, its stake taken, and for an instant game its payout paid. */
export async function playRound(db: Kysely<DB>, purse: Purse, input: PlayInput, rules: RoundRules = DEFAULT_ROUND_RULES): Promise<RoundView> {
  const title = requireTitle(input.game)
  if (purse.mode === 'demo' && !title.demo) throw new GameError('demo_unavailable', 'This game has no demo play')
  const kind = kindOf(title)
  const limits = betLimits(title, purse.currency)
  if (!limits) throw new GameError('currency_unavailable', `This game does not take ${purse.currency}`)
  const pack = input.freeSpinPack ?? null
  if (pack !== null) {
    // The operator pays a pack's stake with real money only: never on play money or a demo purse.
    if (purse.mode !== 'real' || purse.owner.playerId === null || !FREE_SPIN_KINDS.includes(title.kind)) {
      throw new GameError('free_spins_unavailable', 'Free spins are played for real money on slots only')
    }
    if (input.stake !== (await packStake(db, purse.owner.playerId, pack))) throw new GameError('bad_bet', 'A free spin is played at its pack\'s stake', { reason: 'bad-amount' })
  }
  if (input.stake < BigInt(limits.min)) throw new GameError('bet_below_min', 'The bet is below the table minimum', { min: toMajor(BigInt(limits.min), purse.currency) })
  if (input.stake > BigInt(limits.max)) throw new GameError('bet_above_max', 'The bet is above the table maximum', { max: toMajor(BigInt(limits.max), purse.currency) })
  let bet: unknown
  try {
    bet = kind.parseBet(title.rules, input.bet, Number(input.stake))
  } catch (err) {
    if (err instanceof KindError) throw new GameError('bad_bet', err.message, { reason: err.code })
    throw err
  }

  const [column, value] = ownerKey(purse.owner)
  const replay = await db.selectFrom('game_rounds').selectAll().where(column, '=', value as never).where('client_key', '=', input.clientKey).executeTakeFirst()
  if (replay) {
    if (replay.game !== title.sysname || replay.stake !== input.stake || replay.free_spin_pack_id !== pack || JSON.stringify(replay.bet) !== JSON.stringify(bet)) {
      throw new GameError('key_conflict', 'This round key was used for another bet')
    }
    return withSpinsLeft(db, await finishFlow(db, purse, replay as RoundRow, input.now))
  }
  if (purse.mode !== 'real') await purse.refill(input.stake, input.clientKey)

  const row = await runTransaction(db, async (trx) => {
    if (rules.minRoundMs > 0) {
      const last = await trx.selectFrom('game_rounds').select('created_at').where(column, '=', value as never).orderBy('id', 'desc').limit(1).executeTakeFirst()
      if (last && input.now.getTime() - last.created_at.getTime() < rules.minRoundMs) throw new GameError('too_fast', 'Rounds have a minimum time; try again in a moment')
    }
    const open = await trx
      .selectFrom('game_rounds')
      .select(['id'])
      .where(column, '=', value as never)
      .where('game', '=', title.sysname)
      .where('status', 'in', [...UNFINISHED])
      .executeTakeFirst()
    if (open) throw new GameError('round_in_progress', 'Finish the round in progress first', { round: String(open.id) })
    // The spin leaves its pack in this transaction: the round and the count are written together.
    const spin = pack === null ? null : await takeFreeSpin(trx, { playerId: purse.owner.playerId!, packId: pack, game: title.sysname, currency: purse.currency, now: input.now })
    const seeds = await takeRoundSeeds(trx, purse.owner)
    const state = kind.start(title.rules, bet, roundStream(seeds.serverSeed, seeds.clientSeed, seeds.nonce))
    const totalStake = BigInt(kind.totalStake(state, Number(input.stake)))
    // Nothing to take from a purse: a free spin's round is drawn straight to paying its win.
    const free = spin !== null && kind.finished(state)
    const inserted = await trx
      .insertInto('game_rounds')
      .values({
        player_id: purse.owner.playerId,
        demo_id: purse.owner.demoId,
        game: title.sysname,
        kind: title.kind,
        mode: purse.mode,
        currency: purse.currency,
        stake: input.stake,
        total_stake: totalStake,
        status: free ? 'settling' : 'pending',
        payout: free ? payoutOf(totalStake, kind.multiplier(state)) : null,
        free_spin_pack_id: pack,
        bet: JSON.stringify(bet),
        state: JSON.stringify(state),
        seeds_id: seeds.seedsId,
        nonce: seeds.nonce,
        client_key: input.clientKey,
        session_id: input.sessionId,
        created_at: input.now,
        updated_at: input.now,
      })
      .returningAll()
      .executeTakeFirstOrThrow()
    return inserted as RoundRow
  }).catch((err: unknown) => {
    // Two rounds of one game started at once: the unique index lets one in.
    if ((err as { code?: string }).code === '23505') throw new GameError('round_in_progress', 'Finish the round in progress first')
    throw err
  })
  return withSpinsLeft(db, await finishFlow(db, purse, row, input.now))
}

/** A free spin's answer says how many spins its pack has left, for the table's counter. */
async function withSpinsLeft(db: Kysely<DB>, view: RoundView): Promise<RoundView> {
  if (!view.freeSpin) return view
  return { ...view, freeSpin: { pack: view.freeSpin.pack, remaining: await remainingOf(db, BigInt(view.freeSpin.pack)) } }
}

/** Takes a multi-step round on by one decision of the player. */
export async function actOnRound(db: Kysely<DB>, purse: Purse, input: ActInput): Promise<RoundView> {
  const [column, value] = ownerKey(purse.owner)
  const prepared = await runTransaction(db, async (trx) => {
    const found = await trx
      .selectFrom('game_rounds')
      .selectAll()
      .where('id', '=', input.roundId)
      .where(column, '=', value as never)
      .forUpdate()
      .executeTakeFirst()
    if (!found) throw new GameError('round_not_found', 'No such round')
    const row: RoundRow = found
    const title = requireTitle(row.game)
    const kind = kindOf(title)
    // The step before sent again (a double click, a retry after a lost answer): the step is done,
    // so the answer is where the round stands now, and nothing moves twice.
    if (input.step === row.step - 1) return { tag: 'replay' as const, row }
    if (row.status !== 'open' || !kind.steps) throw new GameError('round_over', 'This round is over')
    if (input.step !== row.step) throw new GameError('stale_step', 'The round has moved on; here is where it stands', { step: String(row.step) })
    if (row.pending_action) throw new GameError('action_in_progress', 'The last action is still being settled')
    let action: unknown
    try {
      action = kind.steps.parseAction(title.rules, row.state, input.action)
    } catch (err) {
      if (err instanceof KindError) throw new GameError('bad_action', err.message, { reason: err.code })
      throw err
    }
    const extra = kind.steps.extraStake(row.state, action)
    if (extra > 0) {
      const pending = { action, step: row.step, transactionId: `studio:${row.id}:${row.step + 1}` }
      await trx.updateTable('game_rounds').set({ pending_action: JSON.stringify(pending), updated_at: input.now }).where('id', '=', row.id).execute()
      return { tag: 'debit' as const, extra: BigInt(extra), pending, row }
    }
    return { tag: 'applied' as const, row: await applyAction(trx, row, title, action, input.now) }
  })
  if (prepared.tag === 'replay') return viewOf(db, prepared.row, await purse.balance())
  if (prepared.tag === 'applied') return finishFlow(db, purse, prepared.row, input.now)
  const { row, pending, extra } = prepared
  const taken = await purse.debit({ transactionId: pending.transactionId, amount: extra, roundId: row.id, game: row.game })
  if (!taken.ok) {
    await db.updateTable('game_rounds').set({ pending_action: null, updated_at: input.now }).where('id', '=', row.id).execute()
    throw stakeRefused(taken, purse.currency, 'action')
  }
  const applied = await runTransaction(db, async (trx) => {
    const locked = (await trx.selectFrom('game_rounds').selectAll().where('id', '=', row.id).forUpdate().executeTakeFirstOrThrow()) as RoundRow
    return applyAction(trx, locked, requireTitle(locked.game), pending.action, input.now)
  })
  return finishFlow(db, purse, applied, input.now, taken.balance)
}

async function applyAction(trx: Transaction<DB>, row: RoundRow, title: StudioTitle, action: unknown, now: Date): Promise<RoundRow> {
  const kind = kindOf(title)
  const state = kind.steps!.apply(title.rules, row.state, action)
  const finished = kind.finished(state)
  const totalStake = BigInt(kind.totalStake(state, Number(row.stake)))
  const updated = await trx
    .updateTable('game_rounds')
    .set({
      state: JSON.stringify(state),
      actions: JSON.stringify([...(row.actions as unknown as unknown[]), action]),
      step: row.step + 1,
      total_stake: totalStake,
      pending_action: null,
      status: finished ? 'settling' : 'open',
      payout: finished ? payoutOf(totalStake, kind.multiplier(state)) : null,
      updated_at: now,
    })
    .where('id', '=', row.id)
    .returningAll()
    .executeTakeFirstOrThrow()
  return updated as RoundRow
}

/**
 * Moves a round on from wherever it stands to where the player waits or it is settled: takes a
 * pending stake, pays a settling payout. Safe to run again at any point.
 */
async function finishFlow(db: Kysely<DB>, purse: Purse, row: RoundRow, now: Date, balance: bigint | null = null): Promise<RoundView> {
  let current = row
  let last = balance
  if (current.status === 'pending') {
    const taken = await purse.debit({ transactionId: `studio:${current.id}:0`, amount: current.stake, roundId: current.id, game: current.game })
    last = taken.balance
    if (!taken.ok) {
      await setStatus(db, current.id, 'declined', now)
      throw stakeRefused(taken, purse.currency, 'bet')
    }
    const kind = kindOf(requireTitle(current.game))
    const finished = kind.finished(current.state)
    const moved = await db
      .updateTable('game_rounds')
      .set({
        status: finished ? 'settling' : 'open',
        payout: finished ? payoutOf(current.total_stake, kind.multiplier(current.state)) : null,
        updated_at: now,
      })
      .where('id', '=', current.id)
      .where('status', '=', 'pending')
      .returningAll()
      .executeTakeFirst()
    current = moved ?? (await loadRound(db, current.id))
  }
  if (current.status === 'settling') current = await settle(db, purse, current, now, (b) => (last = b))
  return viewOf(db, current, last ?? (await purse.balance()))
}

async function settle(db: Kysely<DB>, purse: Purse, row: RoundRow, now: Date, onBalance: (balance: bigint) => void = () => {}): Promise<RoundRow> {
  const payout = row.payout ?? 0n
  // A losing round pays nothing: no credit, the round just closes (the stake's debit is its record).
  if (payout > 0n) {
    const into = row.free_spin_pack_id === null ? undefined : ('bonus' as const)
    const paid = await purse.credit({ transactionId: `studio:${row.id}:win`, amount: payout, roundId: row.id, game: row.game, into })
    onBalance(paid.balance)
  }
  const done = await db
    .updateTable('game_rounds')
    .set({ status: 'settled', settled_at: now, updated_at: now })
    .where('id', '=', row.id)
    .where('status', '=', 'settling')
    .returningAll()
    .executeTakeFirst()
  return (done as RoundRow | undefined) ?? ((await loadRound(db, row.id)) as RoundRow)
}

async function setStatus(db: Kysely<DB>, id: bigint, status: RoundStatus, now: Date): Promise<void> {
  await db.updateTable('game_rounds').set({ status, updated_at: now }).where('id', '=', id).execute()
}

function loadRound(db: Kysely<DB>, id: bigint) {
  return db.selectFrom('game_rounds').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
}


async function viewOf(db: Kysely<DB>, row: RoundRow, balance: bigint | null): Promise<RoundView> {
  const seeds = await db.selectFrom('fair_seeds').select(['server_seed', 'server_seed_hash', 'client_seed', 'revealed_at']).where('id', '=', row.seeds_id).executeTakeFirstOrThrow()
  return toView(row, seeds, balance)
}

function toView(
  row: RoundRow,
  seeds: { server_seed: string; server_seed_hash: string; client_seed: string; revealed_at: Date | null },
  balance: bigint | null,
): RoundView {
  const title = studioTitle(row.game)
  const kind = title && isRoundKind(title.kind) ? kindOf(title) : null
  return {
    id: String(row.id),
    game: row.game,
    kind: row.kind,
    mode: row.mode,
    currency: row.currency,
    status: row.status,
    stake: toMajor(row.stake, row.currency),
    totalStake: toMajor(row.total_stake, row.currency),
    payout: row.payout === null ? null : toMajor(row.payout, row.currency),
    multiplier: row.payout === null || row.total_stake === 0n ? null : Number((row.payout * 10000n) / row.total_stake) / 10000,
    step: row.step,
    bet: row.bet,
    // The kind's view shows a running round only as far as the player has earned the sight of it.
    state: kind ? kind.view(row.state) : row.state,
    actions: Array.isArray(row.actions) ? (row.actions as unknown[]) : [],
    abandoned: row.abandoned,
    createdAt: row.created_at.toISOString(),
    settledAt: row.settled_at?.toISOString() ?? null,
    fairness: { serverSeedHash: seeds.server_seed_hash, clientSeed: seeds.client_seed, nonce: row.nonce, serverSeed: seeds.revealed_at ? seeds.server_seed : null },
    balance: balance === null ? null : toMajor(balance, row.currency),
    freeSpin: row.free_spin_pack_id === null ? null : { pack: String(row.free_spin_pack_id), remaining: null },
  }
}

/** The owner's unfinished round in a game (a reload resumes it), or null. */
export async function openRound(db: Kysely<DB>, owner: Owner, game: string): Promise<RoundView | null> {
  const [column, value] = ownerKey(owner)
  const row = await db
    .selectFrom('game_rounds')
    .selectAll()
    .where(column, '=', value as never)
    .where('game', '=', game)
    .where('status', 'in', [...UNFINISHED])
    .executeTakeFirst()
  return row ? viewOf(db, row as RoundRow, null) : null
}

/** The owner's latest rounds, newest first, in one game or all. */
export async function recentRounds(db: Kysely<DB>, owner: Owner, options: { game?: string; limit: number; before?: bigint }): Promise<RoundView[]> {
  const [column, value] = ownerKey(owner)
  let query = db
    .selectFrom('game_rounds as r')
    .innerJoin('fair_seeds as s', 's.id', 'r.seeds_id')
    .selectAll('r')
    .select(['s.server_seed', 's.server_seed_hash', 's.client_seed', 's.revealed_at'])
    .where(`r.${column}` as 'r.player_id', '=', value as never)
    .where('r.status', 'in', ['settled', 'open', 'settling', 'void'])
  if (options.game) query = query.where('r.game', '=', options.game)
  if (options.before) query = query.where('r.id', '<', options.before)
  const rows = await query.orderBy('r.id', 'desc').limit(options.limit).execute()
  return rows.map((r) => toView(r as unknown as RoundRow, r, null))
}

/** One of the owner's rounds, for the verify link. */
export async function findRound(db: Kysely<DB>, owner: Owner, id: bigint): Promise<RoundView> {
  const [column, value] = ownerKey(owner)
  const row = await db.selectFrom('game_rounds').selectAll().where('id', '=', id).where(column, '=', value as never).executeTakeFirst()
  if (!row) throw new GameError('round_not_found', 'No such round')
  return viewOf(db, row as RoundRow, null)
}

/** The reality check's figures for a session: rounds, staked, won, net and the time since its first round. */
export async function sessionPlay(db: Kysely<DB>, sessionId: string, now: Date): Promise<{ rounds: number; staked: Record<string, string>; won: Record<string, string>; net: Record<string, string>; firstRoundAt: string | null; playedMs: number }> {
  const rows = await db
    .selectFrom('game_rounds')
    .select(['currency', sql<string>`count(*)`.as('rounds'), sql<string>`coalesce(sum(total_stake) filter (where free_spin_pack_id is null), 0)`.as('staked'), sql<string>`coalesce(sum(payout), 0)`.as('won'), sql<Date>`min(created_at)`.as('first')])
    .where('session_id', '=', sessionId)
    .where('status', '=', 'settled')
    .where('mode', '=', 'real')
    .groupBy('currency')
    .execute()
  const staked: Record<string, string> = {}
  const won: Record<string, string> = {}
  const net: Record<string, string> = {}
  let rounds = 0
  let first: Date | null = null
  for (const r of rows) {
    rounds += Number(r.rounds)
    staked[r.currency] = toMajor(BigInt(r.staked), r.currency)
    won[r.currency] = toMajor(BigInt(r.won), r.currency)
    net[r.currency] = toMajor(BigInt(r.won) - BigInt(r.staked), r.currency)
    const at = new Date(r.first)
    if (!first || at < first) first = at
  }
  return { rounds, staked, won, net, firstRoundAt: first?.toISOString() ?? null, playedMs: first ? Math.max(0, now.getTime() - first.getTime()) : 0 }
}

/**
 * The recovery job: finishes what a crash or a player who left behind. A stake that was never
 * confirmed goes back (the round is void); an extra stake of an action likewise; a payout not yet
 * paid is paid; a round left open longer than the rule allows ends by its stated rule.
 */
export async function recoverRounds(db: Kysely<DB>, purseFor: (row: { player_id: bigint | null; demo_id: string | null; currency: string; mode: string }) => Purse, now: Date, rules: RoundRules = DEFAULT_ROUND_RULES, batch = 100): Promise<{ voided: number; settled: number; abandoned: number; unstuck: number }> {
  const result = { voided: 0, settled: 0, abandoned: 0, unstuck: 0 }
  const stuckBefore = new Date(now.getTime() - rules.stuckAfterMs)
  const abandonBefore = new Date(now.getTime() - rules.abandonAfterMs)
  const rows = (await db
    .selectFrom('game_rounds')
    .selectAll()
    .where('status', 'in', [...UNFINISHED])
    .where('updated_at', '<', stuckBefore)
    .orderBy('updated_at')
    .limit(batch)
    .execute()) as RoundRow[]
  for (const row of rows) {
    const purse = purseFor(row)
    if (row.status === 'pending') {
      await purse.rollback({ transactionId: `studio:${row.id}:0`, roundId: row.id, game: row.game })
      const voided = await db.updateTable('game_rounds').set({ status: 'void', payout: 0n, settled_at: now, updated_at: now }).where('id', '=', row.id).where('status', '=', 'pending').executeTakeFirst()
      if (voided.numUpdatedRows > 0n) result.voided++
      continue
    }
    if (row.status === 'settling') {
      await settle(db, purse, row, now)
      result.settled++
      continue
    }
    const pending = row.pending_action as { transactionId: string } | null
    if (pending) {
      // The action's stake may or may not have been taken: give it back and let the player act again.
      await purse.rollback({ transactionId: pending.transactionId, roundId: row.id, game: row.game })
      await db.updateTable('game_rounds').set({ pending_action: null, updated_at: now }).where('id', '=', row.id).execute()
      result.unstuck++
      continue
    }
    if (row.updated_at < abandonBefore) {
      const title = requireTitle(row.game)
      const kind = kindOf(title)
      const ended = await runTransaction(db, async (trx) => {
        const locked = (await trx.selectFrom('game_rounds').selectAll().where('id', '=', row.id).where('status', '=', 'open').where('pending_action', 'is', null).forUpdate().executeTakeFirst()) as RoundRow | undefined
        if (!locked || !kind.steps) return null
        const state = kind.steps.abandon(title.rules, locked.state)
        const totalStake = BigInt(kind.totalStake(state, Number(locked.stake)))
        return (await trx
          .updateTable('game_rounds')
          .set({ state: JSON.stringify(state), status: 'settling', abandoned: true, total_stake: totalStake, payout: payoutOf(totalStake, kind.multiplier(state)), updated_at: now })
          .where('id', '=', locked.id)
          .returningAll()
          .executeTakeFirstOrThrow()) as RoundRow
      })
      if (ended) {
        await settle(db, purse, ended, now)
        result.abandoned++
      }
    }
  }
  return result
}
