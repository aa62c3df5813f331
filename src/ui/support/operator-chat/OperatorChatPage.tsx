import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { useState, type FormEvent, type KeyboardEvent } from 'react'
import { css, cx } from 'styled-system/css'
import { card as cardRecipe } from 'styled-system/recipes'
import { operatorChatMachine } from '../../../machines/support/operator-chat/operator-chat.machine'
import { randomKeyPrefix } from '../../../machines/support/chat/chat.rules'
import {
  selectOperatorAlert,
  selectOperatorChats,
  selectOperatorChecking,
  selectOperatorConversation,
  selectOperatorDataState,
  selectOperatorDraft,
  selectOperatorDraftError,
  selectOperatorLocked,
  selectOperatorLogin,
  selectOperatorMessages,
  selectOperatorOutgoing,
  selectOperatorSelected,
  selectOperatorSendFailed,
  selectOperatorSending,
  selectOperatorTokenDraft,
  selectOperatorTotalUnread,
} from '../../../machines/support/operator-chat/operator-chat.selectors'
import type { OperatorAlertId } from '../../../machines/support/operator-chat/operator-chat.types'
import { translate } from '../../../services/i18n/i18n'
import { CHAT_MESSAGE_MAX } from '../../../shared/support-chat'
import { translateError } from '../../../shared/validation/messages'
import { useFlowActor } from '../../app/useFlowActor'
import { Alert } from '../../kit/Alert'
import { Button } from '../../kit/Button'
import { ChatLog } from '../chat-log/ChatLog'
import { Form } from '../../kit/Form'
import { Input } from '../../kit/Input'
import { LoadFailed } from '../../kit/LoadFailed'
import { Spinner } from '../../kit/Spinner'
import { TextArea } from '../../kit/TextArea'

const page = css({ maxW: '1200px', mx: 'auto', p: { base: '3', tablet: '6' }, display: 'grid', gap: '4' })
const card = cx(cardRecipe(), css({ display: 'grid', gap: '3', alignContent: 'start' }))
const heading = css({ textStyle: 'title' })
const muted = css({ color: 'textMuted' })
const columns = css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', desktop: '320px 1fr' }, alignItems: 'start' })
const list = css({ display: 'grid', gap: '1', listStyle: 'none', m: '0', p: '0', maxH: { desktop: '70vh' }, overflowY: 'auto' })
const item = css({
  w: 'full',
  textAlign: 'start',
  display: 'grid',
  gap: '1',
  p: '3',
  borderRadius: 'md',
  bg: 'surface',
  borderWidth: '1px',
  borderColor: 'border',
  cursor: 'pointer',
  _hover: { borderColor: 'accent' },
  '&[aria-current=true]': { borderColor: 'accent', bg: 'surfaceRaised' },
  _disabled: { cursor: 'not-allowed', opacity: 0.6 },
})
const row = css({ display: 'flex', justifyContent: 'space-between', gap: '2', alignItems: 'center' })
const preview = css({ color: 'textMuted', fontSize: 'sm', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' })
const count = css({ minW: '6', px: '2', borderRadius: 'full', bg: 'accent', color: 'accentText', fontSize: 'xs', fontWeight: 'bold', textAlign: 'center' })
const actions = css({ display: 'flex', gap: '3', flexWrap: 'wrap' })

const ALERTS: Record<OperatorAlertId, ReturnType<typeof msg>> = {
  badToken: msg`That operator token is not right.`,
  unavailable: msg`The operator service does not answer. Is the operator token set up on this server?`,
  unknownPlayer: msg`That player does not exist.`,
  notSent: msg`The answer was not sent. Retry.`,
}

/**
 * /operator/chat: the operators' side of the built-in support chat (docs/support-chat.md). The
 * operator token unlocks it for this page only (it is kept in memory, never stored).
 */
export function OperatorChatPage() {
  const { i18n } = useLingui()
  const [keyPrefix] = useState(randomKeyPrefix)
  const actor = useFlowActor(operatorChatMachine, { input: { keyPrefix } })
  const locked = useSelector(actor, selectOperatorLocked)
  const checking = useSelector(actor, selectOperatorChecking)
  const alert = useSelector(actor, selectOperatorAlert)
  const dataState = useSelector(actor, selectOperatorDataState)
  const tokenDraft = useSelector(actor, selectOperatorTokenDraft)
  const totalUnread = useSelector(actor, selectOperatorTotalUnread)
  const alertBox = alert ? (
    <Alert tone="error" data-testid="operator-chat-alert" data-message-id={alert}>
      {i18n._(ALERTS[alert])}
    </Alert>
  ) : null

  if (locked || checking) {
    const unlock = (e: FormEvent) => {
      e.preventDefault()
      actor.send({ type: 'op.unlock' })
    }
    return (
      <main className={page} data-testid="operator-chat" data-state={dataState}>
        <section className={cx(card, css({ maxW: '480px', w: 'full', mx: 'auto' }))} aria-labelledby="operator-chat-title">
          <h1 id="operator-chat-title" className={heading}>
            <Trans>Support chat for operators</Trans>
          </h1>
          <p className={muted}>
            <Trans>Enter the operator token to read and answer the players' messages.</Trans>
          </p>
          {alertBox}
          <Form flow={actor} onSubmit={unlock} className={css({ display: 'grid', gap: '3' })}>
            <Input
              label={i18n._(msg`Operator token`)}
              name="operator-token"
              type="password"
              autoComplete="off"
              value={tokenDraft}
              onChange={(e) => actor.send({ type: 'op.token.change', value: e.currentTarget.value })}
            />
            <div className={actions}>
              <Button type="submit" variant="primary" loading={checking} data-testid="operator-chat-unlock">
                <Trans>Open the chats</Trans>
              </Button>
            </div>
          </Form>
        </section>
      </main>
    )
  }
  return (
    <main className={page} data-testid="operator-chat" data-state={dataState}>
      <div className={row}>
        <h1 className={heading}>
          {totalUnread > 0 ? translate(i18n, msg`Support chats ({count} unread)`, { count: totalUnread }) : i18n._(msg`Support chats`)}
        </h1>
        <Button variant="secondary" onClick={() => actor.send({ type: 'op.lock' })}>
          <Trans>Lock</Trans>
        </Button>
      </div>
      {alertBox}
      <div className={columns}>
        <Conversations actor={actor} />
        <Conversation actor={actor} />
      </div>
    </main>
  )
}

type OperatorActor = ReturnType<typeof useFlowActor<typeof operatorChatMachine>>

function Conversations({ actor }: { actor: OperatorActor }) {
  const { i18n } = useLingui()
  const chats = useSelector(actor, selectOperatorChats)
  const selected = useSelector(actor, selectOperatorSelected)
  const sending = useSelector(actor, selectOperatorSending)
  return (
    <section className={card} aria-labelledby="operator-chats-title">
      <h2 id="operator-chats-title" className={css({ textStyle: 'label' })}>
        <Trans>Conversations</Trans>
      </h2>
      {chats.length === 0 ? (
        <p className={muted} data-testid="operator-chats-empty">
          <Trans>No player has written yet.</Trans>
        </p>
      ) : (
        <ul className={list} data-testid="operator-chats">
          {chats.map((c) => (
            <li key={c.player_id}>
              <button
                type="button"
                className={item}
                aria-current={c.player_id === selected}
                disabled={sending}
                data-testid="operator-chat-item"
                data-login={c.login}
                data-unread={c.unread}
                onClick={() => actor.send({ type: 'op.select', playerId: c.player_id })}
              >
                <span className={row}>
                  <strong>{c.login}</strong>
                  {c.unread > 0 ? (
                    <span className={count} aria-label={translate(i18n, msg`{count} unread`, { count: c.unread })}>
                      {c.unread}
                    </span>
                  ) : null}
                </span>
                <span className={preview}>
                  {c.last.author === 'operator' ? `${i18n._(msg`You`)}: ` : ''}
                  {c.last.body}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

function Conversation({ actor }: { actor: OperatorActor }) {
  const { i18n } = useLingui()
  const status = useSelector(actor, selectOperatorConversation)
  const login = useSelector(actor, selectOperatorLogin)
  const messages = useSelector(actor, selectOperatorMessages)
  const draft = useSelector(actor, selectOperatorDraft)
  const draftError = useSelector(actor, selectOperatorDraftError)
  const outgoing = useSelector(actor, selectOperatorOutgoing)
  const sending = useSelector(actor, selectOperatorSending)
  const failed = useSelector(actor, selectOperatorSendFailed)
  if (status === 'none')
    return (
      <section className={card}>
        <p className={muted}>
          <Trans>Choose a conversation to read and answer it.</Trans>
        </p>
      </section>
    )
  if (status === 'loading')
    return (
      <section className={card} aria-busy="true">
        <Spinner />
      </section>
    )
  if (status === 'failed')
    return (
      <section className={card}>
        <LoadFailed onRetry={() => actor.send({ type: 'op.retry' })}>
          <Trans>The conversation could not be loaded.</Trans>
        </LoadFailed>
      </section>
    )
  const submit = (e: FormEvent) => {
    e.preventDefault()
    actor.send({ type: 'op.send' })
  }
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault()
      actor.send({ type: 'op.send' })
    }
  }
  return (
    <section className={card} aria-labelledby="operator-conversation-title" data-testid="operator-conversation">
      <h2 id="operator-conversation-title" className={css({ textStyle: 'label' })}>
        {login}
      </h2>
      <ChatLog
        label={translate(i18n, msg`Conversation with {login}`, { login })}
        testIdPrefix="operator-chat"
        mine="operator"
        messages={messages}
        outgoing={outgoing ? [{ key: outgoing.key, body: outgoing.body, failed }] : []}
        authorName={(author) => (author === 'operator' ? i18n._(msg`Support`) : login)}
      />
      {failed ? (
        <div className={actions}>
          <Button variant="secondary" onClick={() => actor.send({ type: 'op.retry' })}>
            <Trans>Retry</Trans>
          </Button>
        </div>
      ) : null}
      <form className={css({ display: 'grid', gap: '3' })} onSubmit={submit} noValidate>
        <TextArea
          label={i18n._(msg`Your answer`)}
          name="operator-answer"
          rows={3}
          hint={translate(i18n, msg`{count} of {max} characters`, { count: [...draft].length, max: CHAT_MESSAGE_MAX })}
          value={draft}
          error={draftError ? translateError(i18n, draftError) : undefined}
          onChange={(e) => actor.send({ type: 'op.draft.change', value: e.currentTarget.value })}
          onKeyDown={onKeyDown}
          data-testid="operator-chat-input"
        />
        <div className={actions}>
          <Button type="submit" variant="primary" loading={sending} data-testid="operator-chat-send">
            <Trans>Send answer</Trans>
          </Button>
        </div>
      </form>
    </section>
  )
}
