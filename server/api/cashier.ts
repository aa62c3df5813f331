import type { FastifyInstance } from 'fastify'
import {
  CASHIER_ERROR_CODE,
  cancelwithdrawal,
  getbanks,
  getdepositinfo,
  getdepositoffers,
  getdepositsettings,
  getDepositLimit,
  getLossLimit,
  gethistory,
  gettransaction,
  getwithdrawsettings,
  makedeposit,
  makewithdrawal,
  setDepositLimit,
  setLossLimit,
} from '../../src/services/api/contract/cashier'
import { ApiError } from '../../src/shared/errors'
import { maxAmountMinor } from '../../src/shared/amount-limits'
import { minorToMajor, parseAmount } from '../../src/shared/money'
import { parseWholeAmount } from '../../src/shared/whole-amount'
import { getHistory, getTransaction, makeDeposit, playerCurrency } from '../domain/payments/cashier'
import { depositPresets } from '../domain/payments/deposit-presets'
import { depositLimitsState, setDepositLimit as setLimit, toContractLimit, type LimitRequest } from '../domain/payments/limits'
import { lossLimitsState, setLossLimit as setLossLimitOf } from '../domain/wallet/loss-limits'
import { methodsFor, savedCards, toContractMethod } from '../domain/payments/methods'
import { paymentProvider } from '../domain/payments/configured'
import { listDepositOffers } from '../domain/payments/offers'
import { cancelWithdrawal, makeWithdrawal, withdrawSettings } from '../domain/payments/withdrawals'
import { requireFeature } from './features'
import { playerCalls, registerCall } from './registrar'

/** The cashier area (SPEC §7 'Cashier') and the deposit limit calls of the account area, over server/domain/payments. */

export function cashierCalls(area: FastifyInstance): void {
  // SPEC §6: visitors see the offers regardless; a player sees each with the server's verdict.
  registerCall(area, getdepositoffers, async ({ request, db, locale, now }) => {
    const currency = request.playerId === null ? null : await playerCurrency(db, request.playerId)
    return { offers: await listDepositOffers(db, request.playerId, currency, locale, now) }
  })
  playerCalls(area, cashierPlayerCalls)
}

/**
 * A deposit's or withdrawal's amount as written, read in the request's locale by the parser the
 * forms use: its digits, or a typed 400 naming the rule. A decimal in any notation is refused here,
 * before the domain, which would take "10.5" as ten and a half.
 */
function wholeAmount(value: string, locale: string): string {
  const parsed = parseWholeAmount(value, locale)
  if (parsed.ok) return parsed.amount
  throw new ApiError({
    type: 'InvalidParameterException',
    code: CASHIER_ERROR_CODE.amountNotWhole,
    message: 'The amount must be a whole number.',
    invalidParameters: { amount: [parsed.reason === 'required' ? 'required' : 'wholeAmount'] },
    errorData: { reason: parsed.reason },
  })
}

function cashierPlayerCalls(app: FastifyInstance): void {
  const provider = () => paymentProvider(app.config)

  registerCall(app, getdepositsettings, async ({ playerId, db, now }) => {
    const currency = await playerCurrency(db, playerId)
    const methods = await methodsFor(db, provider()?.name ?? null, 'deposit', currency.code)
    const presets = depositPresets(methods, currency.exponent)
    const major = (v: bigint) => minorToMajor(v, currency.exponent).replace(/\.0+$/, '')
    const amounts = presets.amounts.map(major)
    const first = await db.selectFrom('payment_transactions').select('id').where('player_id', '=', playerId).where('type', '=', 'deposit').where('status', '=', 'success').limit(1).executeTakeFirst()
    return {
      currency: currency.code,
      amounts: { [currency.code]: amounts },
      default_amount: presets.defaultAmount === null ? null : major(presets.defaultAmount),
      deposit_limit: toContractLimit(await depositLimitsState(db, playerId, now)),
      is_first_deposit: !first,
    }
  })

  registerCall(app, getdepositinfo, async ({ playerId, db }) => {
    const currency = await playerCurrency(db, playerId)
    const p = provider()
    const saved = p ? await savedCards(db, playerId, p.name) : []
    const methods = await methodsFor(db, p?.name ?? null, 'deposit', currency.code)
    return { methods: methods.map((m) => toContractMethod(m, currency, saved)) }
  })

  registerCall(app, makedeposit, async ({ playerId, params, db, now, locale }) => {
    return makeDeposit(db, provider(), playerId, { ...params, amount: wholeAmount(params.amount, locale) }, now)
  })

  registerCall(app, gettransaction, async ({ playerId, params, db, now }) => {
    return getTransaction(db, playerId, params.id, now)
  })

  registerCall(app, gethistory, async ({ playerId, params, db, now }) => {
    return getHistory(db, playerId, params, now)
  })

  // No bank method of ours has a bank_select field (the IBAN names the bank): an honest empty list.
  registerCall(app, getbanks, async () => ({ banks: [] }))

  registerCall(app, getwithdrawsettings, async ({ playerId, db, now }) => {
    return withdrawSettings(db, provider(), playerId, now)
  })

  registerCall(app, makewithdrawal, async ({ playerId, params, db, now, locale }) => {
    return makeWithdrawal(db, provider(), playerId, { ...params, amount: wholeAmount(params.amount, locale) }, now)
  })

  registerCall(app, cancelwithdrawal, async ({ playerId, params, db, now }) => {
    return cancelWithdrawal(db, playerId, params.id, now)
  })
}

/**
 * The deposit and loss limit calls of the account area (mounted under /api/account, player-only),
 * over server/domain/payments/limits and server/domain/wallet/loss-limits: the same requests and rules.
 */
export function depositLimitCalls(app: FastifyInstance): void {
  limitCalls(app, getDepositLimit, setDepositLimit, depositLimitsState, setLimit)
  limitCalls(app, getLossLimit, setLossLimit, lossLimitsState, setLossLimitOf)
}

function limitCalls(
  app: FastifyInstance,
  get: typeof getDepositLimit,
  set: typeof setDepositLimit,
  read: typeof depositLimitsState,
  write: typeof setLimit,
): void {
  registerCall(app, get, async ({ playerId, db, now }) => {
    return toContractLimit(await read(db, playerId, now))
  })

  registerCall(app, set, async ({ playerId, params, db, now, locale }) => {
    // Switched off, no limit is set or lifted; one in force still holds at every deposit and stake.
    await requireFeature(app, locale, 'responsibleGaming')
    const currency = await playerCurrency(db, playerId)
    let asked: LimitRequest
    if (params.period === 'none') asked = { period: 'none' }
    else if (params.remove) asked = { period: params.period, remove: true }
    else {
      // No limit above what anyone may deposit at all: the currency's shared maximum.
      const cap = maxAmountMinor(currency.code, currency.exponent)
      const aboveMaximum = () =>
        new ApiError({
          type: 'InvalidParameterException',
          code: CASHIER_ERROR_CODE.amountOutOfBounds,
          message: 'The limit is above the largest amount the cashier takes.',
          invalidParameters: { limit_amount: ['maxValue'] },
          errorData: { min: null, max: cap === null ? null : { amount: minorToMajor(cap, currency.exponent), currency: currency.code } },
        })
      let limitAmount: bigint
      try {
        limitAmount = parseAmount(params.limit_amount!, currency.code, { exponent: currency.exponent, ...(cap === null ? {} : { max: cap }) })
      } catch (err) {
        const code = (err as { code?: string }).code ?? 'invalid'
        if (code === 'too_large') throw aboveMaximum()
        throw new ApiError({ type: 'InvalidParameterException', code: 'invalid_amount', message: (err as Error).message, invalidParameters: { limit_amount: [code] } })
      }
      asked = { period: params.period, limitAmount }
    }
    return toContractLimit(await write(db, playerId, { ...asked, currency: params.currency }, now))
  })
}
