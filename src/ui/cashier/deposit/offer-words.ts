import { useLingui } from '@lingui/react/macro'
import type { DepositOffer } from '../../../machines/cashier/cashier.types'
import { formatShortAmount } from '../../../shared/format-money'

export interface OfferWords {
  /** The big figure: "100%" ("100 %" in German), or the number of free spins. */
  readonly figure: string | null
  /** The line under the figure: "on your first deposit, up to $500". */
  readonly line: string | null
  /** The cap of a percent bonus in `currency` ("$500"); null when it has none there. */
  readonly cap: string | null
  /** The offer's smallest deposit in `currency` ("$20"); null when any amount does. */
  readonly minimum: string | null
}

/**
 * How an offer is worded, from its data alone: the registration banner and the cashier both word
 * it here, so what the site promises is what the cashier offers. `currency`: the player's (the
 * cashier) or the one chosen in the sign-up form; a cap in no such currency is left out.
 */
export function useOfferWords(offer: DepositOffer, currency: string | null): OfferWords {
  const { i18n, t } = useLingui()
  const locale = i18n.locale
  const promotion = offer.promotions[0] ?? null
  const capMoney = currency ? promotion?.max_amount?.find((m) => m.currency === currency) : undefined
  const cap = capMoney ? formatShortAmount(capMoney.amount, capMoney.currency, locale) : null
  const minMoney = currency ? offer.trigger.params.min_amount?.find((m) => m.currency === currency) : undefined
  const minimum = minMoney ? formatShortAmount(minMoney.amount, minMoney.currency, locale) : null
  const number = promotion ? Number(promotion.value) : NaN
  if (!promotion || !Number.isFinite(number)) return { figure: null, line: null, cap, minimum }
  if (promotion.type === 'bonus_percent') {
    const figure = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(number / 100)
    const line =
      offer.audience === 'first_deposit'
        ? cap
          ? t`on your first deposit, up to ${cap}`
          : t`on your first deposit`
        : offer.audience === 'returning'
          ? cap
            ? t`on your next deposit, up to ${cap}`
            : t`on your next deposit`
          : cap
            ? t`on your deposit, up to ${cap}`
            : t`on your deposit`
    return { figure, line, cap, minimum }
  }
  if (promotion.type === 'freespins') {
    const line = offer.audience === 'first_deposit' ? t`free spins with your first deposit` : offer.audience === 'returning' ? t`free spins with your next deposit` : t`free spins with your deposit`
    return { figure: new Intl.NumberFormat(locale).format(number), line, cap, minimum }
  }
  return { figure: null, line: null, cap, minimum }
}
