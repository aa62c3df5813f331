// A day typed as dd.mm.yyyy (the history filters): a text field, digits keyboard, the one error
// wording. The flow reads the text; this field only shows it and hands every change on.
import { useLingui } from '@lingui/react/macro'
import { Input } from './Input'

export function DayInput({
  name,
  label,
  value,
  invalid,
  describedBy,
  onChange,
  className,
  testId,
}: {
  name: string
  label: string
  value: string
  invalid: boolean
  /** The id of the hint that says how to write a day. */
  describedBy: string
  onChange: (value: string) => void
  className?: string
  testId: string
}) {
  const { t } = useLingui()
  return (
    <Input
      className={className}
      name={name}
      type="text"
      inputMode="decimal"
      autoComplete="off"
      spellCheck={false}
      maxLength={10}
      label={label}
      placeholder={t`dd.mm.yyyy`}
      aria-describedby={describedBy}
      value={value}
      error={invalid ? t`Enter a date as dd.mm.yyyy, for example 31.01.2026.` : undefined}
      onChange={(e) => onChange(e.currentTarget.value)}
      data-testid={testId}
    />
  )
}
