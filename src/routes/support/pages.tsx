import { Trans } from '@lingui/react/macro'
import { SectionPage } from '../../ui/layout/SectionPage'
import { FeedbackForm } from '../../ui/support/feedback/FeedbackForm'

export function SupportPage() {
  return (
    <SectionPage intro={<Trans>Get help from our team, day and night. Write to us and we answer by e-mail.</Trans>}>
      <FeedbackForm />
    </SectionPage>
  )
}
