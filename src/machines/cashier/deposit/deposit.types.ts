// Types of the deposit flow (SPEC §2.1 deposit, deposit/{sysname}; §3 'Deposit values', 'Deposit
// amounts', 'Deposit limit', 'Deposit offer', 'Payment method display info'; §4 cashier loading
// flags; §5 'Sum', 'Card number'; §8 BillingDepositLimitExceeded).
import type { FormErrors } from '../../../shared/validation/rules'
import type {
  BalanceChanged,
  CashierFailure,
  CashierResult,
  DepositLimit,
  DepositOffer,
  DepositResult,
  DepositSettings,
  Money,
  PaymentMethod,
  ProfileDataRequired,
} from '../cashier.types'
import type { PaymentHandOff } from '../payment.rules'

/**
 * The provider's page of a 'newwindow' deposit (SPEC §2.1 paynewwindow). Browsers block a window
 * opened after an await, so the form opens a blank one on the submit click (`prepare`) and the
 * flow sends it to the provider once makedeposit answers (`navigate`); any other answer closes it (`discard`).
 */
export interface ProviderWindow {
  prepare(): void
  navigate(url: string): void
  discard(): void
}

/** The window prepared on the click: `url` is the provider's page to show in it; null closes it. */
export const DEPOSIT_PROVIDER_WINDOW = 'deposit.providerWindow' as const
/** The deposit ends on a result page of the site: the page goes to `path`, with the mobile hand-off in the history state. */
export const DEPOSIT_LEFT_FOR_RESULT = 'deposit.leftForResult' as const
export type DepositEmitted =
  | { readonly type: typeof DEPOSIT_PROVIDER_WINDOW; readonly url: string | null }
  | { readonly type: typeof DEPOSIT_LEFT_FOR_RESULT; readonly path: string; readonly handOff: PaymentHandOff | null }
  | BalanceChanged
  | ProfileDataRequired

export interface DepositInput {
  /** The {sysname} of /cashier/deposit/{sysname}, preselected when the player may use it. */
  readonly preselect?: string | null
  /** Same-origin path the provider page returns to (makedeposit return_url). */
  readonly returnUrl?: string
  /** The page's locale: the amount is read with its thousands separator (src/shared/whole-amount.ts); default en. */
  readonly locale?: string
  /** What the form held before the page reloaded for a new build (src/services/storage/drafts.ts). */
  readonly prefill?: DepositDraft | null
}

/** The deposit form's keepable values: the method and the amount, never a requisite (a card, an IBAN). */
export type DepositDraft = {
  readonly method?: string
  readonly amount?: string
}

/** Requisites as typed: field name -> text (SPEC §3 'Deposit values' requisites). */
export type Requisites = Readonly<Record<string, string>>

/** Field errors of the form: 'amount', 'offer' and each requisite's name. */
export type DepositFieldErrors = FormErrors<string>

export type DepositMessageId =
  /** BillingDepositLimitExceededException: shown with availableAmount. */
  | 'depositLimitExceeded'
  /** UserNeedProfileDataException: personal details first; the fill-profile prompt opens too. */
  | 'profileRequired'
  /** BillingTransactionDeclinedException: the provider declined before a transaction page existed. */
  | 'declined'
  /** BillingUnavailableException / BillingServiceErrorException: payments are down, try later. */
  | 'billingUnavailable'
  /** Anything else, or no answer. */
  | 'somethingWrong'

export interface DepositAlert {
  readonly messageId: DepositMessageId
  readonly type: CashierFailure['type'] | null
  readonly code: CashierFailure['code']
  /** For depositLimitExceeded: what may still be deposited. */
  readonly availableAmount: Money | null
  /** For depositLimitExceeded: the period of the limit that binds (the one with the least left), when known. */
  readonly limitPeriod: 1 | 7 | 14 | 30 | null
}

/** A result page of SPEC §2.1 the flow ends on. */
export type ResultPage = 'paysuccess' | 'paypending' | 'payfail' | 'paycancel' | 'paynewwindow' | 'paymobile'

export interface DepositContext {
  readonly preselect: string | null
  /** The draft the form opens with (a reload for a new build); null for a fresh form. */
  readonly prefill: DepositDraft | null
  readonly returnUrl: string | null
  /** The locale the typed amount is read in. */
  readonly locale: string
  readonly settings: DepositSettings | null
  readonly methods: readonly PaymentMethod[]
  readonly offers: readonly DepositOffer[]
  /** The chosen method's sysname; null while choosing. */
  readonly method: string | null
  /** As typed, never rewritten (SPEC §5 'Sum': a whole number, grouped as the locale groups or not at all). */
  readonly amount: string
  /** SPEC §3: campaign_offer_id, -1 for none. */
  readonly offerId: number
  readonly requisites: Requisites
  readonly fieldErrors: DepositFieldErrors
  readonly alert: DepositAlert | null
  /** The idempotency key of the current attempt: made on submit, kept for a retry of the same body, dropped on any edit or answer. */
  readonly attemptKey: string | null
  readonly result: DepositResult | null
}

export type DepositEvent =
  | { type: 'deposit.method.select'; sysname: string }
  /** Back to the method list (phones show one at a time). */
  | { type: 'deposit.method.clear' }
  | { type: 'deposit.amount.change'; value: string }
  /** A preset button (SPEC §3 'Deposit amounts'). */
  | { type: 'deposit.amount.preset'; amount: string }
  /** An offer, or -1 for none. */
  | { type: 'deposit.offer.select'; id: number }
  | { type: 'deposit.requisite.change'; name: string; value: string }
  | { type: 'deposit.submit' }
  /** Load again after a failed load. */
  | { type: 'deposit.retry' }
  /** The player set a deposit limit from the form's offer: amounts are checked against it from now on. */
  | { type: 'deposit.limit.set'; limit: DepositLimit }

// ── actors ──────────────────────────────────────────────────────────────────

export type LoadDepositSettingsResult = CashierResult<{ readonly settings: DepositSettings }>
export type LoadDepositMethodsResult = CashierResult<{ readonly methods: readonly PaymentMethod[] }>
export type LoadDepositOffersResult = CashierResult<{ readonly offers: readonly DepositOffer[] }>
export type NoInput = Readonly<Record<string, never>>

/** makedeposit (SPEC §7) as the flow sends it. */
export interface MakeDepositInput {
  readonly method_id: number
  readonly method: string
  readonly amount: string
  readonly currency: string
  readonly campaign_offer_id: number
  readonly requisites: Requisites
  readonly idempotency_key: string
  readonly return_url?: string
}
export type MakeDepositResult = CashierResult<{ readonly result: DepositResult }>

// ── actions a provider implements ───────────────────────────────────────────

export interface DepositActionParams {
  /** Navigates to a result page with its transaction: /cashier/{page}/{transactionId}. */
  readonly goToResult: { readonly page: ResultPage; readonly transactionId: string }
  /** Leaves the site for the provider's hosted page (a full page load). */
  readonly redirectToProvider: { readonly url: string }
  /** Opens the provider's page in a new window (SPEC paynewwindow). */
  readonly openProviderWindow: { readonly url: string }
  /** Asks the balance refresh for fresh balances (after a success). */
  readonly refreshBalance: Readonly<Record<string, never>>
  readonly reportError: { readonly error: unknown }
  /** The page opens the fill-profile prompt (SPEC §2.4) for the fields the server named. */
  readonly askForProfile: { readonly event: ProfileDataRequired }
}
