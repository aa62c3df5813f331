import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { useEffect, type FormEvent } from 'react'
import { Link, useNavigate } from 'react-router'
import { css, cx } from 'styled-system/css'
import { card as cardRecipe } from 'styled-system/recipes'
import { contactsMachine } from '../../../machines/profile/contacts/contacts.machine'
import {
  selectContactList,
  selectContactsAlert,
  selectContactsBusy,
  selectContactsDataState,
  selectPhoneCountries,
  selectPhoneCountry,
  selectPhoneError,
  selectPhoneFormOpen,
  selectPhoneMask,
  selectPhoneNumber,
} from '../../../machines/profile/contacts/contacts.selectors'
import { PHONE_CODE_SENT, type Contact } from '../../../machines/profile/contacts/contacts.types'
import { DEFAULT_LOCALE, isLocale } from '../../../shared/locales'
import { formatStoredPhone } from '../../../shared/validation/phone'
import { phoneCountryOf } from '../../../machines/profile/contacts/contacts.rules'
import { serverErrorCode } from '../../../shared/validation/rules'
import { translateError } from '../../../shared/validation/messages'
import { useFlowActor } from '../../app/useFlowActor'
import { Alert } from '../../kit/Alert'
import { Button } from '../../kit/Button'
import { Form } from '../../kit/Form'
import { Input } from '../../kit/Input'
import { LoadFailed } from '../../kit/LoadFailed'
import { Select } from '../../kit/Select'
import { Skeleton } from '../../kit/Skeleton'
import { countryName } from '../field-labels'
import { EmailChangeForm } from './EmailChangeForm'
import { selectAccount } from '../../../machines/app/app/app.selectors'
import { useAppSelector } from '../../app/AppProviders'

const card = cx(cardRecipe(), css({ mt: '2', maxW: '640px', display: 'grid', gap: '3' }))
const title = css({ textStyle: 'title' })
const muted = css({ color: 'textMuted' })
const list = css({ display: 'grid', gap: '2', listStyle: 'none', p: '0', m: '0' })
const row = css({
  display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) auto', gap: '3', alignItems: 'center', p: '3', borderRadius: 'md',
  border: '1px solid', borderColor: 'border', bg: 'surfaceRaised',
})
const what = css({ fontWeight: 'semibold' })
const where = css({ color: 'textMuted', fontSize: 'sm', overflowWrap: 'anywhere' })
const badge = css({ fontSize: 'sm', fontWeight: 'semibold', whiteSpace: 'nowrap' })
const ok = css({ color: 'success' })
const form = css({ display: 'grid', gap: '3', gridTemplateColumns: { base: 'minmax(0, 1fr)', tablet: 'minmax(0, 2fr) minmax(0, 3fr)' } })
const actions = css({ gridColumn: '1 / -1', display: 'flex', gap: '3', flexWrap: 'wrap', '& > *': { flex: { base: '1 1 auto', tablet: '0 0 auto' } } })
const link = css({ color: 'accent', fontWeight: 'semibold', fontSize: 'sm' })

const taken = msg`Another account has this number. Use a different one.`

/**
 * The player's e-mail and phone (SPEC §3 'Contact', §4 'Contact editing'): each with whether it is
 * confirmed; a phone is added or changed with its country's mask (a pasted number finds its own
 * country), and then confirmed with the code texted to it on /confirmation.
 */
export function ContactsSection() {
  const { i18n } = useLingui()
  const navigate = useNavigate()
  const actor = useFlowActor(contactsMachine)
  const contacts = useSelector(actor, selectContactList)
  const countries = useSelector(actor, selectPhoneCountries)
  const country = useSelector(actor, selectPhoneCountry)
  const mask = useSelector(actor, selectPhoneMask)
  const number = useSelector(actor, selectPhoneNumber)
  const error = useSelector(actor, selectPhoneError)
  const alert = useSelector(actor, selectContactsAlert)
  const open = useSelector(actor, selectPhoneFormOpen)
  const busy = useSelector(actor, selectContactsBusy)
  const dataState = useSelector(actor, selectContactsDataState)
  const locale = isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE
  const login = useAppSelector((s) => selectAccount(s).login)

  useEffect(() => {
    const subscription = actor.on(PHONE_CODE_SENT, () => void navigate('/confirmation?contact=phone'))
    return () => subscription.unsubscribe()
  }, [actor, navigate])

  const email = contacts?.find((c) => c.type === 'email') ?? null
  const phone = contacts?.find((c) => c.type === 'phone') ?? null
  const submit = (e: FormEvent) => {
    e.preventDefault()
    actor.send({ type: 'phone.submit' })
  }
  const errorText = () => {
    if (!error) return undefined
    if (serverErrorCode(error) === 'taken') return i18n._(taken)
    return translateError(i18n, error)
  }
  const status = (contact: Contact) =>
    contact.is_confirmed ? (
      <span className={cx(badge, ok)}>
        <Trans>Confirmed</Trans>
      </span>
    ) : (
      <span className={badge}>
        <Trans>Not confirmed</Trans>
      </span>
    )

  return (
    <section className={card} aria-labelledby="contacts-title" data-testid="contacts" data-state={dataState} aria-busy={busy || undefined}>
      <h2 id="contacts-title" className={title}>
        <Trans>Contacts</Trans>
      </h2>
      <p className={muted}>
        <Trans>We use these to reach you about your account and your money. Confirm them so that only you can receive its codes.</Trans>
      </p>
      {alert === 'loadFailed' ? (
        <LoadFailed onRetry={() => actor.send({ type: 'contacts.retry' })}>
          <Trans>Your contacts could not be read.</Trans>
        </LoadFailed>
      ) : null}
      {alert === 'sendFailed' ? (
        <Alert tone="error" data-testid="contacts-alert">
          <Trans>The code could not be sent by SMS just now. Please try again in a few minutes.</Trans>
        </Alert>
      ) : null}
      {contacts === null && alert === null ? <Skeleton height="112px" /> : null}
      {contacts ? (
        <ul className={list}>
          {email ? (
            <li className={row} data-testid="contact" data-type="email">
              <span>
                <span className={what}>
                  <Trans>E-mail</Trans>
                </span>
                <br />
                <span className={where}>{email.contact}</span>
              </span>
              {email.is_confirmed ? (
                status(email)
              ) : (
                <Link to="/confirmation" className={link}>
                  <Trans>Confirm</Trans>
                </Link>
              )}
            </li>
          ) : null}
          {phone ? (
            <li className={row} data-testid="contact" data-type="phone" data-confirmed={phone.is_confirmed}>
              <span>
                <span className={what}>
                  <Trans>Phone</Trans>
                </span>
                <br />
                <span className={where}>{formatStoredPhone(phone.contact, phone.phone_country_code, countries.map(phoneCountryOf))}</span>
              </span>
              {phone.is_confirmed ? (
                status(phone)
              ) : (
                <Button size="sm" variant="secondary" loading={busy && !open} disabled={busy} onClick={() => actor.send({ type: 'phone.confirm' })} data-testid="phone-confirm">
                  <Trans>Confirm</Trans>
                </Button>
              )}
            </li>
          ) : null}
        </ul>
      ) : null}
      {contacts ? <EmailChangeForm hasEmail={email !== null} login={login} /> : null}
      {open ? (
        <Form flow={actor} className={form} onSubmit={submit} data-testid="phone-form">
          <Select label={i18n._(msg`Country code`)} name="phone_country_code" autoComplete="tel-country-code" value={country} disabled={busy} onChange={(e) => actor.send({ type: 'phone.country.change', country: e.currentTarget.value })}>
            {countries.map((c) => (
              <option key={c.country_code} value={c.country_code}>
                {`${countryName(locale, c.country_code, c.name)} +${c.phone_code}`}
              </option>
            ))}
          </Select>
          <Input
            label={i18n._(msg`Phone number`)}
            name="phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            mask={mask ?? undefined}
            placeholder={mask?.replace(/#/g, '0')}
            hint={i18n._(msg`Pasting a number with its country code picks the country for you.`)}
            value={number}
            error={errorText()}
            readOnly={busy}
            onChange={(e) => actor.send({ type: 'phone.number.change', value: e.currentTarget.value })}
            onPaste={(e) => {
              const text = e.clipboardData.getData('text')
              if (!text) return
              e.preventDefault()
              actor.send({ type: 'phone.paste', text })
            }}
            data-testid="phone-number"
          />
          <div className={actions}>
            <Button type="submit" variant="primary" loading={busy} data-testid="phone-save">
              <Trans>Save and send a code</Trans>
            </Button>
            <Button variant="secondary" disabled={busy} onClick={() => actor.send({ type: 'phone.cancel' })}>
              <Trans>Cancel</Trans>
            </Button>
          </div>
        </Form>
      ) : contacts ? (
        <div>
          <Button variant="secondary" disabled={busy} onClick={() => actor.send({ type: 'phone.add' })} data-testid="phone-add">
            {phone ? <Trans>Change phone</Trans> : <Trans>Add a phone</Trans>}
          </Button>
        </div>
      ) : null}
    </section>
  )
}
