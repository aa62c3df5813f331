import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { css, cx } from 'styled-system/css'
import { card as cardRecipe } from 'styled-system/recipes'
import { notificationsMachine } from '../../../machines/profile/notifications/notifications.machine'
import {
  selectContacts,
  selectNotificationsAlert,
  selectNotificationsDataState,
  selectSavedContact,
  selectSavingContact,
} from '../../../machines/profile/notifications/notifications.selectors'
import type { Contact } from '../../../machines/profile/notifications/notifications.types'
import { translate } from '../../../services/i18n/i18n'
import { formatStoredPhone } from '../../../shared/validation/phone'
import { useFlowActor } from '../../app/useFlowActor'
import { Alert } from '../../kit/Alert'
import { LoadFailed } from '../../kit/LoadFailed'
import { Skeleton } from '../../kit/Skeleton'
import { Spinner } from '../../kit/Spinner'

const card = cx(cardRecipe(), css({ mt: '2', maxW: '640px', display: 'grid', gap: '4' }))
const title = css({ textStyle: 'title' })
const muted = css({ color: 'textMuted' })
const list = css({ display: 'grid', gap: '2', listStyle: 'none', p: '0', m: '0' })
const row = css({
  display: 'grid', gridTemplateColumns: 'auto 1fr auto', gap: '3', alignItems: 'center', p: '3', borderRadius: 'md',
  border: '1px solid', borderColor: 'border', bg: 'surfaceRaised', cursor: 'pointer',
})
const checkbox = css({ width: '5', height: '5', m: '0', accentColor: 'var(--colors-accent)', cursor: 'pointer' })
const label = css({ display: 'grid', gap: '0.5' })
const what = css({ fontWeight: 'semibold' })
const where = css({ color: 'textMuted', fontSize: 'sm', overflowWrap: 'anywhere' })

/**
 * News and offers for each of the player's contacts (SPEC §3 'Contact', §7 changeSubscription).
 * Each switch saves at once and shows what the server saved; messages about the account itself
 * (a password change, a confirmation code) are sent whatever is chosen here.
 */
export function NotificationsSection() {
  const { i18n } = useLingui()
  const actor = useFlowActor(notificationsMachine)
  const contacts = useSelector(actor, selectContacts)
  const saving = useSelector(actor, selectSavingContact)
  const saved = useSelector(actor, selectSavedContact)
  const alert = useSelector(actor, selectNotificationsAlert)
  const dataState = useSelector(actor, selectNotificationsDataState)

  // A phone is kept as its digits, dial code first: shown as the international number it is.
  const shown = (c: Contact) => (c.type === 'phone' ? formatStoredPhone(c.contact, c.phone_country_code) : c.contact)
  const channel = (c: Contact) => (c.type === 'email' ? i18n._(msg`News and offers by e-mail`) : i18n._(msg`News and offers by SMS`))

  return (
    <section className={card} aria-labelledby="notifications-title" data-testid="notifications" data-state={dataState}>
      <h2 id="notifications-title" className={title}>
        <Trans>News and offers</Trans>
      </h2>
      <p className={muted}>
        <Trans>Choose where we may send you news about games, promotions and bonuses. Messages about your account and your money are always sent.</Trans>
      </p>
      {alert === 'loadFailed' ? (
        <LoadFailed onRetry={() => actor.send({ type: 'notifications.retry' })}>
          <Trans>Your contacts could not be read.</Trans>
        </LoadFailed>
      ) : null}
      {alert === 'saveFailed' ? (
        <Alert tone="error" data-testid="notifications-alert">
          <Trans>Your choice could not be saved. Please try again.</Trans>
        </Alert>
      ) : saved ? (
        <Alert tone="success" data-testid="notifications-saved">
          <Trans>Saved.</Trans>
        </Alert>
      ) : null}
      {contacts === null && alert === null ? <Skeleton height="56px" /> : null}
      {contacts && contacts.length === 0 ? (
        <p className={muted}>
          <Trans>Your account has no e-mail address or phone number to send news to.</Trans>
        </p>
      ) : null}
      {contacts && contacts.length > 0 ? (
        <ul className={list}>
          {contacts.map((c) => {
            const id = `subscription-${c.type}`
            return (
              <li key={c.contact}>
                <label className={row} htmlFor={id} data-testid="subscription" data-type={c.type}>
                  <input
                    id={id}
                    type="checkbox"
                    role="switch"
                    className={checkbox}
                    checked={c.is_subscribed}
                    disabled={saving !== null}
                    aria-busy={saving === c.contact}
                    aria-describedby={`${id}-contact`}
                    onChange={(e) => actor.send({ type: 'subscription.toggle', contact: c.contact, on: e.currentTarget.checked })}
                  />
                  <span className={label}>
                    <span className={what}>{channel(c)}</span>
                    <span id={`${id}-contact`} className={where}>
                      {!c.is_confirmed
                        ? translate(i18n, msg`{contact} (not confirmed yet)`, { contact: shown(c) })
                        : shown(c)}
                    </span>
                  </span>
                  {saving === c.contact ? <Spinner /> : <span />}
                </label>
              </li>
            )
          })}
        </ul>
      ) : null}
    </section>
  )
}
