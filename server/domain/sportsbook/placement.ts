// Placing a bet: one transaction that takes the stake through the seamless wallet (which locks the
// player's wallets, so the player's limits are read with nothing racing them), re-checks every
// price against the current one under the player's odds-change policy, and stores the bet with
// each leg's price. The placement key makes a double submit one bet.
import { createHash } from 'node:crypto'
import { sql, type Kysely, type Transaction } from 'kysely'
import { textIn } from '../../../src/shared/locales'
import { toMajor, toMinor } from '../../../src/shared/money'
import { betLines, betPotential, combinedPrice, freeBetPayout, MAX_SELECTIONS, type BetKind, type Leg } from '../../../src/shared/sportsbook/bets'
import { priceAccepted, type OddsPolicy, type Price } from '../../../src/shared/sportsbook/odds'
import type { DB } from '../../db/schema'
import { runTransaction } from '../../db/transaction'
import { WalletError } from '../wallet/errors'
import { ensureWallet, lockWallets } from '../wallet/ledger'
import { takeFreeBet } from './bonuses'
import { debit, type WalletOptions } from '../wallet/seamless'
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

/** The same key with another bet behind it: the wallet's idempotency refusal, in the book's words. */
async function stakeOrConflict<T>(take: () => Promise<T>): Promise<T> {
  try {
    return await take()
  } catch (err) {
    if (err instanceof WalletError && err.code === 'idempotency_conflict') throw new SportsbookError('sportsbook_key_conflict', 'Another bet was placed under this key', 'key')
    throw err
  }
}

export async function placeBet(db: Kysely<DB>, input: PlaceInput, wallet: () => WalletOptions, limitsMajor: BetLimitsMajor = DEFAULT_BET_LIMITS): Promise<BetView> {
  const n = input.selections.length
  if (n === 0 || n > MAX_SELECTIONS) throw new SportsbookError('sportsbook_bad_bet', `A bet has 1 to ${MAX_SELECTIONS} selections`, 'selections', { max: MAX_SELECTIONS })
  if (new Set(input.selections.map((s) => s.outcomeId)).size !== n) throw new SportsbookError('sportsbook_bad_bet', 'An outcome is in the bet twice', 'selections')
  const lines = betLines(input.kind, n, input.system)
  if (!lines) throw new SportsbookError('sportsbook_bad_bet', `A ${input.kind}${input.system ? ` (${input.system})` : ''} does not fit ${n} selections`, input.kind === 'system' ? 'system' : 'kind')
  if (input.freeBet !== undefined && input.balance === 'betting_bonus') throw new SportsbookError('sportsbook_bad_bet', 'A free bet is its own stake', 'balance')
  const hash = placementHash(input)
  const funding: Funding = input.freeBet !== undefined ? 'free_bet' : input.balance === 'betting_bonus' ? 'betting_bonus' : 'real'

  return runTransaction(db, async (trx) => {
    const currency = input.currency ?? (await trx.selectFrom('accounts').select(['currency']).where('id', '=', input.playerId).executeTakeFirstOrThrow()).currency
    const limits = limitsIn(currency, limitsMajor)

    const stake = input.stakePerLine * BigInt(lines.length)
    let freeBet: { id: bigint; amount: bigint; minPrice: number } | null = null
    if (input.freeBet !== undefined) {
      if (input.kind === 'system') throw new SportsbookError('sportsbook_bad_bet', 'A free bet places a single or an accumulator', 'free_bet')
      // The bonus's row lock queues a double submit behind the first, which then finds its bet.
      freeBet = await takeFreeBet(trx, input.playerId, input.freeBet, currency, input.now).catch(async (err: unknown) => {
        const placed = await placedUnder(trx, input.playerId, input.key)
        if (placed) return null
        throw err
      })
      const placed = await placedUnder(trx, input.playerId, input.key)
      if (placed) return replayed(trx, input.playerId, placed, hash, input.locale)
      if (!freeBet) throw new SportsbookError('sportsbook_bonus_unavailable', 'The free bet is used', 'free_bet')
      if (stake !== freeBet.amount) throw new SportsbookError('sportsbook_bonus_amount', 'A free bet stakes its own amount', 'stake', { amount: toMajor(freeBet.amount, currency), currency })
      // The player's main wallet row orders their placements, as the stake's debit does for the rest.
      await lockWallets(trx, [await ensureWallet(trx, input.playerId, currency, 'main')])
    } else {
      if (input.stakePerLine < limits.minStake) throw new SportsbookError('sportsbook_stake_below_min', 'The stake is below the minimum', 'stake', { min: toMajor(limits.minStake, currency), currency })
      if (stake > limits.maxStake) throw new SportsbookError('sportsbook_stake_above_max', 'The stake is above the maximum', 'stake', { max: toMajor(limits.maxStake, currency), currency })

      // The stake first: it locks the player's wallets, so two placements of one player queue here
      // and the limits below see every bet placed before this one.
      const taken = await stakeOrConflict(() =>
        debit(
          trx,
          {
            provider: SPORTSBOOK_PROVIDER,
            transactionId: `bet:${input.playerId}:${input.key}`,
            playerId: input.playerId,
            currency,
            amount: toMajor(stake, currency),
            mode: 'real',
            sessionId: input.sessionId,
            from: [input.balance ?? 'main'],
            gameId: hash,
          },
          wallet(),
        ),
      )
      if (taken.replayed) {
        // The key was placed before (the stake and the bet commit together): the same bet, or a conflict.
        const placed = await placedUnder(trx, input.playerId, input.key)
        if (placed) return replayed(trx, input.playerId, placed, hash, input.locale)
      }
      if (taken.answer.status !== 'ok') throw new SportsbookError('insufficient_funds', 'The balance does not cover the stake', 'stake', { balance: taken.answer.balance, currency })
    }

    // Every price as it stands now, read in the transaction: the price at acceptance. Not held
    // FOR SHARE: a popular outcome's row share-locked by many bettors at once becomes a multixact,
    // and placements ran at half the rate; a price replaced a moment after this read is the same
    // race as a bet that came a moment earlier.
    const ids = input.selections.map((s) => {
      if (!/^[1-9]\d{0,17}$/.test(s.outcomeId)) throw new SportsbookError('sportsbook_selection_unknown', `No outcome ${s.outcomeId}`, 'selections', { outcome_id: s.outcomeId })
      return BigInt(s.outcomeId)
    })
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
    const byId = new Map(rows.map((r) => [String(r.id), r]))
    const changed: Array<{ outcome_id: string; price: number | null }> = []
    const legs: Array<{ outcome: OutcomeNow; price: Price }> = []
    for (const s of input.selections) {
      const now = byId.get(s.outcomeId)
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
      lines,
      legs.map((l): Leg => ({ price: l.price, result: { kind: 'open' } })),
    )
    // A free bet returns its winnings only: the stake was the book's.
    const potential = freeBet ? freeBetPayout(gross, stake) : gross
    if (potential > limits.maxPayout) throw new SportsbookError('sportsbook_payout_above_max', 'The potential return is above the maximum payout', 'stake', { max: toMajor(limits.maxPayout, currency), currency })
    await checkExposure(trx, input.playerId, legs.map((l) => l.outcome.event_id), stake, limits, currency)

    // The bet and its legs in one statement, and the answer built from what was read: a
    // placement is a handful of round trips, the most-trodden path of the book.
    const { rows: stored } = await sql<{ id: bigint }>`
      with bet as (
        insert into sb_bets (player_id, placement_key, placement_hash, currency, kind, system, lines, stake_per_line, stake, funding, odds_policy, potential, placed_at, bonus_id)
        values (${input.playerId}, ${input.key}, ${hash}, ${currency}, ${input.kind}, ${input.kind === 'system' ? (input.system ?? null) : null}, ${lines.length},
                ${input.stakePerLine}, ${stake}, ${funding}, ${input.policy}, ${potential}, ${input.now}, ${freeBet ? freeBet.id : null}::bigint)
        returning id
      ), legs as (
        insert into sb_bet_legs (bet_id, position, event_id, outcome_id, price)
        select bet.id, x.position, x.event_id, x.outcome_id, x.price
        from bet, unnest(${legs.map((_, i) => i)}::int[], ${legs.map((l) => String(l.outcome.event_id))}::bigint[], ${legs.map((l) => String(l.outcome.id))}::bigint[], ${legs.map((l) => l.price)}::int[])
          as x(position, event_id, outcome_id, price)
      )
      select id from bet`.execute(trx)
    return {
      id: String(stored[0]!.id),
      kind: input.kind,
      system: input.kind === 'system' ? (input.system ?? null) : null,
      lines: lines.length,
      currency,
      stake_per_line: toMajor(input.stakePerLine, currency),
      stake: toMajor(stake, currency),
      potential: toMajor(potential, currency),
      status: 'open',
      funding,
      payout: null,
      placed_at: input.now.toISOString(),
      settled_at: null,
      legs: legs.map(({ outcome: o, price }) => ({
        event: { id: String(o.event_id), sport: o.sport as BetView['legs'][number]['event']['sport'], home: textIn(o.home.names, input.locale), away: textIn(o.away.names, input.locale), starts_at: o.starts_at.toISOString(), status: o.event_status as BetView['legs'][number]['event']['status'] },
        market: { key: o.market_key, kind: o.kind as BetView['legs'][number]['market']['kind'], line: o.line },
        outcome: { id: String(o.id), key: o.key },
        price,
        result: null,
      })),
      cashouts: [],
    }
  })
}

async function placedUnder(trx: Transaction<DB>, playerId: bigint, key: string): Promise<{ id: bigint; placement_hash: string } | undefined> {
  return trx.selectFrom('sb_bets').select(['id', 'placement_hash']).where('player_id', '=', playerId).where('placement_key', '=', key).executeTakeFirst()
}

async function replayed(trx: Transaction<DB>, playerId: bigint, placed: { id: bigint; placement_hash: string }, hash: string, locale: string): Promise<BetView> {
  if (placed.placement_hash !== hash) throw new SportsbookError('sportsbook_key_conflict', 'Another bet was placed under this key', 'key')
  return readBet(trx, playerId, placed.id, locale)
}

/** The player's open stakes on each event of the bet, and in all, against the book's limits. */
async function checkExposure(trx: Transaction<DB>, playerId: bigint, eventIds: readonly bigint[], stake: bigint, limits: BetLimits, currency: string): Promise<void> {
  const open = await trx.selectFrom('sb_bets').select((eb) => eb.fn.coalesce(eb.fn.sum<bigint>('stake'), eb.val(0n)).as('total')).where('player_id', '=', playerId).where('status', '=', 'open').executeTakeFirstOrThrow()
  if (BigInt(open.total) + stake > limits.maxOpenStake) {
    throw new SportsbookError('sportsbook_player_limit', 'Your open bets have reached the most the book takes', 'stake', { left: toMajor(clampZero(limits.maxOpenStake - BigInt(open.total)), currency), currency })
  }
  const perEvent = await trx
    .selectFrom('sb_bet_legs as l')
    .innerJoin('sb_bets as b', 'b.id', 'l.bet_id')
    .select(['l.event_id', (eb) => eb.fn.sum<bigint>('b.stake').as('total')])
    .where('b.player_id', '=', playerId)
    .where('b.status', '=', 'open')
    .where('l.event_id', 'in', [...eventIds])
    .groupBy('l.event_id')
    .execute()
  for (const row of perEvent) {
    if (BigInt(row.total) + stake > limits.maxEventStake) {
      throw new SportsbookError('sportsbook_event_limit', 'Your bets on this event have reached the most the book takes', 'stake', {
        event_id: String(row.event_id),
        left: toMajor(clampZero(limits.maxEventStake - BigInt(row.total)), currency),
        currency,
      })
    }
  }
}

const clampZero = (x: bigint) => (x > 0n ? x : 0n)

