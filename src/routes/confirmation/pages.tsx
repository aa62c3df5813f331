import { Trans } from '@lingui/react/macro'
import { SectionPage } from '../../ui/layout/SectionPage'

export function ConfirmationPage() {
  return <SectionPage intro={<Trans>Confirm your e-mail address or phone number.</Trans>} empty={<Trans>Open the link we sent you to confirm your contact.</Trans>} />
}

export function ConfirmationSuccessPage() {
  return <SectionPage intro={<Trans>Your contact is confirmed. Thank you.</Trans>} />
}
