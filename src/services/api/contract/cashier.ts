// Cashier area (SPEC §7 'Cashier': cancelwithdrawal, makedeposit, makewithdrawal, getbanks,
// getdepositinfo, getdepositsettings, gethistory, getwithdrawsettings), plus the calls the SPEC
// lacks and the cashier needs, in the same form (ARCHITECTURE §4):
// - cashier/getdepositoffers: the deposit offers of SPEC §3 'Deposit offer' for this player;
// - cashier/gettransaction: one transaction, read by the payment result pages and the receipt
//   (SPEC §2.1 paysuccess/{transaction} ..., §3 'Payment pages are keyed by a transaction id');
// - account/getDepositLimit (SPEC §7 Account) and account/setDepositLimit (ours): SPEC §3
//   'Deposit limit', kept here beside the deposit flow that enforces them.
//
// Money (ARCHITECTURE §4): every amount is a decimal string in major units ("12.50") with its
// currency code; never a JSON number. Card numbers never reach our server (ARCHITECTURE §5): a card
// requisite is a saved card's masked number ('411111...1111') or the literal 'new', and the
// provider collects the number itself: on its hosted page for a deposit (makedeposit answers
// 'redirect' or 'newwindow'), in its card fields for a payout (WithdrawSettings.card_vault, which
// answer a token that makewithdrawal carries).
import {
  array,
  boolean,
  define,
  enums,
  integer,
  literal,
  min,
  nullable,
  object,
  optional,
  pattern,
  record,
  refine,
  size,
  string,
  type,
  union,
  type Infer,
  type Struct,
} from 'superstruct'
import { parseDecimal } from '../../../shared/money'
import { PROFILE_DATA_FIELDS } from '../../../shared/profile-fields'
import { WHOLE_AMOUNT_REASONS } from '../../../shared/whole-amount'
import { TRANSACTION_STATES } from '../../../shared/payment-status'
import type { CryptoNetwork as SharedCryptoNetwork } from '../../../shared/validation/crypto-address'
import { defineCall } from './define'
import { wireBoolean, wireInteger, wireJson, wireList } from './params'
import { DecimalString, MoneyShape, SameOriginPath } from './shapes'

// ── Error codes ─────────────────────────────────────────────────────────────

/**
 * Failure codes of this area, in `error.code`, beside the SPEC §8 type (ARCHITECTURE §4: clients
 * route on type and code, never on the message). The `error_data` each one carries is given by the
 * *ErrorData schemas below.
 */
export const CASHIER_ERROR_CODE = {
  /** BillingDepositLimitExceededException 422; error_data: DepositLimitExceededErrorData. */
  depositLimitExceeded: 'deposit_limit_exceeded',
  /** InvalidParameterException 400; invalid_parameters { amount: ['minValue' | 'maxValue'] }, error_data: AmountBoundsErrorData. */
  amountOutOfBounds: 'amount_out_of_bounds',
  /**
   * InvalidParameterException 400 on makedeposit and makewithdrawal: the amount is no whole amount
   * in the request's locale (decimals in any notation, letters, misplaced separators);
   * invalid_parameters { amount: ['wholeAmount'] }, error_data: AmountNotWholeErrorData.
   */
  amountNotWhole: 'amount_not_whole',
  /** InvalidParameterException 400: invalid_parameters names each bad requisite with SPEC §5 messageIds ('required', 'iban', 'cardNumber', 'cryptoAddress', ...). */
  invalidRequisites: 'invalid_requisites',
  /** InvalidParameterException 400: a card requisite that is neither 'new' nor a saved card's masked number (a full card number is refused, unread). */
  cardNumberNotAccepted: 'card_number_not_accepted',
  /** InvalidParameterException 400: the method is unknown, off, or not offered for the currency or the direction. */
  methodUnavailable: 'method_unavailable',
  /** InvalidParameterException 400: campaign_offer_id names an offer the player does not satisfy, or one excluding the method. */
  offerNotApplicable: 'offer_not_applicable',
  /** InvalidRequestException 400: the idempotency key was used before with another body. The same body answers the first result again. */
  idempotencyConflict: 'idempotency_conflict',
  /** WithdrawalDeclinedException 422: the amount is above the withdrawable balance; error_data: AmountBoundsErrorData (max = withdrawable). */
  insufficientFunds: 'insufficient_funds',
  /** KycWithdrawalException 422: not verified and the amount passes the KYC threshold; error_data: KycWithdrawalErrorData. */
  kycRequired: 'kyc_required',
  /**
   * UserNeedProfileDataException 422 on makedeposit and makewithdrawal: personal details the
   * operation needs are missing (the fill-profile prompt of SPEC §2.4); error_data: ProfileDataErrorData.
   */
  profileDataRequired: 'profile_data_required',
  /** UserNeedConfirmContactException 422: a confirmed contact is required to withdraw; error_data: ConfirmContactErrorData. */
  confirmContactRequired: 'confirm_contact_required',
  /** WithdrawalLimitsExceededException 422: one withdrawal above the method's or account's maximum; error_data: AmountBoundsErrorData. */
  withdrawalLimitExceeded: 'withdrawal_limit_exceeded',
  /** WithdrawalLimitsPeriodExceededException 422: the period's total would pass its cap; error_data: WithdrawalPeriodErrorData. */
  withdrawalPeriodExceeded: 'withdrawal_period_exceeded',
  /** InvalidParameterException 400 on cancelwithdrawal: no pending withdrawal of the player with that id (approved or paid ones cannot be cancelled). */
  withdrawalNotCancellable: 'withdrawal_not_cancellable',
  /** MethodNotFoundException 404 on gettransaction: no transaction of this player with that id. */
  transactionNotFound: 'transaction_not_found',
  /** AccessDeniedException is NOT used (a 403 is the forbidden page): InvalidParameterException 400 when can_edit is false. */
  depositLimitLocked: 'deposit_limit_locked',
  /** InvalidParameterException 400 on gethistory: date_from earlier than HISTORY_MIN_MONTHS months back is still served; a range with date_from after date_to is this. */
  invalidDateRange: 'invalid_date_range',
} as const
export type CashierErrorCode = (typeof CASHIER_ERROR_CODE)[keyof typeof CASHIER_ERROR_CODE]

// ── Pieces ──────────────────────────────────────────────────────────────────

/** An ISO 4217 code, or a crypto code of our table (BTC, ETH, USDT): 3 to 5 capitals. */
export const CurrencyCode = pattern(string(), /^[A-Z]{3,5}$/)

/** ISO 8601 with a zone ('2024-05-01T10:00:00Z'). */
export const Timestamp = pattern(string(), /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/)

/** A calendar day 'yyyy-mm-dd' (history date filters; the player's day, the server reads it in UTC). */
export const IsoDate = pattern(string(), /^\d{4}-\d{2}-\d{2}$/)

/** A decimal amount above zero ("10", "10.50"). */
export const PositiveDecimal = refine(DecimalString, 'PositiveDecimal', (value) => {
  const d = parseDecimal(value)
  return (!d.negative && d.units > 0n) || 'the amount must be above zero'
})

/** An amount above zero with its currency. */
export const PositiveMoney = type({ amount: PositiveDecimal, currency: CurrencyCode })

/**
 * A deposit or withdrawal amount as written (SPEC §5 'Sum': whole major units): the digits
 * ("1000"), or grouped with the request locale's thousands separator ("1,000" in en, "1.000" in
 * es). The handler reads it with the shared parser (src/shared/whole-amount.ts) in the request's
 * locale and refuses anything else as amount_not_whole: "10.5", "10,5", "1e3" are never taken as
 * another number. Bounded so the parser never sees a megabyte.
 */
export const WholeAmountText = size(string(), 1, 64)

/** A method's system name: the {sysname} of /cashier/deposit/{sysname} (SPEC §2.1). */
export const Sysname = pattern(string(), /^[a-z0-9][a-z0-9_-]{0,63}$/)

/** A transaction id: the {transaction} of the payment result routes (SPEC §2.1). */
export const TransactionId = pattern(string(), /^[A-Za-z0-9_-]{1,64}$/)

/**
 * Sent with makedeposit and makewithdrawal: generated once per attempt by the client (the deposit
 * flow keeps it until the attempt ends), so a double click or a retried request cannot pay twice.
 * The server stores it with a unique constraint per player and answers a repeat with the first
 * result (ARCHITECTURE §5).
 */
export const IdempotencyKey = pattern(string(), /^[A-Za-z0-9_-]{16,64}$/)

/** SPEC §5 'Card number': a saved card as the cashier shows it, 6 digits, three dots, 4 digits. */
export const MASKED_CARD_RE = /^\d{6}\.{3}\d{4}$/
/** The card requisite of a deposit: a saved card's masked number, or 'new' for the hosted page. */
export const NEW_CARD = 'new'
export const CardChoice = define<string>('CardChoice', (v) => typeof v === 'string' && (v === NEW_CARD || MASKED_CARD_RE.test(v)))

export const PAYMENT_METHOD_KINDS = ['card', 'ewallet', 'bank', 'crypto'] as const
export type PaymentMethodKind = (typeof PAYMENT_METHOD_KINDS)[number]

/**
 * The SPEC §5 rule names a requisite field is checked with, in order, by the client
 * (src/shared/validation) and the server alike. 'cryptoAddress' is the crypto address rule
 * (src/shared/validation/crypto-address.ts), which reads the field's `network`.
 */
export const REQUISITE_RULES = ['required', 'cardNumber', 'cardHolder', 'iban', 'email', 'phone', 'cryptoAddress', 'text', 'name'] as const
export type RequisiteRule = (typeof REQUISITE_RULES)[number]

/** Crypto networks the address rule knows. */
export const CRYPTO_NETWORKS = ['bitcoin', 'ethereum', 'tron'] as const satisfies readonly SharedCryptoNetwork[]
export type CryptoNetwork = (typeof CRYPTO_NETWORKS)[number]

/**
 * One input of a method's requisites form: e.g. card_number (card), wallet_email (ewallet), iban
 * and bank_code (bank), wallet_address (crypto). The values travel as `requisites` (name -> text).
 */
export const RequisiteFieldSchema = object({
  /** The key in `requisites`: ^[a-z][a-z0-9_]*$. */
  name: pattern(string(), /^[a-z][a-z0-9_]{0,63}$/),
  /**
   * How the view draws it: 'card' is a select of saved cards plus 'new'; a new card's number is
   * typed only into the provider's card fields (WithdrawSettings.card_vault), never sent to us.
   */
  input: enums(['card', 'text', 'iban', 'email', 'phone', 'crypto_address', 'bank_select']),
  /** SPEC §5 rule names, checked in order; 'required' first when the field is required. */
  rules: array(enums(REQUISITE_RULES)),
  /** For a crypto_address field: the network whose address format applies. */
  network: optional(enums(CRYPTO_NETWORKS)),
  /** Input mask of SPEC §9 ('#' digit, '@' letter, '*' either), e.g. for an IBAN. */
  mask: optional(nullable(string())),
})
export type RequisiteField = Infer<typeof RequisiteFieldSchema>

/** A requisite the player used before, offered again: a saved card (token kept by the provider), an IBAN, a wallet. */
export const SavedRequisiteSchema = object({
  /** The field it fills. */
  field: string(),
  /** What is sent back in `requisites[field]`: the masked card ('411111...1111'), a masked IBAN, an address. */
  value: string(),
  /** What the player reads ('Visa ···· 1111', 'DE89 ···· 3000'). */
  label: string(),
  /** Card expiry 'MM/YY'; null when not a card or unknown. */
  expires: optional(nullable(pattern(string(), /^\d{2}\/\d{2}$/))),
})
export type SavedRequisite = Infer<typeof SavedRequisiteSchema>

/** SPEC §3 'Payment method display info': sysname, icon variants, descriptions. */
export const MethodIconSchema = object({
  /** Icon on a light background (URL or /_ipx path). */
  light: string(),
  /** Icon on a dark background. */
  dark: string(),
})

/** min and max of one currency; max null means no upper bound of the method. */
export const MethodLimitSchema = object({
  currency: CurrencyCode,
  min: PositiveDecimal,
  max: nullable(PositiveDecimal),
})
export type MethodLimit = Infer<typeof MethodLimitSchema>

/** fee = percent of the amount + fixed, in the currency of the amount. "0" and null mean none. */
export const MethodFeeSchema = object({
  /** Percent as a decimal string, "2.5" for 2.5 %. */
  percent: DecimalString,
  /** Fixed part per currency. */
  fixed: array(MoneyShape),
})
export type MethodFee = Infer<typeof MethodFeeSchema>

/** A payment method (deposit or withdrawal), SPEC §3 'Payment method display info' and 'Deposit values' methodId/method. */
export const PaymentMethodSchema = object({
  /** SPEC §3 'Deposit values' methodId. */
  id: min(integer(), 1),
  /** SPEC §3 'Deposit values' method; the {sysname} of /cashier/deposit/{sysname}. */
  sysname: Sysname,
  kind: enums(PAYMENT_METHOD_KINDS),
  /** The provider name shown ("Visa / Mastercard", "Skrill", "Bank transfer", "Bitcoin"). */
  name: string(),
  icon: MethodIconSchema,
  /** Descriptions in the request's locale: a one-liner under the name and a longer text (may be empty). */
  description: object({ short: string(), full: string() }),
  /** Bounds per currency; a currency not listed is not offered by the method. */
  limits: array(MethodLimitSchema),
  fee: MethodFeeSchema,
  /** Minutes a payment usually takes; 0 instant, null unknown. */
  processing_minutes: nullable(min(integer(), 0)),
  requisites: array(RequisiteFieldSchema),
  saved_requisites: array(SavedRequisiteSchema),
})
export type PaymentMethod = Infer<typeof PaymentMethodSchema>

// ── Deposit limit (SPEC §3 'Deposit limit', §9 periods) ─────────────────────

/** SPEC §9: 1, 7, 14 or 30 days; 'none' (the default) is no limit. */
export const DEPOSIT_LIMIT_PERIODS = ['none', 1, 7, 14, 30] as const
export const DepositLimitPeriodSchema = union([literal('none'), literal(1), literal(7), literal(14), literal(30)])
export type DepositLimitPeriod = Infer<typeof DepositLimitPeriodSchema>

/**
 * A raised or removed limit takes effect only at `effective_at` (responsible gaming: a cooling
 * off); until then the current one applies. `period` 'none' with no limit_amount is a removal.
 */
export const DepositLimitChangeSchema = object({ limit_amount: nullable(PositiveMoney), period: DepositLimitPeriodSchema, effective_at: Timestamp })
export type DepositLimitChange = Infer<typeof DepositLimitChangeSchema>

/** SPEC §9: the periods a limit can have, one limit per period at most. */
export const DepositLimitDaysSchema = union([literal(1), literal(7), literal(14), literal(30)])
export type DepositLimitDays = Infer<typeof DepositLimitDaysSchema>

/**
 * One period's limit of `DepositLimit.limits`: the fields of SPEC §3 'Deposit limit' for that
 * period alone (available_amount over its own rolling window), and its own pending change.
 */
export const PeriodDepositLimitSchema = object({
  period: DepositLimitDaysSchema,
  limit_amount: PositiveMoney,
  /** What this limit still lets in over its window (deposits settled or in progress count). */
  available_amount: MoneyShape,
  /** What its window counts now. */
  used_amount: MoneyShape,
  can_edit: boolean(),
  /** When the oldest deposit counted leaves the window (or a full period from now with none). */
  expired_at: Timestamp,
  /** A raise (same period, a higher amount) or a removal (period 'none') waiting for its cooling-off. */
  scheduled: nullable(DepositLimitChangeSchema),
})
export type PeriodDepositLimit = Infer<typeof PeriodDepositLimitSchema>

/**
 * SPEC §3 'Deposit limit'. A player may hold one limit per period of §9 at the same time (100 a
 * day and 500 over 30 days); the lowest applies. The object's own fields describe the BINDING
 * limit, the one with the least available amount (ties: the longer period), so a client that
 * knows one limit only still shows and enforces the right one; `limits` lists every period's
 * limit, shortest period first. No limit at all: period 'none', null amounts, `limits` empty.
 */
export const DepositLimitSchema = refine(
  object({
    /** What may still be deposited now: the least over all limits; null with period 'none'. */
    available_amount: nullable(MoneyShape),
    /** False while a change is locked (a lowered limit cannot be raised before expired_at). */
    can_edit: boolean(),
    /** End of the binding limit's current window (ISO 8601); null with period 'none'. */
    expired_at: nullable(Timestamp),
    limit_amount: nullable(PositiveMoney),
    /** The binding limit's period. */
    period: DepositLimitPeriodSchema,
    /** The binding limit's pending raise or removal; null when nothing is scheduled for it. */
    scheduled: nullable(DepositLimitChangeSchema),
    /**
     * Every period's limit (ours; absent from platforms that keep one limit only: a client then
     * reads the object itself as the one limit).
     */
    limits: optional(array(PeriodDepositLimitSchema)),
  }),
  'DepositLimitConsistent',
  (limit) =>
    (limit.period === 'none') === (limit.limit_amount === null) || 'period none goes with no limit_amount, and a period with one',
)
export type DepositLimit = Infer<typeof DepositLimitSchema>

/**
 * GET /api/account/getDepositLimit (SPEC §7 Account): the player's deposit limits, the binding one
 * in the object's own fields. A player who never set one gets period 'none', null amounts,
 * can_edit true and no `limits`.
 */
export const getDepositLimit = defineCall({
  area: 'account',
  name: 'getDepositLimit',
  method: 'GET',
  access: 'player',
  request: object({}),
  response: DepositLimitSchema,
})

/** What setDepositLimit and setLossLimit take. */
const LimitRequestSchema = refine(
  object({
    /** 'none', '1', '7', '14' or '30' on the wire. */
    period: union([literal('none'), wireDepositLimitDays()]),
    limit_amount: optional(PositiveDecimal),
    /** '1': remove this period's limit (only with a period of days, without limit_amount). */
    remove: optional(wireBoolean()),
    currency: optional(CurrencyCode),
  }),
  'DepositLimitRequest',
  (req) => {
    if (req.period === 'none') return (req.limit_amount === undefined && !req.remove) || 'none takes neither limit_amount nor remove'
    return (req.limit_amount === undefined) === (req.remove === true) || 'a period needs limit_amount, or remove 1 without it'
  },
)

/**
 * POST /api/account/setDepositLimit (ours; the SPEC's Account list lacks a write): sets one
 * period's limit, leaving the other periods' limits as they are.
 * - `period` 1, 7, 14 or 30 with `limit_amount`: adds that period's limit, or changes it. Adding
 *   and lowering apply at once (and withdraw that period's pending raise or removal); raising
 *   waits the 24 h cooling-off (see PeriodDepositLimit.scheduled).
 * - `period` with `remove` '1': removes that period's limit after the cooling-off.
 * - `period` 'none' (the one-limit call shape of before): removes every limit, each after the
 *   cooling-off.
 * Answers the limits as getDepositLimit would. Refused with InvalidParameterException code
 * deposit_limit_locked when can_edit is false. The currency is the player's; another one is
 * invalid_parameters { currency: ['invalid'] }. AccessDeniedException feature_off while the site
 * config's features.responsibleGaming is off (a limit already in force still holds).
 */
export const setDepositLimit = defineCall({
  area: 'account',
  name: 'setDepositLimit',
  method: 'POST',
  access: 'player',
  request: LimitRequestSchema,
  response: DepositLimitSchema,
})
export type SetDepositLimitParams = Infer<typeof setDepositLimit.request>

/**
 * GET /api/account/getLossLimit (ours; responsible gaming): the player's loss limits, in the shape
 * of getDepositLimit. A limit's used_amount is the net loss over its rolling window (real money
 * staked from the main balance less what play paid back into it, counted by the hour: an hour
 * counts while any of it is in the window); available_amount is what stakes may still take, more
 * than the limit when the player is ahead over the window.
 */
export const getLossLimit = defineCall({
  area: 'account',
  name: 'getLossLimit',
  method: 'GET',
  access: 'player',
  request: object({}),
  response: DepositLimitSchema,
})

/**
 * POST /api/account/setLossLimit (ours): setDepositLimit's request and rules on the loss limits:
 * adding or lowering applies at once, raising or removing after the 24 h cooling-off. A stake
 * from the main balance above what the binding loss limit leaves is refused: the games answer
 * InvalidRequestException code loss_limit_exceeded, error_data { available, currency, period };
 * the betslip InvalidParameterException { stake: ['loss_limit_exceeded'] } with the same error_data.
 */
export const setLossLimit = defineCall({
  area: 'account',
  name: 'setLossLimit',
  method: 'POST',
  access: 'player',
  request: LimitRequestSchema,
  response: DepositLimitSchema,
})

function wireDepositLimitDays(): Struct<1 | 7 | 14 | 30, null> {
  // '7' on the wire, 7 in code; any other number is refused.
  return refine(wireInteger(), 'DepositLimitDays', (n) => [1, 7, 14, 30].includes(n)) as unknown as Struct<1 | 7 | 14 | 30, null>
}

// ── Deposit ─────────────────────────────────────────────────────────────────

/**
 * GET /api/cashier/getdepositsettings (loading flag 'deposit', SPEC §4): what the deposit form
 * needs besides the methods. Amount presets per currency (SPEC §3 'Deposit amounts').
 */
export const DepositSettingsSchema = object({
  /** The player's currency (that of balance_main). */
  currency: CurrencyCode,
  /** SPEC §3 'Deposit amounts': the preset buttons, per currency, ascending, whole numbers. */
  amounts: record(CurrencyCode, array(PositiveDecimal)),
  /** The amount the form starts with; null: empty. */
  default_amount: nullable(PositiveDecimal),
  deposit_limit: DepositLimitSchema,
  /** No deposit made yet: the form offers to set a deposit limit (SPEC issue: 'offered at the first deposit'). */
  is_first_deposit: boolean(),
})
export type DepositSettings = Infer<typeof DepositSettingsSchema>

export const getdepositsettings = defineCall({
  area: 'cashier',
  name: 'getdepositsettings',
  method: 'GET',
  access: 'player',
  request: object({}),
  response: DepositSettingsSchema,
})

/**
 * GET /api/cashier/getdepositinfo (loading flag 'paymentMethods', SPEC §4): the deposit methods
 * this player may use in their currency, in display order, with saved requisites (saved cards).
 */
export const DepositInfoSchema = object({ methods: array(PaymentMethodSchema) })
export type DepositInfo = Infer<typeof DepositInfoSchema>

export const getdepositinfo = defineCall({
  area: 'cashier',
  name: 'getdepositinfo',
  method: 'GET',
  access: 'player',
  request: object({}),
  response: DepositInfoSchema,
})

/**
 * SPEC §3 'Deposit offer' (and 'Offer/campaign'): trigger (action, user_satisfies_params,
 * params.exclude_methods), description, promotions. Chosen by campaign_offer_id in makedeposit.
 */
export const DepositOfferSchema = object({
  /** The campaign_offer_id sent with makedeposit. */
  id: min(integer(), 1),
  trigger: object({
    /** 'deposit' for the offers of the deposit form. */
    action: string(),
    /** The server's verdict for this player (SPEC §6: users see only offers they satisfy). */
    user_satisfies_params: boolean(),
    params: object({
      /** Method sysnames the offer does not apply to. */
      exclude_methods: array(string()),
      /** The smallest deposit the offer applies to, per currency; none listed: any amount. */
      min_amount: optional(array(PositiveMoney)),
    }),
  }),
  description: object({ title: string(), text: string(), image: nullable(string()) }),
  /**
   * What the offer gives, e.g. { type: 'bonus_percent', value: '100', max_amount: [{ amount: '500.00',
   * currency: 'USD' }] }, { type: 'freespins', value: '50' }. max_amount: the most a bonus_percent
   * pays, per currency (the player's only; every currency for a visitor); none: no cap.
   */
  promotions: array(object({ type: string(), value: string(), max_amount: optional(array(PositiveMoney)) })),
  /** Who the offer is for: a first deposit, the deposits after it, or every deposit. */
  audience: optional(enums(['first_deposit', 'returning', 'everyone'])),
})
export type DepositOffer = Infer<typeof DepositOfferSchema>

/** GET /api/cashier/getdepositoffers (ours; loading flag 'offer'): the deposit offers, each with the server's trigger verdict. */
export const getdepositoffers = defineCall({
  area: 'cashier',
  name: 'getdepositoffers',
  method: 'GET',
  access: 'anyone',
  request: object({}),
  response: object({ offers: array(DepositOfferSchema) }),
})

/** 'No offer' (SPEC §3 'Deposit values': campaign_offer_id default -1). */
export const NO_OFFER_ID = -1

/** A requisites object: field name -> text, as a JSON text field on the wire. */
export const RequisitesSchema = record(pattern(string(), /^[a-z][a-z0-9_]{0,63}$/), size(string(), 0, 256))

/**
 * A provider's hand-off of a payment to the player's phone (SPEC §2.1 paymobile): a link that opens
 * the provider's app or page on this device, a QR (an image URL or data: URI) to scan with another,
 * and the provider's instructions. For a crypto payment, the address to send to and the amount in
 * the coin (the player's amount at the cashier's rate).
 */
export const MobileHandOffSchema = object({
  deep_link: nullable(string()),
  qr: nullable(string()),
  instructions: string(),
  address: optional(nullable(string())),
  pay_amount: optional(nullable(MoneyShape)),
})
export type MobileHandOff = Infer<typeof MobileHandOffSchema>

/** How a deposit (or its page) ended up; see DepositResultSchema. */
export const DEPOSIT_RESULT_STATUSES = ['success', 'pending', 'failed', 'cancelled', 'redirect', 'newwindow', 'mobile'] as const
export type DepositResultStatus = (typeof DEPOSIT_RESULT_STATUSES)[number]

/**
 * What makedeposit answers. The transaction exists in every case, so every result page reads it.
 * - success: credited at once; pending: the provider settles it later (webhook); failed: declined
 *   (failure_code says why); cancelled: the player or provider cancelled.
 * - redirect: open redirect_url in this window (the provider's hosted page); it returns to
 *   return_url's paysuccess/payfail/paycancel page with {transaction}.
 * - newwindow: open redirect_url in a new window; this one shows paynewwindow/{transaction}.
 * - mobile: hand-off to a phone (mobile.deep_link, or mobile.qr to scan); this one shows
 *   paymobile/{transaction} and follows the transaction.
 */
export const DepositResultSchema = refine(
  object({
    status: enums(DEPOSIT_RESULT_STATUSES),
    transaction_id: TransactionId,
    redirect_url: nullable(string()),
    mobile: nullable(MobileHandOffSchema),
    /** The main balance after a success; null otherwise. */
    balance: nullable(MoneyShape),
    /** Why it failed ('declined', 'insufficient_funds', 'expired_card', 'provider_error', ...); null otherwise. */
    failure_code: nullable(string()),
  }),
  'DepositResultConsistent',
  (r) => {
    if ((r.status === 'redirect' || r.status === 'newwindow') && !r.redirect_url) return `${r.status} needs redirect_url`
    if (r.status === 'mobile' && !r.mobile) return 'mobile needs mobile'
    return true
  },
)
export type DepositResult = Infer<typeof DepositResultSchema>

/**
 * POST /api/cashier/makedeposit: SPEC §3 'Deposit values' (methodId, method, amount,
 * campaign_offer_id, requisites) plus currency, idempotency_key and return_url. Refusals:
 * BillingDepositLimitExceededException (deposit_limit_exceeded, error_data.available_amount),
 * InvalidParameterException (amount_not_whole, amount_out_of_bounds, invalid_requisites,
 * card_number_not_accepted, method_unavailable, offer_not_applicable), InvalidRequestException (idempotency_conflict),
 * BillingTransactionDeclinedException, BillingServiceErrorException, BillingUnavailableException.
 */
export const makedeposit = defineCall({
  area: 'cashier',
  name: 'makedeposit',
  method: 'POST',
  access: 'player',
  request: object({
    /** The method's id (SPEC §3 methodId). */
    method_id: wireIntegerAtLeast(1),
    /** The method's sysname (SPEC §3 method); must name the same method as method_id. */
    method: Sysname,
    /** Whole major units (WholeAmountText), within the method's bounds. */
    amount: WholeAmountText,
    currency: CurrencyCode,
    /** NO_OFFER_ID (-1) for none. */
    campaign_offer_id: wireInteger(),
    /** JSON text: { card_number: 'new' | '411111...1111', ... } per the method's requisites. */
    requisites: wireJson(RequisitesSchema),
    idempotency_key: IdempotencyKey,
    /** Same-origin path the provider page returns to; the server appends the status page and {transaction}. */
    return_url: optional(SameOriginPath),
  }),
  response: DepositResultSchema,
})
export type MakeDepositParams = Infer<typeof makedeposit.request>

function wireIntegerAtLeast(n: number) {
  return refine(wireInteger(), 'AtLeast', (v) => v >= n || `expected at least ${n}`)
}

/** error_data of deposit_limit_exceeded: what may still be deposited, and when the period ends. */
export const DepositLimitExceededErrorData = object({
  /** The least any limit still lets in. */
  available_amount: MoneyShape,
  /** When the binding limit's window frees its oldest deposit. */
  expired_at: nullable(Timestamp),
  /** The binding limit's period (ours; optional for platforms that do not say). */
  period: optional(DepositLimitDaysSchema),
})
export type DepositLimitExceededErrorData = Infer<typeof DepositLimitExceededErrorData>

/** error_data of amount_not_whole: why the amount is no whole amount (src/shared/whole-amount.ts). */
export const AmountNotWholeErrorData = object({ reason: enums(WHOLE_AMOUNT_REASONS) })
export type AmountNotWholeErrorData = Infer<typeof AmountNotWholeErrorData>

/** error_data of amount_out_of_bounds, insufficient_funds and withdrawal_limit_exceeded. */
export const AmountBoundsErrorData = object({ min: nullable(MoneyShape), max: nullable(MoneyShape) })
export type AmountBoundsErrorData = Infer<typeof AmountBoundsErrorData>

// ── Transactions, history, receipts ─────────────────────────────────────────

export const TRANSACTION_TYPES = ['deposit', 'withdrawal', 'bet', 'win', 'rollback', 'bonus', 'cashback', 'prize', 'adjustment'] as const
export type TransactionType = (typeof TRANSACTION_TYPES)[number]

/**
 * pending: waiting (a deposit for its provider, a withdrawal for approval); approved: a withdrawal
 * approved, not yet paid out; success: done (a withdrawal paid out); failed: declined;
 * cancelled: cancelled by the player, the provider or an operator. What the player is told they
 * are comes from one function, paymentStatus (src/shared/payment-status.ts).
 */
export const TRANSACTION_STATUSES = TRANSACTION_STATES
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number]

/** One row of the history (SPEC §7 gethistory). */
export const HistoryItemSchema = object({
  id: TransactionId,
  type: enums(TRANSACTION_TYPES),
  status: enums(TRANSACTION_STATUSES),
  /** Signed: positive credits the balance (deposit, win), negative debits it (withdrawal, bet). */
  amount: MoneyShape,
  created_at: Timestamp,
  /** Deposit and withdrawal: the method's sysname and name; null for game and bonus rows. */
  method: nullable(object({ sysname: string(), name: string() })),
  /** A game's or bonus's title for bet, win, bonus rows; null otherwise. */
  title: nullable(string()),
  /** Deposit and withdrawal: why it failed or was cancelled, as gettransaction says ('expired': its checkout session ran out); null otherwise. */
  failure_code: optional(nullable(string())),
})
export type HistoryItem = Infer<typeof HistoryItemSchema>

/** The history keeps at least 12 months for the player to read. */
export const HISTORY_MIN_MONTHS = 12
export const HISTORY_MAX_COUNT = 100

/**
 * GET /api/cashier/gethistory (SPEC §7: offset, count, type) plus date filters: newest first.
 * `type` repeats (type=deposit&type=withdrawal); none means all types. Dates are inclusive days.
 */
export const gethistory = defineCall({
  area: 'cashier',
  name: 'gethistory',
  method: 'GET',
  access: 'player',
  request: object({
    offset: optional(refine(wireInteger(), 'NotNegative', (n) => n >= 0)),
    count: optional(refine(wireInteger(), 'Count', (n) => (n >= 1 && n <= HISTORY_MAX_COUNT) || `1 to ${HISTORY_MAX_COUNT}`)),
    type: optional(wireList(enums(TRANSACTION_TYPES))),
    status: optional(wireList(enums(TRANSACTION_STATUSES))),
    date_from: optional(IsoDate),
    date_to: optional(IsoDate),
  }),
  response: object({
    items: array(HistoryItemSchema),
    /** All rows matching the filters, for paging. */
    total: min(integer(), 0),
    offset: min(integer(), 0),
    count: min(integer(), 1),
  }),
})
export type GetHistoryParams = Infer<typeof gethistory.request>

/**
 * One transaction in full: the payment result pages (paysuccess/{transaction}, ...) and the receipt
 * read it. Requisites only masked.
 */
export const TransactionSchema = object({
  id: TransactionId,
  type: enums(TRANSACTION_TYPES),
  status: enums(TRANSACTION_STATUSES),
  /** Unsigned, in the transaction's currency. */
  amount: MoneyShape,
  /**
   * The method's fee (fee_percent of the amount + fee_fixed). A deposit credits amount - fee; a
   * withdrawal reserves amount and pays out amount - fee.
   */
  fee: MoneyShape,
  method: nullable(object({ sysname: string(), name: string(), kind: enums(PAYMENT_METHOD_KINDS) })),
  /** The masked requisite used ('411111...1111', 'DE89 ···· 3000'); null when none. */
  requisite: nullable(string()),
  campaign_offer_id: nullable(integer()),
  created_at: Timestamp,
  updated_at: Timestamp,
  /** When it reached success, failed or cancelled; null while pending or approved. */
  completed_at: nullable(Timestamp),
  /**
   * Why it failed or was cancelled ('declined', 'cancelled_by_player', ...); 'expired': a deposit
   * whose checkout session at the provider the player never completed, cancelled when it ran out.
   */
  failure_code: nullable(string()),
  /** For a pending deposit still waiting on the provider page; null otherwise. */
  redirect_url: nullable(string()),
  /** For a pending deposit handed off to the player's phone (paymobile): what to show; null otherwise. */
  mobile: optional(nullable(MobileHandOffSchema)),
})
export type Transaction = Infer<typeof TransactionSchema>

/** GET /api/cashier/gettransaction (ours): the player's transaction by id; transaction_not_found otherwise. */
export const gettransaction = defineCall({
  area: 'cashier',
  name: 'gettransaction',
  method: 'GET',
  access: 'player',
  request: object({ id: TransactionId }),
  response: TransactionSchema,
})

// ── Withdrawal ──────────────────────────────────────────────────────────────

/** SPEC §8: button settings (show flag, link) for the confirm-contact and KYC withdrawal errors. */
export const ErrorButtonSchema = object({
  show: boolean(),
  /** Same-origin path ('/profile/verification') or null for the default target. */
  link: nullable(string()),
})
export type ErrorButton = Infer<typeof ErrorButtonSchema>

/** A withdrawal the player requested that is not finished. */
export const WithdrawalSchema = object({
  id: TransactionId,
  status: enums(TRANSACTION_STATUSES),
  amount: PositiveMoney,
  method: object({ sysname: string(), name: string() }),
  requisite: nullable(string()),
  created_at: Timestamp,
  /** Only a pending withdrawal can be cancelled; its reserve goes back to the balance. */
  can_cancel: boolean(),
})
export type Withdrawal = Infer<typeof WithdrawalSchema>

/** GET /api/cashier/getwithdrawsettings (loading flag 'withdraw'). */
export const WithdrawSettingsSchema = object({
  currency: CurrencyCode,
  /** The main balance less reserves and wagering locks: the most that can be withdrawn now. */
  withdrawable: MoneyShape,
  methods: array(PaymentMethodSchema),
  /** Approved without an operator below this amount; null: every withdrawal waits for an operator. */
  auto_approve_below: nullable(MoneyShape),
  /** Above this amount an unverified account gets KycWithdrawalException; null: never. */
  kyc_threshold: nullable(MoneyShape),
  is_verified: boolean(),
  /** Withdrawals need a confirmed contact (UserNeedConfirmContactException otherwise). */
  requires_confirmed_contact: boolean(),
  /** Per-period cap: the total of `period_days` days; null when none. */
  period_limit: nullable(object({ period_days: min(integer(), 1), limit: MoneyShape, available: MoneyShape })),
  /** SPEC §8 button settings. */
  buttons: object({ confirm_contact: ErrorButtonSchema, kyc: ErrorButtonSchema }),
  /** Pending and approved withdrawals, newest first. */
  pending: array(WithdrawalSchema),
  /**
   * The payment provider's card fields, for a payout to a card not saved yet (the 'new' choice of a
   * card requisite): the browser posts the number there as `card_number` (form data) and gets
   * CardVaultAnswer back, then sends only the token with makewithdrawal (card_token). The number
   * never reaches our server (ARCHITECTURE §5). Null or absent: the provider pays out only to saved
   * cards, those the player has deposited with.
   */
  card_vault: optional(nullable(object({ url: pattern(string(), /^(\/(?!\/)|https:\/\/)\S*$/) }))),
})
export type WithdrawSettings = Infer<typeof WithdrawSettingsSchema>

/** A provider's card token as our calls carry it. */
export const CardToken = pattern(string(), /^[A-Za-z0-9_.-]{8,256}$/)

/** What the card fields answer for a number they accept: the token and how the card is shown. */
export const CardVaultAnswerSchema = object({ token: CardToken, masked: pattern(string(), MASKED_CARD_RE), brand: size(string(), 1, 40) })
export type CardVaultAnswer = Infer<typeof CardVaultAnswerSchema>
/** What the card fields answer (HTTP 422) for a number they refuse: the SPEC §5 messageId of the field. */
export const CardVaultRefusalSchema = object({ error: object({ field: literal('card_number'), code: enums(['required', 'cardNumber']) }) })

export const getwithdrawsettings = defineCall({
  area: 'cashier',
  name: 'getwithdrawsettings',
  method: 'GET',
  access: 'player',
  request: object({}),
  response: WithdrawSettingsSchema,
})

/** GET /api/cashier/getbanks: banks for a bank method's bank_select field, for a country. */
export const BankSchema = object({ code: string(), name: string(), bic: nullable(string()) })
export type Bank = Infer<typeof BankSchema>

export const getbanks = defineCall({
  area: 'cashier',
  name: 'getbanks',
  method: 'GET',
  access: 'player',
  request: object({ method: Sysname, country_code: optional(pattern(string(), /^[A-Z]{2}$/)) }),
  response: object({ banks: array(BankSchema) }),
})

/**
 * POST /api/cashier/makewithdrawal: reserves the amount from the balance at once (a ledger entry)
 * and answers the withdrawal, pending (or approved when below auto_approve_below). Refusals:
 * KycWithdrawalException (kyc_required), UserNeedConfirmContactException (confirm_contact_required),
 * WithdrawalLimitsExceededException, WithdrawalLimitsPeriodExceededException,
 * WithdrawalDeclinedException (insufficient_funds), InvalidParameterException
 * (amount_not_whole, amount_out_of_bounds, invalid_requisites, method_unavailable; a card 'new'
 * without a token the provider knows is invalid_requisites { card_token: ['cardNumber'] }), InvalidRequestException
 * (idempotency_conflict).
 */
export const makewithdrawal = defineCall({
  area: 'cashier',
  name: 'makewithdrawal',
  method: 'POST',
  access: 'player',
  request: object({
    method_id: wireIntegerAtLeast(1),
    method: Sysname,
    /** Whole major units (WholeAmountText), within the method's bounds and the withdrawable amount. */
    amount: WholeAmountText,
    currency: CurrencyCode,
    requisites: wireJson(RequisitesSchema),
    idempotency_key: IdempotencyKey,
    /** With a card requisite 'new': the token the provider's card fields gave for the card (WithdrawSettings.card_vault). */
    card_token: optional(CardToken),
  }),
  response: object({ withdrawal: WithdrawalSchema, balance: MoneyShape }),
})
export type MakeWithdrawalParams = Infer<typeof makewithdrawal.request>

/** POST /api/cashier/cancelwithdrawal: cancels a pending withdrawal and returns its reserve to the balance. */
export const cancelwithdrawal = defineCall({
  area: 'cashier',
  name: 'cancelwithdrawal',
  method: 'POST',
  access: 'player',
  request: object({ id: TransactionId }),
  response: object({ withdrawal: WithdrawalSchema, balance: MoneyShape }),
})

/** error_data of kyc_required. */
export const KycWithdrawalErrorData = object({ threshold: MoneyShape })
/** error_data of profile_data_required: the operation refused and the profile fields it needs. */
export const ProfileDataErrorData = object({ operation: enums(['deposit', 'withdrawal']), fields: array(enums(PROFILE_DATA_FIELDS)) })
export type ProfileDataErrorData = Infer<typeof ProfileDataErrorData>
/** error_data of confirm_contact_required: which contact to confirm. */
export const ConfirmContactErrorData = object({ contact_type: enums(['email', 'phone']) })
/** error_data of withdrawal_period_exceeded. */
export const WithdrawalPeriodErrorData = object({
  period_days: min(integer(), 1),
  available_amount: MoneyShape,
  reset_at: Timestamp,
})

