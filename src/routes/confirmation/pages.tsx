import { Trans } from '@lingui/react/macro'
import { Link, useSearchParams } from 'react-router'
import { css } from 'styled-system/css'
import { button } from 'styled-system/recipes'
import { SectionPage } from '../../ui/layout/SectionPage'
import { ContactConfirmation } from '../../ui/profile/contact-confirmation/ContactConfirmation'

// Full-width buttons on a phone, side by side from the tablet on.
const actions = css({ display: 'flex', gap: '3', flexWrap: 'wrap', mt: '2', '& > *': { flex: { base: '1 1 auto', tablet: '0 0 auto' } } })
const primaryLink = button({ variant: 'primary' })
const secondaryLink = button({ variant: 'secondary' })

/** SPEC §2.1 /confirmation: the code from the mail (or the text message, ?contact=phone), typed or from its link. */
export function ConfirmationPage() {
  const [query] = useSearchParams()
  return (
    <SectionPage
      intro={
        query.get('contact') === 'phone' ? (
          <Trans>Confirm your phone number: it keeps your account safe and lets us reach you about your account.</Trans>
        ) : (
          <Trans>Confirm your e-mail address: it keeps your account safe, lets you recover it, and is needed to withdraw.</Trans>
        )
      }
    >
      <ContactConfirmation />
    </SectionPage>
  )
}

/** SPEC §2.1 /confirmation/success: where a confirmation ends; withdrawals are open now. */
export function ConfirmationSuccessPage() {
  const [query] = useSearchParams()
  const phone = query.get('contact') === 'phone'
  return (
    <SectionPage intro={phone ? <Trans>Your phone number is confirmed. Thank you.</Trans> : <Trans>Your e-mail address is confirmed. Thank you.</Trans>}>
      <p data-testid="confirmation-success">
        {phone ? <Trans>You can now get news and offers by SMS, if you wish, in your notification settings.</Trans> : <Trans>You can now withdraw your winnings.</Trans>}
      </p>
      <div className={actions}>
        <Link className={primaryLink} to="/cashier/withdraw">
          <Trans>Go to withdrawal</Trans>
        </Link>
        <Link className={secondaryLink} to="/gamehall">
          <Trans>Back to the games</Trans>
        </Link>
      </div>
    </SectionPage>
  )
}
