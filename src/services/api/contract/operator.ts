// Operator area: what the casino's staff do to a player account (ban, lift a ban, self-exclude on
// the player's request). Not a player call and not in SPEC §7: the routes answer only with
// `Authorization: Bearer <OPERATOR_TOKEN>` and do not exist when OPERATOR_TOKEN is unset (README).
import { array, assign, boolean, enums, integer, max, min, nullable, number, object, optional, pattern, record, refine, size, string, type Infer } from 'superstruct'
import { SYSNAME_PATTERN } from '../../../shared/games/catalogue-terms'
import { LOCALES } from '../../../shared/locales'
import { SELF_EXCLUSION_PERIODS } from '../../../shared/self-exclusion'
import { FEEDBACK_TOPICS } from '../../../shared/support-feedback'
import { isPrice, PRICE_SCALE } from '../../../shared/sportsbook/odds'
import { BAN_TYPES } from './account'
import { defineCall } from './define'
import { BettingBonusSchema } from './betting-bonuses'
import { FreeSpinPackSchema } from './free-spins'
import { wireInteger, wireJson } from './params'
import { DecimalString } from './shapes'
import { VERIFICATION_STATUSES } from './verification'
import { ChatMessageSchema, ChatThreadSchema } from './support'

/** Failure codes of this area. */
export const OPERATOR_ERROR_CODE = {
  /** AccessDeniedException 403: no or a wrong bearer token. */
  badToken: 'operator_token',
  /** InvalidParameterException 400: no account has that login, e-mail or phone. */
  unknownPlayer: 'unknown_player',
  /** InvalidRequestException 400: the player is already self-excluded for longer. */
  selfExclusionShorter: 'self_exclusion_shorter',
  /** InvalidRequestException 400: the content has a broken file; the last good content stays. */
  contentInvalid: 'content_invalid',
  /** InvalidParameterException 400: the game takes no free spins (not a slot, or not in the player's currency), or the stake is outside its limits. */
  freeSpinsGame: 'free_spins_game',
  /** InvalidRequestException 409-like 400: this grant key was used for a different pack. */
  freeSpinsKeyConflict: 'free_spins_key_conflict',
} as const

export const PlayerStatusSchema = object({
  login: string(),
  banned: boolean(),
  ban_type: nullable(string()),
  self_excluded: boolean(),
  /** ISO 8601 end of the self-exclusion; null when none applies or it is permanent. */
  self_excluded_until: nullable(string()),
})
export type PlayerStatus = Infer<typeof PlayerStatusSchema>

/** The player by login, e-mail or phone, as at login. */
const player = size(string(), 1, 254)

/** POST /api/operator/banPlayer: the player's next call (and login) answers UserBannedException. */
export const banPlayer = defineCall({
  area: 'operator',
  name: 'banPlayer',
  method: 'POST',
  access: 'operator',
  request: object({ login: player, ban_type: enums(BAN_TYPES) }),
  response: PlayerStatusSchema,
})

/** POST /api/operator/unbanPlayer. */
export const unbanPlayer = defineCall({
  area: 'operator',
  name: 'unbanPlayer',
  method: 'POST',
  access: 'operator',
  request: object({ login: player }),
  response: PlayerStatusSchema,
})

/**
 * POST /api/operator/selfExcludePlayer: from now for one of SPEC §9's periods. The player's
 * sessions end; logins are refused until the period is over. It cannot be shortened here: a
 * longer period replaces a shorter one, a shorter one is refused.
 */
export const selfExcludePlayer = defineCall({
  area: 'operator',
  name: 'selfExcludePlayer',
  method: 'POST',
  access: 'operator',
  request: object({ login: player, period: enums(SELF_EXCLUSION_PERIODS) }),
  response: PlayerStatusSchema,
})

/** GET /api/operator/getPlayerStatus. */
export const getPlayerStatus = defineCall({
  area: 'operator',
  name: 'getPlayerStatus',
  method: 'GET',
  access: 'operator',
  request: object({ login: player }),
  response: PlayerStatusSchema,
})

/** Failure codes of the withdrawal decisions: those of the cashier area (transaction_not_found, withdrawal_not_cancellable). */
export const OperatorWithdrawalSchema = object({
  withdrawal: object({
    id: string(),
    status: enums(['pending', 'approved', 'success', 'failed', 'cancelled']),
    amount: object({ amount: string(), currency: string() }),
    method: object({ sysname: string(), name: string() }),
    requisite: nullable(string()),
    created_at: string(),
    can_cancel: boolean(),
  }),
})

/**
 * POST /api/operator/approveWithdrawal: a pending withdrawal above the auto-approval amount is
 * approved and paid out through the payment provider (success, or approved while the provider
 * pays out later). Not pending: InvalidParameterException withdrawal_not_cancellable.
 */
export const approveWithdrawal = defineCall({
  area: 'operator',
  name: 'approveWithdrawal',
  method: 'POST',
  access: 'operator',
  request: object({ id: size(string(), 1, 64) }),
  response: OperatorWithdrawalSchema,
})

/** POST /api/operator/rejectWithdrawal: a pending withdrawal is declined and its reserve returned to the player's balance. */
export const rejectWithdrawal = defineCall({
  area: 'operator',
  name: 'rejectWithdrawal',
  method: 'POST',
  access: 'operator',
  request: object({ id: size(string(), 1, 64) }),
  response: OperatorWithdrawalSchema,
})

/** A player's identity check and contact confirmation, as staff see them. */
export const PlayerVerificationSchema = object({
  login: string(),
  /** KYC passed: withdrawals above the KYC threshold are allowed. */
  is_verified: boolean(),
  /** ISO 8601 when the e-mail was confirmed; null while it is not. */
  email_confirmed_at: nullable(string()),
  /**
   * Where the player's check at the KYC provider stands, as its webhooks last said ('none': never
   * started). Apart from is_verified: staff may record a check made elsewhere.
   */
  kyc_status: enums(VERIFICATION_STATUSES),
})
export type PlayerVerification = Infer<typeof PlayerVerificationSchema>

/**
 * POST /api/operator/setPlayerVerification: staff record the outcome of an identity check made
 * outside the site ('1' verified, '0' not). Until then an unverified player's withdrawal above the
 * KYC threshold answers KycWithdrawalException.
 */
export const setPlayerVerification = defineCall({
  area: 'operator',
  name: 'setPlayerVerification',
  method: 'POST',
  access: 'operator',
  request: object({ login: player, verified: enums(['1', '0']) }),
  response: PlayerVerificationSchema,
})

/**
 * POST /api/operator/confirmPlayerEmail: staff confirm the player's e-mail (checked by other
 * means), which lifts UserNeedConfirmContactException on withdrawals.
 */
export const confirmPlayerEmail = defineCall({
  area: 'operator',
  name: 'confirmPlayerEmail',
  method: 'POST',
  access: 'operator',
  request: object({ login: player }),
  response: PlayerVerificationSchema,
})

/** A document the player sent to the KYC provider; `url` serves it to staff with the operator token. */
export const VerificationDocumentSchema = object({
  id: string(),
  /** The provider's kind of document: passport, id_card, driving_licence (VERIFICATION_DOCUMENT_TYPES) at the sandbox. */
  doc_type: string(),
  content_type: string(),
  byte_size: integer(),
  /** ISO 8601. */
  uploaded_at: string(),
  /** GET it with `Authorization: Bearer <OPERATOR_TOKEN>` (or as the player): the image itself. */
  url: string(),
})
export type VerificationDocument = Infer<typeof VerificationDocumentSchema>

/**
 * GET /api/operator/listVerificationDocuments: the documents the player uploaded to the KYC
 * provider, oldest first, every attempt; empty when the player never started a check.
 */
export const listVerificationDocuments = defineCall({
  area: 'operator',
  name: 'listVerificationDocuments',
  method: 'GET',
  access: 'operator',
  request: object({ login: player }),
  response: array(VerificationDocumentSchema),
})

export const ContentSummarySchema = object({
  origin: string(),
  locales: array(string()),
  sections: array(string()),
  pages: number(),
  /** Content served with a change (HTML stripped from a page's text), each naming its file and field. */
  warnings: array(string()),
  loadedAt: string(),
})

/**
 * POST /api/operator/reloadContent: reads the content again (files or CMS) and clears the page
 * cache, on every instance when REDIS_URL links them. A broken file fails with InvalidRequestException `content_invalid`: the message and
 * error_data.problems name each file and field, and the site keeps serving the last good content.
 */
export const reloadContent = defineCall({
  area: 'operator',
  name: 'reloadContent',
  method: 'POST',
  access: 'operator',
  request: object({}),
  response: assign(
    ContentSummarySchema,
    object({
      /** Whom the reload reached: every instance through Redis (REDIS_URL), or only the one that answered. */
      instances: enums(['every instance', 'this instance']),
    }),
  ),
})

/**
 * POST /api/operator/grantFreeSpins: gives the player `count` spins of a slot at `stake` (its
 * minimum bet in the player's currency when omitted), expiring at `expires_at` if given, with the
 * player's words per locale (`descriptions`, a JSON object). Idempotent by `key`: the same key
 * answers the same pack; a different pack under a used key is refused.
 */
export const grantFreeSpins = defineCall({
  area: 'operator',
  name: 'grantFreeSpins',
  method: 'POST',
  access: 'operator',
  request: object({
    login: player,
    game: pattern(string(), SYSNAME_PATTERN),
    count: max(min(wireInteger(), 1), 1000),
    stake: optional(DecimalString),
    key: pattern(string(), /^[A-Za-z0-9:_-]{8,100}$/),
    expires_at: optional(pattern(string(), /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/)),
    descriptions: optional(wireJson(record(enums(LOCALES), size(string(), 0, 500)))),
  }),
  response: FreeSpinPackSchema,
})

/**
 * POST /api/operator/advanceSportsbookClock: moves the sportsbook simulator's clock on by
 * `seconds` (1 to a week), so a test plays matches to their end; the feed plays the time on at its
 * next tick (within a second). Only while E2E_TEST_OVERRIDES is on: otherwise, and always in
 * production, the call is not mounted and answers 404. Sessions and everything else keep real time.
 */
export const advanceSportsbookClock = defineCall({
  area: 'operator',
  name: 'advanceSportsbookClock',
  method: 'POST',
  access: 'operator',
  request: object({ seconds: max(min(wireInteger(), 1), 7 * 86_400) }),
  response: object({ offset_seconds: min(integer(), 0) }),
})

/**
 * POST /api/operator/setSportsPrice: sets one outcome's price to decimal `odds` (1.01 to 1000) and
 * tells the sockets as the feed tells them, so a test can move a price a player has on the betslip.
 * The feed's next board of the event replaces it (a live event's next minute, an upcoming one's
 * drift five minutes later). Only while E2E_TEST_OVERRIDES is on, like advanceSportsbookClock:
 * otherwise, and always in production, the call is not mounted and answers 404.
 */
export const setSportsPrice = defineCall({
  area: 'operator',
  name: 'setSportsPrice',
  method: 'POST',
  access: 'operator',
  request: object({
    outcome: pattern(string(), /^[1-9]\d{0,17}$/),
    odds: refine(pattern(string(), /^\d{1,4}(\.\d{1,3})?$/), 'Odds', (value) => isPrice(Math.round(Number(value) * PRICE_SCALE))),
  }),
  /** `price` in thousandths, as every price travels; `version` is the event's after the change. */
  response: object({ event: string(), outcome: string(), price: integer(), version: integer() }),
})

const ScoreSchema = object({ home: max(min(integer(), 0), 999), away: max(min(integer(), 0), 999) })

/**
 * POST /api/operator/correctSportsResult: a finished event's result was wrong. The event settles
 * again on `result` (JSON: the counts its markets settle on, e.g. {"score":{"home":2,"away":1}}),
 * and every bet on it that was settled is settled again: the difference is paid, or taken back from
 * the main balance as far as it holds it (what it cannot take is recorded on the bet as owed).
 * Cashed-out bets stay sold. Answers how many bets were settled again.
 */
export const correctSportsResult = defineCall({
  area: 'operator',
  name: 'correctSportsResult',
  method: 'POST',
  access: 'operator',
  request: object({
    event: pattern(string(), /^[1-9]\d{0,17}$/),
    result: wireJson(
      object({
        score: optional(ScoreSchema),
        final: optional(ScoreSchema),
        sets: optional(ScoreSchema),
        games: optional(ScoreSchema),
        maps: optional(ScoreSchema),
      }),
    ),
  }),
  response: object({ event: string(), resettled: min(integer(), 0) }),
})

/**
 * POST /api/operator/grantFreeBet: a free bet of `amount` (major units of the player's currency)
 * for one bet at decimal odds of at least `min_odds` (an accumulator's combined odds; default
 * 1.01), until `expires_at`. The same `key` twice is the same free bet.
 */
export const grantFreeBet = defineCall({
  area: 'operator',
  name: 'grantFreeBet',
  method: 'POST',
  access: 'operator',
  request: object({
    login: player,
    amount: DecimalString,
    min_odds: optional(pattern(string(), /^\d{1,4}(\.\d{1,2})?$/)),
    key: pattern(string(), /^[A-Za-z0-9:_-]{8,100}$/),
    expires_at: optional(pattern(string(), /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/)),
    descriptions: optional(wireJson(record(enums(LOCALES), size(string(), 0, 500)))),
  }),
  response: BettingBonusSchema,
})

export const FeedbackItemSchema = object({
  /** The reference the player was given: FB-<id>. */
  reference: string(),
  topic: string(),
  message: string(),
  /** The address to answer at (the account's for a player). */
  email: string(),
  /** The player's login, or null for a visitor. */
  login: nullable(string()),
  locale: string(),
  created_at: string(),
})

/**
 * GET /api/operator/listFeedback: the support page's messages, newest first, `limit` (1 to 100,
 * default 50) at a time; `before` (a reference's number) pages on, and `next_before` says where the
 * next page starts (null at the end). A `topic` narrows the list.
 */
export const listFeedback = defineCall({
  area: 'operator',
  name: 'listFeedback',
  method: 'GET',
  access: 'operator',
  request: object({
    limit: optional(wireInteger()),
    before: optional(wireInteger()),
    topic: optional(enums(FEEDBACK_TOPICS)),
  }),
  response: object({ items: array(FeedbackItemSchema), next_before: nullable(integer()) }),
})

/** One player's conversation in the operator's list: the newest message and what the operator has not read. */
export const ChatSummarySchema = object({
  player_id: integer(),
  login: string(),
  locale: string(),
  last: ChatMessageSchema,
  /** Player messages no operator has read. */
  unread: integer(),
})
export type ChatSummary = Infer<typeof ChatSummarySchema>

/**
 * GET /api/operator/listChats: the built-in support chat's conversations, the most recent first
 * (`limit` 1 to 100, default 50), with each one's unread count and the total unread.
 */
export const listChats = defineCall({
  area: 'operator',
  name: 'listChats',
  method: 'GET',
  access: 'operator',
  request: object({ limit: optional(wireInteger()) }),
  response: object({ items: array(ChatSummarySchema), unread: integer() }),
})

/** GET /api/operator/getPlayerChat: one player's conversation (as the player's getChat, unread counting the player's messages). */
export const getPlayerChat = defineCall({
  area: 'operator',
  name: 'getPlayerChat',
  method: 'GET',
  access: 'operator',
  request: object({ player_id: wireInteger(), after: optional(wireInteger()) }),
  response: object({ login: string(), thread: ChatThreadSchema }),
})

/**
 * POST /api/operator/answerChat: an operator's answer, under sendChatMessage's rules and key. The
 * player's open chat shows it at once; one not read within a few minutes is mailed to the player.
 * An unknown player: InvalidParameterException { player_id: ['unknown'] }.
 */
export const answerChat = defineCall({
  area: 'operator',
  name: 'answerChat',
  method: 'POST',
  access: 'operator',
  request: object({ player_id: wireInteger(), body: size(string(), 0, 65_536), key: size(string(), 8, 64) }),
  response: object({ message: ChatMessageSchema }),
})

/** POST /api/operator/readPlayerChat: the operators have seen the conversation through message `through`. */
export const readPlayerChat = defineCall({
  area: 'operator',
  name: 'readPlayerChat',
  method: 'POST',
  access: 'operator',
  request: object({ player_id: wireInteger(), through: wireInteger() }),
  response: object({ unread: integer() }),
})
