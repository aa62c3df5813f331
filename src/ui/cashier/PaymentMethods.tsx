import { Trans, useLingui } from '@lingui/react/macro'
import { css, cx } from 'styled-system/css'
import { muted } from 'styled-system/recipes'
import type { PaymentMethod, SavedRequisite } from '../../machines/cashier/cashier.types'
import { NEW_CARD } from '../../machines/cashier/cashier.types'
import type { FormErrors } from '../../shared/validation/rules'
import { translateError } from '../../shared/validation/messages'
import { formatAmount, formatAmountRange, formatShortAmount } from '../../shared/format-money'
import { parseDecimal } from '../../shared/money'
import { Image } from '../kit/Image'
import { Input } from '../kit/Input'
import { Select } from '../kit/Select'
import { Skeleton } from '../kit/Skeleton'

const list = css({ display: 'grid', gridTemplateColumns: { base: '1fr', tablet: 'repeat(2, 1fr)', desktop: 'repeat(3, 1fr)' }, gap: '3', listStyle: 'none', p: '0', m: '0' })
const item = css({
  w: 'full',
  display: 'grid',
  gridTemplateColumns: '48px 1fr',
  gap: '3',
  alignItems: 'center',
  textAlign: 'left',
  p: '3',
  minH: '16',
  borderRadius: 'lg',
  border: '1px solid',
  borderColor: 'border',
  bg: 'surface',
  color: 'text',
  cursor: 'pointer',
  _hover: { borderColor: 'accent' },
  '&[aria-pressed=true]': { borderColor: 'accent', boxShadow: '0 0 0 1px var(--colors-accent)' },
  _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' },
})
const icon = css({ w: '12', h: '12', objectFit: 'contain', borderRadius: 'md', bg: 'white', p: '1' })
const name = css({ fontWeight: 'semibold', display: 'block' })
const meta = css({ fontSize: 'xs', color: 'textMuted', display: 'block' })

/** A method's bounds in the player's currency: "$10 – $5,000" or "from $10". */
export function useMethodFacts(method: PaymentMethod, currency: string) {
  const { i18n, t } = useLingui()
  const limit = method.limits.find((l) => l.currency === currency) ?? null
  const range = limit ? formatAmountRange(limit.min, limit.max, currency, i18n.locale) : null
  const bounds = range ? (range.max === null ? t`from ${range.min}` : `${range.min} – ${range.max}`) : null
  const percent = parseDecimal(method.fee.percent).units > 0n ? method.fee.percent : null
  const fixed = method.fee.fixed.find((f) => f.currency === currency && parseDecimal(f.amount).units > 0n) ?? null
  const fixedText = fixed ? formatShortAmount(fixed.amount, fixed.currency, i18n.locale) : null
  const fee =
    percent && fixedText ? t`Fee ${percent}% + ${fixedText}` : percent ? t`Fee ${percent}%` : fixedText ? t`Fee ${fixedText}` : t`No fee`
  const minutes = method.processing_minutes
  const time = minutes === null ? null : minutes === 0 ? t`Instant` : minutes < 60 ? t`About ${minutes} min` : t`About ${Math.round(minutes / 60)} h`
  return { bounds, fee, time }
}

function MethodItem({ method, currency, selected, onSelect }: { method: PaymentMethod; currency: string; selected: boolean; onSelect: () => void }) {
  const { bounds, fee, time } = useMethodFacts(method, currency)
  return (
    <li>
      <button type="button" className={item} aria-pressed={selected} onClick={onSelect} data-testid="cashier-method" data-sysname={method.sysname}>
        {/* The light variant: the icon sits on its own white tile in both themes. */}
        <Image className={icon} src={method.icon.light} alt="" width={48} height={48} fit="contain" />
        <span>
          <span className={name}>{method.name}</span>
          {method.description.short ? <span className={meta}>{method.description.short}</span> : null}
          <span className={meta}>{[bounds, fee, time].filter(Boolean).join(' · ')}</span>
        </span>
      </button>
    </li>
  )
}

export function MethodList({
  methods,
  currency,
  selected,
  onSelect,
  label,
}: {
  methods: readonly PaymentMethod[]
  currency: string
  selected: string | null
  onSelect: (sysname: string) => void
  label: string
}) {
  return (
    <ul className={list} aria-label={label} data-testid="cashier-methods">
      {methods.map((m) => (
        <MethodItem key={m.sysname} method={m} currency={currency} selected={m.sysname === selected} onSelect={() => onSelect(m.sysname)} />
      ))}
    </ul>
  )
}

export function MethodListSkeleton() {
  return (
    <ul className={list} aria-hidden="true" data-testid="cashier-methods-loading">
      {[0, 1, 2].map((i) => (
        <li key={i} className={cx(item, css({ cursor: 'default' }))}>
          <Skeleton width={48} height={48} radius="md" />
          <span className={css({ display: 'grid', gap: '1' })}>
            <Skeleton width="60%" />
            <Skeleton width="80%" height="0.75em" />
          </span>
        </li>
      ))}
    </ul>
  )
}

/**
 * A new card's number, typed for the payment provider's card fields (a payout to a card not saved
 * yet): the flow sends it there, never to our API.
 */
export interface NewCardEntry {
  /** The provider has card fields: 'New card' may be chosen. */
  readonly allowed: boolean
  readonly value: string
  readonly error?: FormErrors<string>[string]
  readonly onChange: (value: string) => void
}

/**
 * The method's requisites form (SPEC §3 requisites, §5): a card field is a choice of saved cards or
 * a new one. For a deposit a new card is entered on the provider's page; for a payout with
 * `newCard`, its number is typed here, below the choice (or alone when nothing is saved).
 */
export function RequisiteFields({
  method,
  values,
  errors,
  saved,
  onChange,
  newCard,
}: {
  method: PaymentMethod
  values: Readonly<Record<string, string>>
  errors: FormErrors<string>
  saved: (field: string) => SavedRequisite[]
  onChange: (name: string, value: string) => void
  newCard?: NewCardEntry
}) {
  const { i18n, t } = useLingui()
  const labels: Record<string, string> = {
    card: t`Card`,
    iban: t`IBAN`,
    email: t`E-mail`,
    phone: t`Phone number`,
    crypto_address: t`Wallet address`,
    bank_select: t`Bank`,
    text: t`Details`,
  }
  return (
    <>
      {method.requisites.map((field) => {
        const error = errors[field.name] ? translateError(i18n, errors[field.name]!) : undefined
        const label = field.name === 'card_holder' ? t`Card holder` : field.name === 'bank_code' ? t`Bank code` : (labels[field.input] ?? field.name)
        if (field.input === 'card') {
          const cards = saved(field.name)
          const value = values[field.name] ?? NEW_CARD
          const number =
            newCard?.allowed && value === NEW_CARD ? (
              <Input
                key={`${field.name}-new`}
                name="new_card_number"
                label={t`Card number`}
                value={newCard.value}
                mask="#### #### #### #### ###"
                autoComplete="cc-number"
                spellCheck={false}
                hint={t`Sent straight to our payment provider: we keep only the first 6 and last 4 digits.`}
                error={newCard.error ? translateError(i18n, newCard.error) : undefined}
                onChange={(e) => newCard.onChange(e.currentTarget.value)}
                data-testid="withdraw-card-number"
              />
            ) : null
          // Nothing saved to choose from: the number field alone (a payout), or a word on where
          // the number is asked for (a deposit: the provider's page), not a select of one choice.
          if (newCard?.allowed && cards.length === 0) return number
          if (!newCard && cards.length === 0) {
            return (
              <p key={field.name} className={css({ color: 'textMuted', fontSize: 'xs' })} data-testid={`requisite-${field.name}-hosted`}>
                <Trans>You enter the card on the next, secure page.</Trans>
              </p>
            )
          }
          return (
            <div key={field.name} className={css({ display: 'grid', gap: '4' })}>
              <Select
                name={field.name}
                label={label}
                value={value}
                error={error}
                onChange={(e) => onChange(field.name, e.currentTarget.value)}
                data-testid={`requisite-${field.name}`}
              >
                {cards.map((s) => (
                  <option key={s.value} value={s.value}>
                    {s.expires ? `${s.label} (${s.expires})` : s.label}
                  </option>
                ))}
                {!newCard || newCard.allowed ? <option value={NEW_CARD}>{t`New card`}</option> : null}
              </Select>
              {number}
            </div>
          )
        }
        return (
          <Input
            key={field.name}
            name={field.name}
            label={label}
            value={values[field.name] ?? ''}
            error={error}
            mask={field.mask ?? undefined}
            type={field.input === 'email' ? 'email' : field.input === 'phone' ? 'tel' : 'text'}
            autoComplete="off"
            spellCheck={false}
            onChange={(e) => onChange(field.name, e.currentTarget.value)}
            data-testid={`requisite-${field.name}`}
          />
        )
      })}
    </>
  )
}

/** The method's fee on the typed amount and what reaches the account (the server takes the same). */
export function FeePreview({ preview, currency }: { preview: { fee: string; net: string } | null; currency: string }) {
  const { i18n } = useLingui()
  if (!preview || /^0(\.0+)?$/.test(preview.fee)) return null
  const fee = formatAmount({ amount: preview.fee, currency }, i18n.locale)
  const net = formatAmount({ amount: preview.net, currency }, i18n.locale)
  return (
    <p className={muted()} data-testid="payment-fee" data-fee={preview.fee} data-net={preview.net} aria-live="polite">
      <Trans>
        Fee {fee} · You receive {net}
      </Trans>
    </p>
  )
}

