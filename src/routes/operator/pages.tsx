import { OperatorChatPage as OperatorChat } from '../../ui/support/operator-chat/OperatorChatPage'

export function OperatorChatPage() {
  return <OperatorChat />
}
