import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react'
import { useSelector } from '@xstate/react'
import { currencyOptions } from '../../../machines/auth/registration/registration.rules'
import { selectFallbackCurrencies, selectFieldErrors, selectFieldList, selectValues } from '../../../machines/auth/registration/registration.selectors'
import type { EditableField, ProfileField, ProfileFieldSysname } from '../../../machines/auth/registration/registration.types'
import { DEFAULT_LOCALE, isLocale } from '../../../shared/locales'
import { Input } from '../../kit/Input'
import { AUTOCOMPLETE, countryName, fieldChoices, FIELD_LABELS } from '../../profile/field-labels'
import { Select } from '../../kit/Select'
import type { RegistrationRef } from './registration-ref'
import { useRegistrationErrorText } from './useRegistrationErrorText'

/** One profile field of the country's list (SPEC §3), as its type says. */
export function ProfileFieldInput({ actor, field }: { actor: RegistrationRef; field: ProfileField }) {
  const { i18n } = useLingui()
  const errorText = useRegistrationErrorText()
  const values = useSelector(actor, selectValues)
  const errors = useSelector(actor, selectFieldErrors)
  const locale = isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE
  const change = (name: EditableField) => (e: { currentTarget: { value: string } }) =>
    actor.send({
      type: 'reg.field.change',
      name,
      value: e.currentTarget.value,
    })
  const label = i18n._(FIELD_LABELS[field.sysname])
  const list = field.options.list ?? []
  if (field.type === 'country_code') {
    return (
      <Select
        key={field.sysname}
        label={label}
        name="country_code"
        autoComplete="country"
        value={values.profile.country_code ?? ''}
        error={errorText('country_code', errors.country_code)}
        onChange={(e) =>
          actor.send({
            type: 'reg.country.change',
            countryCode: e.currentTarget.value,
          })
        }
      >
        {list.map((c) => (
          <option key={c.value} value={c.value}>
            {countryName(locale, c.value, c.label)}
          </option>
        ))}
      </Select>
    )
  }
  if (field.sysname === 'currency') return <CurrencySelect actor={actor} />
  const name = field.sysname as EditableField
  if (field.type === 'select' || field.type === 'region' || field.sysname === 'sex') {
    const choices = fieldChoices(i18n, field.sysname, list)
    return (
      <Select
        key={field.sysname}
        label={label}
        name={field.sysname}
        required={field.is_required}
        placeholder={field.sysname === 'sex' ? i18n._(msg`Choose`) : undefined}
        value={values.profile[field.sysname as keyof typeof values.profile] ?? ''}
        error={errorText(field.sysname, errors[field.sysname])}
        onChange={change(name)}
      >
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </Select>
    )
  }
  const isDate = field.type === 'date'
  return (
    <Input
      key={field.sysname}
      label={label}
      name={field.sysname}
      required={field.is_required}
      type={field.sysname === 'email' ? 'email' : field.type === 'phone' ? 'tel' : field.type === 'password' ? 'password' : 'text'}
      autoComplete={AUTOCOMPLETE[field.sysname]}
      mask={field.options.mask ?? undefined}
      placeholder={isDate ? i18n._(msg`dd.mm.yyyy`) : undefined}
      hint={field.is_required ? undefined : i18n._(msg`Optional`)}
      value={values.profile[field.sysname as keyof typeof values.profile] ?? ''}
      error={errorText(field.sysname, errors[field.sysname] ?? (field.sysname === 'mobile' ? errors['phone'] : undefined))}
      onChange={change(name)}
    />
  )
}

/** The currency select: the field list's currencies, else the site's (SPEC §3). */
export function CurrencySelect({ actor }: { actor: RegistrationRef }) {
  const { i18n } = useLingui()
  const errorText = useRegistrationErrorText()
  const currency = useSelector(actor, (s) => selectValues(s).currency)
  const error = useSelector(actor, (s) => selectFieldErrors(s).currency)
  const allFields = useSelector(actor, selectFieldList)
  const fallbackCurrencies = useSelector(actor, selectFallbackCurrencies)
  const currencies = currencyOptions(allFields, fallbackCurrencies)
  const change = (e: { currentTarget: { value: string } }) =>
    actor.send({
      type: 'reg.field.change',
      name: 'currency',
      value: e.currentTarget.value,
    })
  return (
    <Select
      key="currency"
      label={i18n._(FIELD_LABELS.currency)}
      name="currency"
      required
      placeholder={currency === '' ? i18n._(msg`Choose`) : undefined}
      value={currency}
      error={errorText('currency', error)}
      onChange={change}
    >
      {currencies.map((c) => (
        <option key={c} value={c}>
          {c}
        </option>
      ))}
    </Select>
  )
}
