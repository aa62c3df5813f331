import { Trans } from '@lingui/react/macro'
import { SectionPage } from '../../ui/layout/SectionPage'

export function SignInFormPage() {
  return <SectionPage intro={<Trans>Log in to your account.</Trans>} empty={<Trans>The sign-in form will appear here.</Trans>} />
}

export function SignUpFormPage() {
  return <SectionPage intro={<Trans>Create your account.</Trans>} empty={<Trans>The sign-up form will appear here.</Trans>} />
}
