// Games area: the in-house studio's rounds and provably fair seeds (docs/games.md). Our extension
// of SPEC §7's Games area; the catalogue calls (get, getCategories, ...) come with the games hall.
// A visitor plays and keeps seeds on a demo purse (a signed cookie); a player on their wallet.
import { array, boolean, enums, integer, max, min, nullable, number, object, optional, pattern, record, string, unknown, type Infer } from 'superstruct'
import { SYSNAME_PATTERN } from '../../../shared/games/catalogue-terms'
import { CLIENT_SEED_PATTERN } from '../../../shared/games/fair'
import { defineCall } from './define'
import { wireInteger, wireJson } from './params'
import { DecimalString } from './shapes'

const hex64 = pattern(string(), /^[0-9a-f]{64}$/)

export const SeedsSchema = object({
  /** The pair rounds are played with now: the server seed's SHA-256 only. */
  active: object({ serverSeedHash: hex64, clientSeed: string(), nonce: min(integer(), 0) }),
  /** The pair rotated out last, revealed: its rounds (nonces 0 to rounds - 1) can be recomputed. */
  previous: nullable(object({ serverSeed: hex64, serverSeedHash: hex64, clientSeed: string(), rounds: min(integer(), 0) })),
})
export type Seeds = Infer<typeof SeedsSchema>

/** GET /api/games/getSeeds: the player's (or the visitor's demo purse's) seeds; the first call makes them. */
export const getSeeds = defineCall({
  area: 'games',
  name: 'getSeeds',
  method: 'GET',
  access: 'anyone',
  request: object({}),
  response: SeedsSchema,
})

/**
 * POST /api/games/rotateSeeds: reveals the server seed in use and commits to a new one, with a new
 * client seed if one is given (1 to 64 printable characters, no colon or space).
 */
export const rotateSeeds = defineCall({
  area: 'games',
  name: 'rotateSeeds',
  method: 'POST',
  access: 'anyone',
  request: object({ client_seed: optional(pattern(string(), CLIENT_SEED_PATTERN)) }),
  response: SeedsSchema,
})

const Sysname = pattern(string(), SYSNAME_PATTERN)
const RoundId = pattern(string(), /^[1-9]\d{0,17}$/)
/** The client's id for a round: the same key sent twice (a double click, a retry) is one round. */
const RoundKey = pattern(string(), /^[A-Za-z0-9_-]{8,64}$/)
export const PLAY_MODES = ['real', 'fun'] as const

/** A free-spin pack as the table plays it: the stake each spin is worth and how many are left. */
export const FreeSpinsOnTableSchema = object({
  pack: RoundId,
  stake: DecimalString,
  remaining: min(integer(), 1),
  total: min(integer(), 1),
  expiresAt: nullable(string()),
})
export type FreeSpinsOnTable = Infer<typeof FreeSpinsOnTableSchema>
export type PlayMode = (typeof PLAY_MODES)[number]

export const RoundSchema = object({
  id: RoundId,
  game: string(),
  kind: string(),
  mode: enums(['real', 'fun', 'demo']),
  currency: string(),
  status: enums(['pending', 'open', 'settling', 'settled', 'declined', 'void']),
  stake: DecimalString,
  totalStake: DecimalString,
  payout: nullable(DecimalString),
  multiplier: nullable(number()),
  /** The round's decisions so far: an action answers for this step. */
  step: min(integer(), 0),
  bet: unknown(),
  /** What the player may see of the round: the engine's public view. */
  state: unknown(),
  /** The player's decisions in order, as the engine took them: a verifier replays them (the /fairness page). */
  actions: array(unknown()),
  /** Ended by its stated rule after the player left it. */
  abandoned: boolean(),
  createdAt: string(),
  settledAt: nullable(string()),
  fairness: object({ serverSeedHash: pattern(string(), /^[0-9a-f]{64}$/), clientSeed: string(), nonce: min(integer(), 0), serverSeed: nullable(pattern(string(), /^[0-9a-f]{64}$/)) }),
  /** The balance played from after the round's last move, major units; null when not read. */
  balance: nullable(DecimalString),
  /**
   * A round a free-spin pack paid for (its win went to the bonus balance): the pack, and the spins
   * it has left after this one (null where not read, as in the history).
   */
  freeSpin: optional(nullable(object({ pack: RoundId, remaining: nullable(min(integer(), 0)) }))),
})
export type Round = Infer<typeof RoundSchema>

const PlayModeParam = optional(enums(PLAY_MODES))

/**
 * POST /api/games/play: starts a round of `game` with a first stake of `amount` (major units) and
 * the game's options in `bet` (JSON). An instant game answers settled; a step game answers open.
 * Refusals (InvalidParameterException / UserNeedDepositException) carry a `code` from GameErrorCode.
 */
export const playRound = defineCall({
  area: 'games',
  name: 'play',
  method: 'POST',
  access: 'anyone',
  request: object({
    game: Sysname,
    amount: DecimalString,
    bet: optional(wireJson(record(string(), unknown()))),
    key: RoundKey,
    /** Players: real money (default) or play money. Visitors always play on their demo purse. */
    mode: PlayModeParam,
    /**
     * A player's free-spin pack for this title (the purse's `freeSpins.pack`): the pack pays the
     * stake (its own; `amount` must equal it) and the win goes to the bonus balance. Real money only.
     */
    free_spin: optional(RoundId),
  }),
  response: RoundSchema,
})

/** POST /api/games/act: one decision in an open round (reveal, cash out, hit, hold...), for the step it answers. */
export const actOnRound = defineCall({
  area: 'games',
  name: 'act',
  method: 'POST',
  access: 'anyone',
  request: object({ round: RoundId, step: wireInteger(), action: wireJson(record(string(), unknown())) }),
  response: RoundSchema,
})

/** GET /api/games/openRound: the round in progress in `game`, to resume after a reload; null when none. */
export const getOpenRound = defineCall({
  area: 'games',
  name: 'openRound',
  method: 'GET',
  access: 'anyone',
  request: object({ game: Sysname, mode: PlayModeParam }),
  response: nullable(RoundSchema),
})

/** GET /api/games/rounds: the latest rounds, newest first, of one game or all; `before` pages on. */
export const getRounds = defineCall({
  area: 'games',
  name: 'rounds',
  method: 'GET',
  access: 'anyone',
  request: object({ game: optional(Sysname), limit: optional(max(min(wireInteger(), 1), 50)), before: optional(RoundId), mode: PlayModeParam }),
  response: array(RoundSchema),
})

/** GET /api/games/round: one of the caller's rounds (the verify link). */
export const getRound = defineCall({
  area: 'games',
  name: 'round',
  method: 'GET',
  access: 'anyone',
  request: object({ round: RoundId }),
  response: RoundSchema,
})

export const PurseSchema = object({
  mode: enums(['real', 'fun', 'demo']),
  currency: string(),
  balance: DecimalString,
  /** The game's first-stake limits in this currency, when a game was named. */
  limits: nullable(object({ min: DecimalString, max: DecimalString })),
  /** Responsible play: the shortest time between rounds (ms) and the most rounds one autoplay may run. */
  minRoundMs: min(integer(), 0),
  autoplayMaxRounds: min(integer(), 1),
  /**
   * The player's free-spin pack for the named title, real money only (the oldest active one first):
   * its spins are played before any stake is taken. Null when there is none.
   */
  freeSpins: optional(nullable(FreeSpinsOnTableSchema)),
})
export type Purse = Infer<typeof PurseSchema>

/** GET /api/games/purse: what the game client plays from: a player's balance (real or fun), a visitor's demo purse. */
export const getPurse = defineCall({
  area: 'games',
  name: 'purse',
  method: 'GET',
  access: 'anyone',
  request: object({ game: optional(Sysname), mode: PlayModeParam }),
  response: PurseSchema,
})

export const SessionPlaySchema = object({
  rounds: min(integer(), 0),
  staked: record(string(), DecimalString),
  won: record(string(), DecimalString),
  net: record(string(), DecimalString),
  firstRoundAt: nullable(string()),
  playedMs: min(integer(), 0),
})

/** GET /api/games/sessionPlay: this session's real-money rounds, stakes, wins and time played (the reality check). */
export const getSessionPlay = defineCall({
  area: 'games',
  name: 'sessionPlay',
  method: 'GET',
  access: 'player',
  request: object({}),
  response: SessionPlaySchema,
})

const Multiplier = number()

export const CrashRoundSchema = object({
  id: RoundId,
  game: string(),
  phase: enums(['betting', 'running', 'ended']),
  /** SHA-256 of the round's seed: equal to the seed revealed by the round before (or the chain's commitment). */
  hash: pattern(string(), /^[0-9a-f]{64}$/),
  chain: object({ id: RoundId, commitment: pattern(string(), /^[0-9a-f]{64}$/), index: min(integer(), 0), length: min(integer(), 1) }),
  bettingEndsAt: string(),
  startedAt: nullable(string()),
  crashPoint: nullable(Multiplier),
  seed: nullable(pattern(string(), /^[0-9a-f]{64}$/)),
  endedAt: nullable(string()),
  /** The server's clock when this was sent: the shown multiplier runs from startedAt by it. */
  serverTime: string(),
  /** Growth per ms: multiplier(t) = floor(100 e^(rate t)) / 100. */
  rate: number(),
  cashOuts: array(object({ multiplier: Multiplier, payout: DecimalString, currency: string() })),
  bets: min(integer(), 0),
})
export type CrashRound = Infer<typeof CrashRoundSchema>

export const CrashBetSchema = object({
  id: RoundId,
  roundId: RoundId,
  status: enums(['pending', 'active', 'paying', 'won', 'lost', 'declined', 'void']),
  currency: string(),
  stake: DecimalString,
  autoCashOut: nullable(Multiplier),
  cashedAt: nullable(Multiplier),
  payout: nullable(DecimalString),
})
export type CrashBet = Infer<typeof CrashBetSchema>

export const CrashStateSchema = object({
  round: nullable(CrashRoundSchema),
  bet: nullable(CrashBetSchema),
  history: array(object({ id: RoundId, crashPoint: Multiplier, seed: pattern(string(), /^[0-9a-f]{64}$/), hash: pattern(string(), /^[0-9a-f]{64}$/) })),
})
export type CrashState = Infer<typeof CrashStateSchema>

/** GET /api/games/crashState: the shared round on show, the caller's bet in it and the last crash points. Live: socket topic `crash.{game}`. */
export const getCrashState = defineCall({
  area: 'games',
  name: 'crashState',
  method: 'GET',
  access: 'anyone',
  request: object({ game: Sysname }),
  response: CrashStateSchema,
})

/** POST /api/games/crashBet: a bet on the round taking bets, with an optional automatic cash-out (e.g. 2.5). */
export const placeCrashBet = defineCall({
  area: 'games',
  name: 'crashBet',
  method: 'POST',
  access: 'anyone',
  request: object({ game: Sysname, amount: DecimalString, auto_cash_out: optional(pattern(string(), /^\d{1,7}(\.\d{1,2})?$/)), key: RoundKey, mode: PlayModeParam }),
  response: CrashBetSchema,
})

/** POST /api/games/crashCashOut: cashes the bet out at the multiplier the server's clock gives now. */
export const cashOutCrash = defineCall({
  area: 'games',
  name: 'crashCashOut',
  method: 'POST',
  access: 'anyone',
  request: object({ game: Sysname, bet: RoundId }),
  response: CrashBetSchema,
})
