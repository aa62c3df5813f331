import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { useEffect, type FormEvent, type KeyboardEvent } from 'react'
import { css, cx } from 'styled-system/css'
import { card as cardRecipe } from 'styled-system/recipes'
import { selectIsLoggedIn, selectSupportChatRef } from '../../../machines/app/app/app.selectors'
import type { chatMachine } from '../../../machines/support/chat/chat.machine'
import {
  selectChatAlert,
  selectChatCanRetrySend,
  selectChatDataState,
  selectChatDraft,
  selectChatDraftError,
  selectChatMessages,
  selectChatOutbox,
  selectChatStatus,
} from '../../../machines/support/chat/chat.selectors'
import { translate } from '../../../services/i18n/i18n'
import { CHAT_MESSAGE_MAX } from '../../../shared/support-chat'
import { translateError } from '../../../shared/validation/messages'
import { useAppSelector, useDialogs } from '../../app/AppProviders'
import { AUTH_DIALOG_ID } from '../../auth/auth-popup/AuthPopupShell.ids'
import { Alert } from '../../kit/Alert'
import { Button } from '../../kit/Button'
import { ChatLog } from '../chat-log/ChatLog'
import { LoadFailed } from '../../kit/LoadFailed'
import { Spinner } from '../../kit/Spinner'
import { TextArea } from '../../kit/TextArea'
import { useHydrated } from '../../kit/useActorValue'
import type { ActorRefFrom } from 'xstate'

type ChatRef = ActorRefFrom<typeof chatMachine>

const card = cx(cardRecipe(), css({ maxW: '640px', w: 'full', display: 'grid', gap: '4' }))
const title = css({ textStyle: 'title' })
const muted = css({ color: 'textMuted' })
const form = css({ display: 'grid', gap: '3' })
const actions = css({ display: 'flex', gap: '3', flexWrap: 'wrap', alignItems: 'center', '& > button': { flex: { base: '1 1 auto', tablet: '0 0 auto' } } })

/**
 * The built-in support chat on /support (docs/support-chat.md): a player writes, the operators
 * answer, and the answer shows while the page is open (the socket's notice). A visitor is asked to
 * log in: the conversation belongs to the account.
 */
export function SupportChat() {
  const ref = useAppSelector(selectSupportChatRef) as ChatRef | null
  const loggedIn = useAppSelector(selectIsLoggedIn)
  const hydrated = useHydrated()
  if (!loggedIn) return <VisitorChat />
  // The server's HTML and the first render in the browser: the conversation is read once hydrated.
  if (!ref || !hydrated) return <Frame dataState="supportChat.waiting" busy />
  return <PlayerChat chat={ref} />
}

function Frame({ children, dataState, busy = false }: { children?: React.ReactNode; dataState: string; busy?: boolean }) {
  return (
    <section className={card} aria-labelledby="support-chat-title" data-testid="support-chat" data-state={dataState} aria-busy={busy || undefined}>
      <h2 id="support-chat-title" className={title}>
        <Trans>Chat with us</Trans>
      </h2>
      {children ?? <Spinner />}
    </section>
  )
}

function VisitorChat() {
  const dialogs = useDialogs()
  const openLogin = () => dialogs.send({ type: 'dialog.open', dialog: { id: AUTH_DIALOG_ID, kind: 'auth', props: { view: 'authorization' } } })
  return (
    <Frame dataState="supportChat.visitor">
      <p className={muted}>
        <Trans>Log in to chat with our support team. Your conversation stays with your account.</Trans>
      </p>
      <div className={actions}>
        <Button variant="primary" onClick={openLogin} data-testid="support-chat-login">
          <Trans>Log in to chat</Trans>
        </Button>
      </div>
    </Frame>
  )
}

function PlayerChat({ chat }: { chat: ChatRef }) {
  const { i18n } = useLingui()
  const status = useSelector(chat, selectChatStatus)
  const messages = useSelector(chat, selectChatMessages)
  const outbox = useSelector(chat, selectChatOutbox)
  const draft = useSelector(chat, selectChatDraft)
  const draftError = useSelector(chat, selectChatDraftError)
  const alert = useSelector(chat, selectChatAlert)
  const canRetry = useSelector(chat, selectChatCanRetrySend)
  const dataState = useSelector(chat, selectChatDataState)

  // Showing is what opens the conversation (and marks it read); leaving the page closes it.
  useEffect(() => {
    chat.send({ type: 'chat.open' })
    return () => chat.send({ type: 'chat.close' })
  }, [chat])

  const submit = (e: FormEvent) => {
    e.preventDefault()
    chat.send({ type: 'chat.send' })
  }
  // Enter sends, Shift+Enter starts a new line, as in every chat.
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault()
      chat.send({ type: 'chat.send' })
    }
  }

  if (status === 'loading') return <Frame dataState={dataState} busy />
  if (status === 'unavailable')
    return (
      <Frame dataState={dataState}>
        <LoadFailed onRetry={() => chat.send({ type: 'chat.retry' })}>
          <Trans>The chat could not be loaded.</Trans>
        </LoadFailed>
      </Frame>
    )
  return (
    <Frame dataState={dataState}>
      <p className={muted}>
        <Trans>Our team answers here. If you have left the site by then, we send the answer to your e-mail.</Trans>
      </p>
      <ChatLog
        label={i18n._(msg`Conversation with support`)}
        testIdPrefix="support-chat"
        mine="player"
        messages={messages}
        outgoing={outbox}
        authorName={(author) => (author === 'operator' ? i18n._(msg`Support`) : i18n._(msg`You`))}
        empty={<Trans>No messages yet. Ask us anything.</Trans>}
      />
      {alert ? (
        <Alert
          tone="error"
          data-testid="support-chat-alert"
          data-message-id={alert.messageId}
          action={
            canRetry ? (
              <Button variant="secondary" size="sm" onClick={() => chat.send({ type: 'chat.retry' })} data-testid="support-chat-retry">
                <Trans>Retry</Trans>
              </Button>
            ) : undefined
          }
        >
          {alert.messageId === 'tooMany'
            ? translate(i18n, msg`You are sending messages quickly. Wait {seconds} seconds, then retry.`, { seconds: Math.max(1, alert.retryAfterSec ?? 30) })
            : i18n._(msg`Your message was not sent. Check your connection and retry.`)}
        </Alert>
      ) : null}
      <form className={form} onSubmit={submit} noValidate>
        <TextArea
          label={i18n._(msg`Your message`)}
          name="chat-message"
          rows={3}
          hint={translate(i18n, msg`{count} of {max} characters. Enter sends, Shift+Enter starts a new line.`, { count: [...draft].length, max: CHAT_MESSAGE_MAX })}
          value={draft}
          error={draftError ? translateError(i18n, draftError) : undefined}
          onChange={(e) => chat.send({ type: 'chat.draft.change', value: e.currentTarget.value })}
          onKeyDown={onKeyDown}
          data-testid="support-chat-input"
        />
        <div className={actions}>
          <Button type="submit" variant="primary" data-testid="support-chat-send">
            <Trans>Send</Trans>
          </Button>
        </div>
      </form>
    </Frame>
  )
}
