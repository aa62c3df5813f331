import { useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import type { ValidationError } from '../../shared/validation/rules'
import { translateError } from '../../shared/validation/messages'
import { Input } from '../kit/Input'

/**
 * The amount of a deposit or a payout (SPEC §5 'Sum'): whole numbers typed as text in the page's
 * locale, so the phone shows digits and the flow, not the browser, reads and refuses what was typed.
 */
export function AmountField({ currency, value, hint, error, onChange, testId }: { currency: string; value: string; hint?: ReactNode; error?: ValidationError; onChange: (value: string) => void; testId: string }) {
  const { i18n, t } = useLingui()
  return (
    <Input
      name="amount"
      label={t`Amount (${currency})`}
      inputMode="numeric"
      autoComplete="off"
      value={value}
      hint={hint}
      error={error ? translateError(i18n, error) : undefined}
      onChange={(e) => onChange(e.currentTarget.value)}
      data-testid={testId}
    />
  )
}
