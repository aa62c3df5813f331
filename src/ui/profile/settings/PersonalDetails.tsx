import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { useEffect, type FormEvent } from 'react'
import { Link, useNavigate } from 'react-router'
import { css, cx } from 'styled-system/css'
import { card as cardRecipe } from 'styled-system/recipes'
import { selectAccount } from '../../../machines/app/app/app.selectors'
import { profileSettingsMachine } from '../../../machines/profile/profile-settings/profile-settings.machine'
import { isLocked, isUnderAge } from '../../../machines/profile/profile-settings/profile-settings.rules'
import {
  selectIdentityLocked,
  selectSavedProfile,
  selectNextFakenameChangeAt,
  selectProfileAlert,
  selectProfileBusy,
  selectProfileDataState,
  selectProfileDirty,
  selectProfileErrors,
  selectProfileSaving,
  selectProfileValues,
  selectShownFields,
} from '../../../machines/profile/profile-settings/profile-settings.selectors'
import { PROFILE_SAVED, type ProfileDataField, type ProfileField } from '../../../machines/profile/profile-settings/profile-settings.types'
import { DEFAULT_LOCALE, isLocale } from '../../../shared/locales'
import { serverErrorCode, type ValidationError } from '../../../shared/validation/rules'
import { translateError } from '../../../shared/validation/messages'
import { useAppActor, useAppSelector } from '../../app/AppProviders'
import { useFlowActor } from '../../app/useFlowActor'
import { Alert } from '../../kit/Alert'
import { Button } from '../../kit/Button'
import { Form } from '../../kit/Form'
import { Input } from '../../kit/Input'
import { LoadFailed } from '../../kit/LoadFailed'
import { Select } from '../../kit/Select'
import { Skeleton } from '../../kit/Skeleton'
import { AUTOCOMPLETE, countryName, fieldChoices, FIELD_LABELS } from '../field-labels'
import { FakenameSection } from './FakenameSection'
import { ContactsSection } from './ContactsSection'

const card = cx(cardRecipe(), css({ mt: '2', maxW: '640px', display: 'grid', gap: '4' }))
const title = css({ textStyle: 'title' })
const muted = css({ color: 'textMuted' })
const form = css({ display: 'grid', gap: '4' })
const pair = css({ display: 'grid', gap: '4', gridTemplateColumns: { base: 'minmax(0, 1fr)', tablet: 'repeat(2, minmax(0, 1fr))' } })
const actions = css({ display: 'flex', gap: '3', flexWrap: 'wrap', '& > *': { flex: { base: '1 1 auto', tablet: '0 0 auto' } } })
const row = css({ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: '3', flexWrap: 'wrap' })
const link = css({ color: 'accent', fontWeight: 'semibold' })

/** Server codes no SPEC §5 rule makes: said plainly. */
const CODE_MESSAGES: Record<string, MessageDescriptor> = {
  locked: msg`Your identity is verified, so this stays as your documents show it. To correct it, contact support.`,
  cpf: msg`This is not a valid CPF. Check the eleven digits.`,
  invalid: msg`Choose one of the options.`,
  date: msg`You must be 18 or older to play.`,
}

/** Why the player was sent here (the fill-profile prompt's toastType). */
const REASONS: Record<string, MessageDescriptor> = {
  fill_for_withdrawal: msg`Fill in your details to withdraw. You will go back to your withdrawal once they are saved.`,
  fill_for_deposit: msg`Fill in your details to deposit. You will go back to the cashier once they are saved.`,
  fill_for_verification: msg`Fill in your details to verify your identity. You will go back to verification once they are saved.`,
}

export interface PersonalDetailsProps {
  /** Where the player came from (the query's `from`), already checked as a same-origin path. */
  readonly returnTo: string | null
  /** The fill-profile prompt's toastType, saying why the player is here. */
  readonly reason: string | null
}

/**
 * /profile/settings (SPEC §2.1, §3 'Profile', §7 saveProfileInfo): the personal details by the
 * country's field list, the nickname, the currency (changed on the wallet page while it may
 * change). The details flow keeps what was typed through every refusal; a save that came from the
 * fill-profile prompt goes back to where the player was.
 */
export function PersonalDetails({ returnTo, reason }: PersonalDetailsProps) {
  const { i18n } = useLingui()
  const app = useAppActor()
  const navigate = useNavigate()
  const account = useAppSelector(selectAccount)
  const actor = useFlowActor(profileSettingsMachine, { input: { identityLocked: account.is_verified || account.is_on_verification, returnTo } })
  const fields = useSelector(actor, selectShownFields)
  const values = useSelector(actor, selectProfileValues)
  const errors = useSelector(actor, selectProfileErrors)
  const alert = useSelector(actor, selectProfileAlert)
  const busy = useSelector(actor, selectProfileBusy)
  const saving = useSelector(actor, selectProfileSaving)
  const dirty = useSelector(actor, selectProfileDirty)
  const locked = useSelector(actor, selectIdentityLocked)
  const saved = useSelector(actor, selectSavedProfile)
  const dataState = useSelector(actor, selectProfileDataState)
  const nextFakenameChange = useSelector(actor, selectNextFakenameChangeAt)
  const loaded = dataState !== 'profile-settings.loading' && dataState !== 'profile-settings.loadFailed'
  const locale = isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE

  useEffect(() => {
    const subscription = actor.on(PROFILE_SAVED, (event) => {
      // The country may have changed: the account (header, cashier rules) reads it again.
      app.send({ type: 'session.refresh' })
      if (event.returnTo) void navigate(event.returnTo)
    })
    return () => subscription.unsubscribe()
  }, [actor, app, navigate])

  const errorText = (name: string, error: ValidationError | undefined): string | undefined => {
    if (!error) return undefined
    const code = serverErrorCode(error)
    if (code && CODE_MESSAGES[code]) return i18n._(CODE_MESSAGES[code])
    if (name === 'birth_date' && isUnderAge(error, values.birth_date)) return i18n._(CODE_MESSAGES.date!)
    return translateError(i18n, error)
  }
  const change = (name: Exclude<ProfileDataField, 'country_code'>) => (e: { currentTarget: { value: string } }) =>
    actor.send({ type: 'profile.field.change', name, value: e.currentTarget.value })
  const submit = (e: FormEvent) => {
    e.preventDefault()
    actor.send({ type: 'profile.submit' })
  }

  const control = (field: ProfileField) => {
    const sysname = field.sysname as ProfileDataField
    const label = i18n._(FIELD_LABELS[field.sysname])
    const readOnly = isLocked(sysname, locked, saved)
    const hint = readOnly ? i18n._(msg`Verified`) : field.is_required ? undefined : i18n._(msg`Optional`)
    const list = field.options.list ?? []
    const common = { key: sysname, label, name: sysname, hint, error: errorText(sysname, errors[sysname]), 'data-testid': `profile-${sysname}` }
    if (sysname === 'country_code') {
      return (
        <Select
          {...common}
          autoComplete="country"
          required={field.is_required}
          placeholder={values.country_code === '' ? i18n._(msg`Choose`) : undefined}
          disabled={readOnly || busy}
          value={values.country_code}
          onChange={(e) => actor.send({ type: 'profile.country.change', countryCode: e.currentTarget.value })}
        >
          {values.country_code && !list.some((c) => c.value === values.country_code) ? <option value={values.country_code}>{countryName(locale, values.country_code, values.country_code)}</option> : null}
          {list.map((c) => (
            <option key={c.value} value={c.value}>
              {countryName(locale, c.value, c.label)}
            </option>
          ))}
        </Select>
      )
    }
    if (field.type === 'select' || field.type === 'region' || sysname === 'sex') {
      const choices = fieldChoices(i18n, field.sysname, list)
      return (
        <Select {...common} required={field.is_required} disabled={readOnly} placeholder={i18n._(msg`Choose`)} value={values[sysname]} onChange={change(sysname as Exclude<ProfileDataField, 'country_code'>)}>
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
        {...common}
        required={field.is_required}
        readOnly={readOnly}
        type="text"
        inputMode={isDate || field.options.mask?.startsWith('#') ? 'numeric' : undefined}
        autoComplete={AUTOCOMPLETE[field.sysname]}
        mask={field.options.mask ?? undefined}
        placeholder={isDate ? i18n._(msg`dd.mm.yyyy`) : undefined}
        value={values[sysname]}
        onChange={change(sysname as Exclude<ProfileDataField, 'country_code'>)}
      />
    )
  }

  return (
    <>
      <section className={card} aria-labelledby="details-title" data-testid="profile-details" data-state={dataState} aria-busy={busy || undefined}>
        <h2 id="details-title" className={title}>
          <Trans>Personal details</Trans>
        </h2>
        {reason && REASONS[reason] ? (
          <Alert tone="info" data-testid="profile-reason">
            {i18n._(REASONS[reason])}
          </Alert>
        ) : null}
        {alert === 'loadFailed' ? (
          <LoadFailed onRetry={() => actor.send({ type: 'profile.retry' })}>
            <Trans>Your details could not be read.</Trans>
          </LoadFailed>
        ) : null}
        {dataState === 'profile-settings.loading' ? <Skeleton height="220px" /> : null}
        {loaded ? (
          <Form flow={actor} className={form} onSubmit={submit}>
            <p className={muted}>
              {locked ? (
                <Trans>Your identity is verified: your name, birth date, country and document stay as your documents show them.</Trans>
              ) : (
                <Trans>What we ask for depends on your country. Give your details as your identity document shows them.</Trans>
              )}
            </p>
            {alert === 'saved' ? (
              <Alert tone="success" data-testid="profile-saved">
                <Trans>Your details are saved.</Trans>
              </Alert>
            ) : null}
            {alert === 'saveFailed' ? (
              <Alert tone="error" data-testid="profile-alert">
                <Trans>Your details could not be saved. Nothing you typed is lost; please try again.</Trans>
              </Alert>
            ) : null}
            {alert === 'fieldsFailed' ? (
              <Alert tone="error" data-testid="profile-alert">
                <Trans>That country’s details could not be read. Your country is unchanged; please try again.</Trans>
              </Alert>
            ) : null}
            <div className={pair}>{fields.map(control)}</div>
            <div className={actions}>
              <Button type="submit" variant="primary" loading={saving} disabled={!dirty || (busy && !saving)} data-testid="profile-save">
                <Trans>Save</Trans>
              </Button>
              {dirty && !busy ? (
                <Button variant="secondary" onClick={() => actor.send({ type: 'profile.reset' })} data-testid="profile-undo">
                  <Trans>Undo changes</Trans>
                </Button>
              ) : null}
            </div>
          </Form>
        ) : null}
      </section>
      <ContactsSection />
      {loaded ? <FakenameSection current={account.fakename} nextChangeAt={nextFakenameChange} /> : null}
      <section className={card} aria-labelledby="currency-title" data-testid="profile-currency">
        <div className={row}>
          <h2 id="currency-title" className={title}>
            <Trans>Currency</Trans>
          </h2>
          <strong>{account.balance_main?.currency ?? '—'}</strong>
        </div>
        <p className={muted}>
          <Trans>
            Your balances are kept in your account currency. You can change it on your{' '}
            <Link to="/cashier/wallet" className={link}>
              wallet page
            </Link>{' '}
            while no deposit limit holds it.
          </Trans>
        </p>
      </section>
    </>
  )
}
