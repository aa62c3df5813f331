import { Trans, useLingui } from '@lingui/react/macro'
import { css } from 'styled-system/css'
import { LIMIT_DAYS, type LimitAlert, type LimitDays } from '../../../machines/responsible/deposit-limit/deposit-limit.types'
import { isLimitDays } from '../../../machines/responsible/deposit-limit/deposit-limit.rules'
import type { FormErrors } from '../../../shared/validation/rules'
import { translateError } from '../../../shared/validation/messages'
import { Alert } from '../../kit/Alert'
import { Input } from '../../kit/Input'
import { Select } from '../../kit/Select'

const row = css({ display: 'grid', gap: '3', gridTemplateColumns: { base: '1fr', tablet: 'minmax(160px, 1fr) minmax(160px, 1fr)' }, alignItems: 'start' })

/** The period's name (SPEC §9: 1, 7, 14, 30 days). */
export function usePeriodLabel() {
  const { t } = useLingui()
  return (days: LimitDays | 'none'): string => {
    switch (days) {
      case 1:
        return t`Daily (24 hours)`
      case 7:
        return t`Weekly (7 days)`
      case 14:
        return t`14 days`
      case 30:
        return t`Monthly (30 days)`
      default:
        return t`No limit`
    }
  }
}

/** The period after an amount: '$100.00 per day'. */
export function usePerPeriod() {
  const { t } = useLingui()
  return (days: LimitDays): string => {
    switch (days) {
      case 1:
        return t`per day`
      case 7:
        return t`per week`
      case 14:
        return t`per 14 days`
      default:
        return t`per 30 days`
    }
  }
}

/** Period and amount of a deposit limit: the responsible-gaming page and the first-deposit offer share them. */
export function LimitFields({
  period,
  amount,
  currency,
  errors,
  disabled,
  testIdPrefix,
  onPeriod,
  onAmount,
}: {
  period: LimitDays
  amount: string
  currency: string
  errors: FormErrors<'amount'>
  disabled?: boolean
  testIdPrefix: string
  onPeriod: (period: LimitDays) => void
  onAmount: (value: string) => void
}) {
  const { i18n, t } = useLingui()
  const label = usePeriodLabel()
  return (
    <div className={row}>
      <Select
        name="period"
        label={t`Period`}
        value={String(period)}
        disabled={disabled}
        onChange={(e) => {
          const days = Number(e.currentTarget.value)
          if (isLimitDays(days)) onPeriod(days)
        }}
        data-testid={`${testIdPrefix}-period`}
      >
        {LIMIT_DAYS.map((d) => (
          <option key={d} value={d}>
            {label(d)}
          </option>
        ))}
      </Select>
      <Input
        name="limit_amount"
        label={currency ? t`Limit (${currency})` : t`Limit`}
        inputMode="numeric"
        autoComplete="off"
        value={amount}
        disabled={disabled}
        error={errors.amount ? translateError(i18n, errors.amount) : undefined}
        onChange={(e) => onAmount(e.currentTarget.value)}
        data-testid={`${testIdPrefix}-amount`}
      />
    </div>
  )
}

export function LimitAlertBox({ alert, testId }: { alert: LimitAlert | null; testId: string }) {
  if (!alert) return null
  return (
    <Alert tone="error" data-testid={testId} data-message={alert.messageId}>
      {alert.messageId === 'locked' ? (
        <Trans>Your deposit limit cannot be changed right now. Please try again later.</Trans>
      ) : (
        <Trans>Something went wrong. Please try again.</Trans>
      )}
    </Alert>
  )
}
