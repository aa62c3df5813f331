// Placing a bet: in the transaction that stores the bet, the stake is taken through the seamless
// wallet (which locks the player's wallets, so the player's limits are read with nothing racing
// them), every price is re-checked against the current one under the player's odds-change policy,
// and the bet is stored with each leg's price. The placement key makes a double submit one bet.
// Placements are group-committed as the wallet's requests are: a batch, several players' bets, is
// one transaction of a few statements whatever its size, each bet decided in memory in arrival
// order against what the ones before it left; a refused bet leaves nothing and fails only itself.
import { createHash } from 'node:crypto'
import { sql, type Kysely, type Transaction } from 'kysely'
import { textIn } from '../../../src/shared/locales'
import { toMajor, toMinor } from '../../../src/shared/money'
import { betLines, betPotential, combinedPrice, freeBetPayout, MAX_SELECTIONS, type BetKind, type Leg } from '../../../src/shared/sportsbook/bets'
import { priceAccepted, type OddsPolicy, type Price } from '../../../src/shared/sportsbook/odds'
import type { DB } from '../../db/schema'
import { runTransaction } from '../../db/transaction'
import { requireCurrency, type CurrencyInfo } from '../wallet/currencies'
import { WalletError } from '../wallet/errors'
import { GroupCommit, type GroupCommitOptions, type Outcome } from '../wallet/group-commit'
import { ensureWallet, lockWallets } from '../wallet/ledger'
import { takeFreeBet } from './bonuses'
import { applyDebits, isTransactionIdTaken, prepareDebit, type DebitOp, type WalletOptions, type WalletResult } from '../wallet/seamless'
import { SportsbookError } from './errors'
import { readBet, type BetView } from './bets-read'

/** The provider name the sportsbook's stakes and payouts carry in the seamless wallet. */
export const SPORTSBOOK_PROVIDER = 'sportsbook'

export interface Selection {
  outcomeId: string
  /** The price the player saw and accepted. */
  price: Price
}

export interface PlaceInput {
  playerId: bigint
  sessionId: string | null
  key: string
  kind: BetKind
  system?: string
  /** Minor units, per line (a system's total is this times its lines). */
  stakePerLine: bigint
  policy: OddsPolicy
  selections: readonly Selection[]
  /** The language of the answer's names. */
  locale: string
  /** The player's currency, when the caller has read it already. */
  currency?: string
  /** A free bet (betting bonus id) that stakes this bet instead of the wallet. */
  freeBet?: string
  /** The balance the stake comes from: main (the default) or the betting bonus, which its returns go back to. */
  balance?: StakeBalance
  now: Date
}

export type StakeBalance = 'main' | 'betting_bonus'

/** What the bet's row says paid its stake: the main balance, the betting bonus, or a free bet (the book). */
export type Funding = 'real' | 'betting_bonus' | 'free_bet'

/** The balance a bet's returns go back into (a win, a void, a cash-out): where its stake came from; a free bet's to main. */
export const paidInto = (funding: string): StakeBalance => (funding === 'betting_bonus' ? 'betting_bonus' : 'main')
const fundingOf = (input: PlaceInput): Funding => (input.freeBet !== undefined ? 'free_bet' : input.balance === 'betting_bonus' ? 'betting_bonus' : 'real')

/** The book's limits, in major units of the player's currency. */
export interface BetLimitsMajor {
  minStake: string
  maxStake: string
  maxPayout: string
  /** What one player may have at stake on one event, over all their open bets. */
  maxEventStake: string
  /** What one player may have at stake in all, over their open bets. */
  maxOpenStake: string
}

export const DEFAULT_BET_LIMITS: BetLimitsMajor = { minStake: '0.10', maxStake: '5000', maxPayout: '100000', maxEventStake: '10000', maxOpenStake: '50000' }

export interface BetLimits {
  minStake: bigint
  maxStake: bigint
  maxPayout: bigint
  maxEventStake: bigint
  maxOpenStake: bigint
}

export function limitsIn(currency: string, limits: BetLimitsMajor = DEFAULT_BET_LIMITS): BetLimits {
  return {
    minStake: toMinor(limits.minStake, currency),
    maxStake: toMinor(limits.maxStake, currency),
    maxPayout: toMinor(limits.maxPayout, currency),
    maxEventStake: toMinor(limits.maxEventStake, currency),
    maxOpenStake: toMinor(limits.maxOpenStake, currency),
  }
}

/** What the placement key stands for: the same key with another bet behind it is refused. */
function placementHash(input: PlaceInput): string {
  return createHash('sha256')
    .update(JSON.stringify([input.kind, input.system ?? null, input.stakePerLine.toString(), input.selections.map((s) => s.outcomeId), input.freeBet ?? null, ...(input.balance === 'betting_bonus' ? ['betting_bonus'] : [])]))
    .digest('hex')
    .slice(0, 32)
}


/** A placement checked on its own, with no database yet: what a batch needs of it. */
interface Placement {
  input: PlaceInput
  lines: number[][]
  hash: string
  wallet: () => WalletOptions
  limitsMajor: BetLimitsMajor
}

export async function placeBet(db: Kysely<DB>, input: PlaceInput, wallet: () => WalletOptions, limitsMajor: BetLimitsMajor = DEFAULT_BET_LIMITS): Promise<BetView> {
  const n = input.selections.length
  if (n === 0 || n > MAX_SELECTIONS) throw new SportsbookError('sportsbook_bad_bet', `A bet has 1 to ${MAX_SELECTIONS} selections`, 'selections', { max: MAX_SELECTIONS })
  if (new Set(input.selections.map((s) => s.outcomeId)).size !== n) throw new SportsbookError('sportsbook_bad_bet', 'An outcome is in the bet twice', 'selections')
  const lines = betLines(input.kind, n, input.system)
  if (!lines) throw new SportsbookError('sportsbook_bad_bet', `A ${input.kind}${input.system ? ` (${input.system})` : ''} does not fit ${n} selections`, input.kind === 'system' ? 'system' : 'kind')
  if (input.freeBet !== undefined && input.balance === 'betting_bonus') throw new SportsbookError('sportsbook_bad_bet', 'A free bet is its own stake', 'balance')
  const placement: Placement = { input, lines, hash: placementHash(input), wallet, limitsMajor }
  return (groups.get(db) ?? configurePlacements(db)).submit(input.playerId.toString(), placement)
}

// ── batches ─────────────────────────────────────────────────────────────────

/**
 * Batches of one process in flight at once, each on its own connection; a player is in one at a
 * time, so their placements keep the order they came in.
 */
const BATCHES_AT_ONCE = 2

/** Batch attempts when another process stored one of the batch's stake ids first (the retry replays it). */
const BATCH_ATTEMPTS = 3

const groups = new WeakMap<Kysely<DB>, GroupCommit<Placement, BetView>>()

/** Batches this process committed and the placements they carried: a figure for benches and tests. */
export const placementStats = { batches: 0, placements: 0 }

/** Sets how a database's placements are batched; placements already queued keep their batcher. */
export function configurePlacements(db: Kysely<DB>, options: GroupCommitOptions = { maxConcurrent: BATCHES_AT_ONCE }): GroupCommit<Placement, BetView> {
  // Found currencies, kept per database: an exponent never changes (ISO 4217).
  const currencies = new Map<string, CurrencyInfo>()
  const group = new GroupCommit<Placement, BetView>((ops) => runBatch(db, ops, currencies), options)
  groups.set(db, group)
  return group
}

async function runBatch(db: Kysely<DB>, ops: Placement[], currencies: Map<string, CurrencyInfo>): Promise<Outcome<BetView>[]> {
  const outcomes: Outcome<BetView>[] = []
  let run: Placement[] = []
  const flush = async () => {
    if (run.length > 0) outcomes.push(...(await commitRun(db, run, currencies)))
    run = []
  }
  for (const op of ops) {
    if (op.input.freeBet === undefined) {
      run.push(op)
      continue
    }
    // A free bet locks its bonus row before the wallets, so it takes a transaction of its own (a
    // batch's locks stay in one order), in its turn (a player's placements stay in theirs).
    await flush()
    outcomes.push(
      await runTransaction(db, (trx) => placeFreeBet(trx, op)).then(
        (value) => ({ ok: true as const, value }),
        (error: unknown) => ({ ok: false as const, error }),
      ),
    )
  }
  await flush()
  return outcomes
}

async function commitRun(db: Kysely<DB>, ops: Placement[], currencies: Map<string, CurrencyInfo>): Promise<Outcome<BetView>[]> {
  placementStats.batches++
  placementStats.placements += ops.length
  for (let attempt = 1; ; attempt++) {
    try {
      return await runTransaction(db, (trx) => placeAll(trx, ops, currencies))
    } catch (err) {
      if (isTransactionIdTaken(err) && attempt < BATCH_ATTEMPTS) continue
      // A fault the batch cannot answer per placement: each alone, so it fails only its own.
      if (ops.length > 1) {
        const outcomes: Outcome<BetView>[] = []
        // One after another, so a player's placements keep their order.
        for (const op of ops) outcomes.push(await commitRun(db, [op], currencies).then(([o]) => o!, (error: unknown) => ({ ok: false as const, error })))
        return outcomes
      }
      throw err
    }
  }
}

/** A placement past its stake checks, with its debit. */
interface Staked {
  /** Its place in the batch. */
  at: number
  op: Placement
  currency: string
  limits: BetLimits
  stake: bigint
}

/** A bet decided: what is stored and answered. */
interface Bet {
  at: number
  input: PlaceInput
  hash: string
  lines: number
  currency: string
  stake: bigint
  potential: bigint
  legs: Array<{ outcome: OutcomeNow; price: Price }>
  freeBetId: bigint | null
  /** Set once stored. */
  id?: bigint
}

/** A bet under a placement key: stored before, or earlier in this batch (its id set once stored). */
interface Placed {
  hash: string
  id?: bigint
}

/**
 * Places a batch of real-money placements in the caller's transaction, one outcome each, in order.
 * A batch is a few statements whatever its size: the currencies of players whose caller did not
 * read them, every outcome of every bet, the wallet's lock-and-read, the players' open stakes and
 * earlier bets under the batch's keys (read under the wallets' lock), the wallet's write, and the
 * bets with their legs.
 */
async function placeAll(trx: Transaction<DB>, ops: readonly Placement[], currencies: Map<string, CurrencyInfo>): Promise<Outcome<BetView>[]> {
  const outcomes: Array<Outcome<BetView> | undefined> = ops.map(() => undefined)
  const unread = [...new Set(ops.filter((op) => op.input.currency === undefined).map((op) => op.input.playerId))]
  const accounts = new Map(unread.length === 0 ? [] : (await trx.selectFrom('accounts').select(['id', 'currency']).where('id', 'in', unread).execute()).map((a) => [a.id, a.currency]))

  const staked: Staked[] = []
  const debits: DebitOp[] = []
  for (const [at, op] of ops.entries()) {
    const { input } = op
    try {
      const currency = input.currency ?? accounts.get(input.playerId)
      if (currency === undefined) throw new WalletError('unknown_player', `No player ${input.playerId}`)
      const limits = limitsIn(currency, op.limitsMajor)
      const stake = input.stakePerLine * BigInt(op.lines.length)
      if (input.stakePerLine < limits.minStake) throw new SportsbookError('sportsbook_stake_below_min', 'The stake is below the minimum', 'stake', { min: toMajor(limits.minStake, currency), currency })
      if (stake > limits.maxStake) throw new SportsbookError('sportsbook_stake_above_max', 'The stake is above the maximum', 'stake', { max: toMajor(limits.maxStake, currency), currency })
      const info = currencies.get(currency) ?? (await requireCurrency(trx, currency))
      currencies.set(info.code, info)
      debits.push(
        prepareDebit(
          {
            provider: SPORTSBOOK_PROVIDER,
            transactionId: `bet:${input.playerId}:${input.key}`,
            playerId: input.playerId,
            currency,
            amount: toMajor(stake, currency),
            mode: 'real',
            sessionId: input.sessionId,
            from: [op.input.balance ?? 'main'],
            gameId: op.hash,
          },
          info,
          op.wallet(),
        ),
      )
      staked.push({ at, op, currency, limits, stake })
    } catch (error) {
      outcomes[at] = { ok: false, error }
    }
  }

  if (debits.length > 0) {
    // Every price as it stands now, read in the transaction: the price at acceptance. Not held
    // FOR SHARE: a popular outcome's row share-locked by many bettors at once becomes a multixact,
    // and placements ran at half the rate; a price replaced a moment after this read is the same
    // race as a bet that came a moment earlier.
    const priced = await readOutcomes(trx, staked.flatMap((s) => s.op.input.selections.map((sel) => sel.outcomeId)))
    const events = [...new Set([...priced.values()].map((o) => o.event_id))]
    const keyOf = (playerId: bigint, key: string) => `${playerId}:${key}`
    let exposure: Exposure | undefined
    const bets: Bet[] = []
    const inBatch = new Map<string, Placed>()
    const replays: Array<{ s: Staked; placed: Placed }> = []

    const taken = await applyDebits(trx, debits, {
      // Under the wallets' lock: a player's bets placed before this batch, here or in another process, all count.
      locked: async () => {
        exposure = await readExposure(
          trx,
          staked.map((s) => ({ playerId: s.op.input.playerId, stake: s.stake, maxEventStake: s.limits.maxEventStake })),
          events,
          staked.map((s) => ({ playerId: s.op.input.playerId, key: s.op.input.key })),
        )
      },
      decided: (j, stake: WalletResult) => {
        const s = staked[j]!
        const { input } = s.op
        const key = keyOf(input.playerId, input.key)
        if (stake.replayed) {
          // The key was placed before (the stake and the bet commit together): the same bet, or a conflict.
          const placed = inBatch.get(key) ?? exposure!.placed.get(key)
          if (placed) return void replays.push({ s, placed })
        }
        const limit = stake.answer.lossLimit
        if (stake.answer.status !== 'ok' && limit) {
          throw new SportsbookError('loss_limit_exceeded', 'This stake could take your losses past your loss limit', 'stake', { available: limit.available, currency: s.currency, period: limit.periodDays })
        }
        if (stake.answer.status !== 'ok') throw new SportsbookError('insufficient_funds', 'The balance does not cover the stake', 'stake', { balance: stake.answer.balance, currency: s.currency })
        const bet = decideBet(s.at, s.op, s.currency, s.limits, s.stake, priced, exposure!, null)
        exposure!.add(input.playerId, bet)
        bets.push(bet)
        inBatch.set(key, bet)
      },
    })
    taken.forEach((outcome, j) => {
      if (!outcome.ok) outcomes[staked[j]!.at] = { ok: false, error: inBookWords(outcome.error) }
    })
    await storeBets(trx, bets)
    for (const bet of bets) outcomes[bet.at] = { ok: true, value: betView(bet) }
    for (const { s, placed } of replays) {
      try {
        outcomes[s.at] = { ok: true, value: await replayed(trx, s.op.input.playerId, placed, s.op.hash, s.op.input.locale) }
      } catch (error) {
        outcomes[s.at] = { ok: false, error }
      }
    }
  }
  return outcomes.map((o) => o ?? { ok: false, error: new Error('A placement of the batch was not answered') })
}

/** The same key with another bet behind it: the wallet's idempotency refusal, in the book's words. */
function inBookWords(err: unknown): unknown {
  if (err instanceof WalletError && err.code === 'idempotency_conflict') return new SportsbookError('sportsbook_key_conflict', 'Another bet was placed under this key', 'key')
  return err
}

/** A free bet: the book stakes it, so nothing is debited; the bonus's row lock orders a double submit. */
async function placeFreeBet(trx: Transaction<DB>, op: Placement): Promise<BetView> {
  const { input } = op
  const currency = input.currency ?? (await trx.selectFrom('accounts').select(['currency']).where('id', '=', input.playerId).executeTakeFirstOrThrow()).currency
  const limits = limitsIn(currency, op.limitsMajor)
  const stake = input.stakePerLine * BigInt(op.lines.length)
  if (input.kind === 'system') throw new SportsbookError('sportsbook_bad_bet', 'A free bet places a single or an accumulator', 'free_bet')
  // The bonus's row lock queues a double submit behind the first, which then finds its bet.
  const freeBet = await takeFreeBet(trx, input.playerId, input.freeBet!, currency, input.now).catch(async (err: unknown) => {
    const placed = await placedUnder(trx, input.playerId, input.key)
    if (placed) return null
    throw err
  })
  const placed = await placedUnder(trx, input.playerId, input.key)
  if (placed) return replayed(trx, input.playerId, placed, op.hash, input.locale)
  if (!freeBet) throw new SportsbookError('sportsbook_bonus_unavailable', 'The free bet is used', 'free_bet')
  if (stake !== freeBet.amount) throw new SportsbookError('sportsbook_bonus_amount', 'A free bet stakes its own amount', 'stake', { amount: toMajor(freeBet.amount, currency), currency })
  // The player's main wallet row orders their placements, as the stake's debit does for the rest.
  await lockWallets(trx, [await ensureWallet(trx, input.playerId, currency, 'main')])
  const priced = await readOutcomes(
    trx,
    input.selections.map((s) => s.outcomeId),
  )
  const exposure = await readExposure(trx, [{ playerId: input.playerId, stake, maxEventStake: limits.maxEventStake }], [...new Set([...priced.values()].map((o) => o.event_id))], [])
  const bet = decideBet(0, op, currency, limits, stake, priced, exposure, freeBet)
  await storeBets(trx, [bet])
  return betView(bet)
}

// ── the steps ───────────────────────────────────────────────────────────────

interface OutcomeNow {
  id: bigint
  key: string
  price: number | null
  market_status: string
  market_key: string
  kind: string
  line: number | null
  event_id: bigint
  event_status: string
  suspended: boolean
  sport: string
  home: { names: Record<string, string> }
  away: { names: Record<string, string> }
  starts_at: Date
}

const OUTCOME_ID = /^[1-9]\d{0,17}$/

/** The outcomes as they stand now, with their markets and events, by id; ids that are not ids are left out. */
async function readOutcomes(trx: Transaction<DB>, outcomeIds: readonly string[]): Promise<Map<string, OutcomeNow>> {
  const ids = [...new Set(outcomeIds.filter((id) => OUTCOME_ID.test(id)))].map(BigInt)
  if (ids.length === 0) return new Map()
  const rows: OutcomeNow[] = await trx
    .selectFrom('sb_outcomes as o')
    .innerJoin('sb_markets as m', 'm.id', 'o.market_id')
    .innerJoin('sb_events as e', 'e.id', 'o.event_id')
    .select([
      'o.id',
      'o.key',
      'o.price',
      'm.status as market_status',
      'm.key as market_key',
      'm.kind',
      'm.line',
      'e.id as event_id',
      'e.status as event_status',
      'e.suspended',
      'e.sport',
      'e.home',
      'e.away',
      'e.starts_at',
    ])
    .where('o.id', 'in', ids)
    .execute()
  return new Map(rows.map((r) => [String(r.id), r]))
}

/** A player of the batch: their stakes in it, and the least of their bets' per-event limits. */
interface Bettor {
  playerId: bigint
  stake: bigint
  maxEventStake: bigint
}

/**
 * The players' open stakes, in all and per event, against the book's limits, and the bets already
 * under placement keys. Read under the wallets' lock, then kept as the batch's bets are accepted,
 * so each bet sees every bet of its player placed before it.
 */
class Exposure {
  /** Open stakes in all, per player. */
  private readonly open = new Map<bigint, bigint>()
  /** Open stakes per player and event: present only where the player has an open bet on the event. */
  private readonly perEvent = new Map<string, bigint>()
  /** Bets stored under `${player}:${key}`. */
  readonly placed = new Map<string, Placed>()
  /**
   * Players whose open stakes with the batch's could reach an event's limit, so theirs per event
   * were read. For the others no event check can fail: a bet has one leg an event at most, so what
   * is open on one event is never more than what is open in all.
   */
  private readonly near = new Set<bigint>()

  constructor(open: ReadonlyMap<bigint, bigint>, bettors: readonly Bettor[]) {
    for (const [playerId, total] of open) this.open.set(playerId, total)
    for (const [playerId, room] of roomPerPlayer(bettors)) if ((this.open.get(playerId) ?? 0n) > room) this.near.add(playerId)
  }

  setEvent(playerId: bigint, eventId: bigint, total: bigint): void {
    this.perEvent.set(`${playerId}:${eventId}`, total)
  }

  check(playerId: bigint, eventIds: readonly bigint[], stake: bigint, limits: BetLimits, currency: string): void {
    const open = this.open.get(playerId) ?? 0n
    if (open + stake > limits.maxOpenStake) {
      throw new SportsbookError('sportsbook_player_limit', 'Your open bets have reached the most the book takes', 'stake', { left: toMajor(clampZero(limits.maxOpenStake - open), currency), currency })
    }
    if (!this.near.has(playerId)) return
    for (const eventId of new Set(eventIds)) {
      const total = this.perEvent.get(`${playerId}:${eventId}`)
      if (total !== undefined && total + stake > limits.maxEventStake) {
        throw new SportsbookError('sportsbook_event_limit', 'Your bets on this event have reached the most the book takes', 'stake', {
          event_id: String(eventId),
          left: toMajor(clampZero(limits.maxEventStake - total), currency),
          currency,
        })
      }
    }
  }

  /** A bet accepted: its stake counts for the player's next ones, once per leg as the stored legs sum it. */
  add(playerId: bigint, bet: Bet): void {
    this.open.set(playerId, (this.open.get(playerId) ?? 0n) + bet.stake)
    for (const { outcome } of bet.legs) {
      const key = `${playerId}:${outcome.event_id}`
      this.perEvent.set(key, (this.perEvent.get(key) ?? 0n) + bet.stake)
    }
  }
}

/**
 * Per player, what their open stakes may come to before any event's limit could be reached by the
 * batch's bets: the least per-event limit of their bets less all they stake in the batch.
 */
function roomPerPlayer(bettors: readonly Bettor[]): Map<bigint, bigint> {
  const least = new Map<bigint, bigint>()
  const staked = new Map<bigint, bigint>()
  for (const b of bettors) {
    const limit = least.get(b.playerId)
    if (limit === undefined || b.maxEventStake < limit) least.set(b.playerId, b.maxEventStake)
    staked.set(b.playerId, (staked.get(b.playerId) ?? 0n) + b.stake)
  }
  return new Map([...least].map(([playerId, limit]) => [playerId, limit - staked.get(playerId)!]))
}

/**
 * One statement: the players' open stakes in all; per event (of those given) for the players near
 * an event's limit only, as the legs are the costly part; and their bets under the keys given.
 */
async function readExposure(trx: Transaction<DB>, bettors: readonly Bettor[], eventIds: readonly bigint[], keys: ReadonlyArray<{ playerId: bigint; key: string }>): Promise<Exposure> {
  const rooms = [...roomPerPlayer(bettors)]
  const { rows } = await sql<{ player_id: bigint; event_id: bigint | null; total: bigint | null; id: bigint | null; placement_key: string | null; placement_hash: string | null }>`
    with open as materialized (
      select player_id, sum(stake)::bigint as total from sb_bets
      where player_id = any(${rooms.map(([playerId]) => String(playerId))}::bigint[]) and status = 'open'
      group by player_id
    )
    select player_id, null::bigint as event_id, total, null::bigint as id, null::text as placement_key, null::text as placement_hash from open
    union all
    select b.player_id, l.event_id, sum(b.stake)::bigint, null, null, null
    from sb_bets b join sb_bet_legs l on l.bet_id = b.id
    where b.player_id = any(array(
        select o.player_id from open o join unnest(${rooms.map(([playerId]) => String(playerId))}::bigint[], ${rooms.map(([, room]) => String(room))}::bigint[]) as r(player_id, room)
          on r.player_id = o.player_id
        where o.total > r.room))
      and b.status = 'open' and l.event_id = any(${eventIds.map(String)}::bigint[])
    group by b.player_id, l.event_id
    union all
    select k.player_id, null, null, b.id, k.placement_key, b.placement_hash
    from unnest(${keys.map((k) => String(k.playerId))}::bigint[], ${keys.map((k) => k.key)}::text[]) as k(player_id, placement_key)
    -- one index probe a key, whatever the planner thinks of the table's size
    cross join lateral (select id, placement_hash from sb_bets where player_id = k.player_id and placement_key = k.placement_key limit 1) b`.execute(trx)
  const open = new Map<bigint, bigint>()
  for (const r of rows) if (r.id === null && r.event_id === null) open.set(r.player_id, r.total!)
  const exposure = new Exposure(open, bettors)
  for (const r of rows) {
    if (r.id !== null) exposure.placed.set(`${r.player_id}:${r.placement_key}`, { id: r.id, hash: r.placement_hash! })
    else if (r.event_id !== null) exposure.setEvent(r.player_id, r.event_id, r.total!)
  }
  return exposure
}

/**
 * A bet's checks after its stake, in the order a player is told of the first that fails: every
 * selection known, open and at an accepted price; one selection per event in a combination; a free
 * bet's least odds; the payout; the player's open stakes. Answers the bet to store.
 */
function decideBet(
  at: number,
  op: Placement,
  currency: string,
  limits: BetLimits,
  stake: bigint,
  priced: ReadonlyMap<string, OutcomeNow>,
  exposure: Exposure,
  freeBet: { id: bigint; amount: bigint; minPrice: number } | null,
): Bet {
  const { input } = op
  for (const s of input.selections) {
    if (!OUTCOME_ID.test(s.outcomeId)) throw new SportsbookError('sportsbook_selection_unknown', `No outcome ${s.outcomeId}`, 'selections', { outcome_id: s.outcomeId })
  }
  const changed: Array<{ outcome_id: string; price: number | null }> = []
  const legs: Array<{ outcome: OutcomeNow; price: Price }> = []
  for (const s of input.selections) {
    const now = priced.get(s.outcomeId)
    if (!now) throw new SportsbookError('sportsbook_selection_unknown', `No outcome ${s.outcomeId}`, 'selections', { outcome_id: s.outcomeId })
    const open = now.price !== null && now.market_status === 'open' && !now.suspended && (now.event_status === 'scheduled' || now.event_status === 'live')
    if (!open) throw new SportsbookError('sportsbook_selection_closed', 'A selection is not open for betting', 'selections', { outcome_id: s.outcomeId })
    if (!priceAccepted(s.price, now.price!, input.policy)) changed.push({ outcome_id: s.outcomeId, price: now.price })
    legs.push({ outcome: now, price: now.price! })
  }
  if (changed.length > 0) throw new SportsbookError('sportsbook_price_changed', 'The odds changed', 'selections', { changes: changed })
  if (input.kind !== 'single') {
    const events = legs.map((l) => String(l.outcome.event_id))
    const twice = events.find((e, i) => events.indexOf(e) !== i)
    if (twice) throw new SportsbookError('sportsbook_same_event', 'Two selections of one event cannot be combined', 'selections', { event_id: twice })
  }

  if (freeBet && combinedPrice(legs.map((l) => l.price)) < freeBet.minPrice) {
    throw new SportsbookError('sportsbook_bonus_odds', 'The free bet needs higher odds', 'selections', { min_price: freeBet.minPrice })
  }
  const gross = betPotential(
    input.stakePerLine,
    op.lines,
    legs.map((l): Leg => ({ price: l.price, result: { kind: 'open' } })),
  )
  // A free bet returns its winnings only: the stake was the book's.
  const potential = freeBet ? freeBetPayout(gross, stake) : gross
  if (potential > limits.maxPayout) throw new SportsbookError('sportsbook_payout_above_max', 'The potential return is above the maximum payout', 'stake', { max: toMajor(limits.maxPayout, currency), currency })
  exposure.check(
    input.playerId,
    legs.map((l) => l.outcome.event_id),
    stake,
    limits,
    currency,
  )
  return { at, input, hash: op.hash, lines: op.lines.length, currency, stake, potential, legs, freeBetId: freeBet?.id ?? null }
}

/** Every bet and its legs in one statement, whatever their number; sets each bet's id. */
async function storeBets(trx: Transaction<DB>, bets: Bet[]): Promise<void> {
  if (bets.length === 0) return
  const legs = bets.flatMap((b) => b.legs.map((l, position) => ({ b, l, position })))
  const { rows } = await sql<{ id: bigint; player_id: bigint; placement_key: string }>`
    with bet as (
      insert into sb_bets (player_id, placement_key, placement_hash, currency, kind, system, lines, stake_per_line, stake, funding, odds_policy, potential, placed_at, bonus_id)
      select * from unnest(
        ${bets.map((b) => String(b.input.playerId))}::bigint[], ${bets.map((b) => b.input.key)}::text[], ${bets.map((b) => b.hash)}::text[], ${bets.map((b) => b.currency)}::text[],
        ${bets.map((b) => b.input.kind)}::text[], ${bets.map((b) => (b.input.kind === 'system' ? (b.input.system ?? null) : null))}::text[], ${bets.map((b) => b.lines)}::int[],
        ${bets.map((b) => String(b.input.stakePerLine))}::bigint[], ${bets.map((b) => String(b.stake))}::bigint[], ${bets.map((b) => fundingOf(b.input))}::text[],
        ${bets.map((b) => b.input.policy)}::text[], ${bets.map((b) => String(b.potential))}::bigint[], ${bets.map((b) => b.input.now.toISOString())}::timestamptz[],
        ${bets.map((b) => (b.freeBetId === null ? null : String(b.freeBetId)))}::bigint[])
      returning id, player_id, placement_key
    ), legs as (
      insert into sb_bet_legs (bet_id, position, event_id, outcome_id, price)
      select bet.id, x.position, x.event_id, x.outcome_id, x.price
      from unnest(${legs.map((x) => String(x.b.input.playerId))}::bigint[], ${legs.map((x) => x.b.input.key)}::text[], ${legs.map((x) => x.position)}::int[],
                  ${legs.map((x) => String(x.l.outcome.event_id))}::bigint[], ${legs.map((x) => String(x.l.outcome.id))}::bigint[], ${legs.map((x) => x.l.price)}::int[])
        as x(player_id, placement_key, position, event_id, outcome_id, price)
      join bet on bet.player_id = x.player_id and bet.placement_key = x.placement_key
    )
    select id, player_id, placement_key from bet`.execute(trx)
  const ids = new Map(rows.map((r) => [`${r.player_id}:${r.placement_key}`, r.id]))
  for (const b of bets) b.id = ids.get(`${b.input.playerId}:${b.input.key}`)!
}

/** The answer, built from what was read: a placement reads nothing back. */
function betView(bet: Bet): BetView {
  const { input, currency } = bet
  return {
    id: String(bet.id),
    kind: input.kind,
    system: input.kind === 'system' ? (input.system ?? null) : null,
    lines: bet.lines,
    currency,
    stake_per_line: toMajor(input.stakePerLine, currency),
    stake: toMajor(bet.stake, currency),
    potential: toMajor(bet.potential, currency),
    status: 'open',
    funding: fundingOf(input),
    payout: null,
    placed_at: input.now.toISOString(),
    settled_at: null,
    legs: bet.legs.map(({ outcome: o, price }) => ({
      event: { id: String(o.event_id), sport: o.sport as BetView['legs'][number]['event']['sport'], home: textIn(o.home.names, input.locale), away: textIn(o.away.names, input.locale), starts_at: o.starts_at.toISOString(), status: o.event_status as BetView['legs'][number]['event']['status'] },
      market: { key: o.market_key, kind: o.kind as BetView['legs'][number]['market']['kind'], line: o.line },
      outcome: { id: String(o.id), key: o.key },
      price,
      result: null,
    })),
    cashouts: [],
  }
}

async function placedUnder(trx: Transaction<DB>, playerId: bigint, key: string): Promise<Placed | undefined> {
  const row = await trx.selectFrom('sb_bets').select(['id', 'placement_hash']).where('player_id', '=', playerId).where('placement_key', '=', key).executeTakeFirst()
  return row && { id: row.id, hash: row.placement_hash }
}

async function replayed(trx: Transaction<DB>, playerId: bigint, placed: Placed, hash: string, locale: string): Promise<BetView> {
  if (placed.hash !== hash) throw new SportsbookError('sportsbook_key_conflict', 'Another bet was placed under this key', 'key')
  return readBet(trx, playerId, placed.id!, locale)
}

const clampZero = (x: bigint) => (x > 0n ? x : 0n)
