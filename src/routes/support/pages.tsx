import { Trans } from '@lingui/react/macro'
import { SectionPage } from '../../ui/layout/SectionPage'
import { SupportChat } from '../../ui/support/chat/SupportChat'
import { FeedbackForm } from '../../ui/support/feedback/FeedbackForm'

export function SupportPage() {
  return (
    <SectionPage intro={<Trans>Get help from our team, day and night: chat with us, or write and we answer by e-mail.</Trans>}>
      <SupportChat />
      <FeedbackForm />
    </SectionPage>
  )
}
