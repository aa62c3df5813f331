import { Trans } from '@lingui/react/macro'
import { Link } from 'react-router'
import { css } from 'styled-system/css'
import { button } from 'styled-system/recipes'
import { SectionPage } from '../../ui/layout/SectionPage'
import { ContactConfirmation } from '../../ui/profile/contact-confirmation/ContactConfirmation'

// Full-width buttons on a phone, side by side from the tablet on.
const actions = css({ display: 'flex', gap: '3', flexWrap: 'wrap', mt: '2', '& > *': { flex: { base: '1 1 auto', tablet: '0 0 auto' } } })
const primaryLink = button({ variant: 'primary' })
const secondaryLink = button({ variant: 'secondary' })

/** SPEC §2.1 /confirmation: the code from the mail, typed or from its link. */
export function ConfirmationPage() {
  return (
    <SectionPage intro={<Trans>Confirm your e-mail address: it keeps your account safe, lets you recover it, and is needed to withdraw.</Trans>}>
      <ContactConfirmation />
    </SectionPage>
  )
}

/** SPEC §2.1 /confirmation/success: where a confirmation ends; withdrawals are open now. */
export function ConfirmationSuccessPage() {
  return (
    <SectionPage intro={<Trans>Your e-mail address is confirmed. Thank you.</Trans>}>
      <p data-testid="confirmation-success">
        <Trans>You can now withdraw your winnings.</Trans>
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
