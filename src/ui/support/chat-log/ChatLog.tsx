import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react'
import { useEffect, useRef, type ReactNode } from 'react'
import { css } from 'styled-system/css'
import type { OutgoingMessage } from '../../../machines/support/chat/chat.types'
import type { ChatMessage } from '../../../services/api/contract/support'
import { formatDateTime } from '../../../shared/format'

type Author = ChatMessage['author']

const log = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '2',
  maxH: { base: '50vh', tablet: '420px' },
  minH: '120px',
  overflowY: 'auto',
  p: '2',
  borderRadius: 'md',
  bg: 'bg',
})
const list = css({ display: 'flex', flexDirection: 'column', gap: '2', listStyle: 'none', m: '0', p: '0' })
const muted = css({ color: 'textMuted' })
// The reader's own messages on the right with the accent edge, the other side's on the left.
const bubble = css({
  maxW: '85%',
  px: '3',
  py: '2',
  borderRadius: 'lg',
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  color: 'text',
  borderWidth: '1px',
  '&[data-side=mine]': { alignSelf: 'flex-end', bg: 'surfaceRaised', borderColor: 'accent' },
  '&[data-side=theirs]': { alignSelf: 'flex-start', bg: 'surface', borderColor: 'border' },
})
const meta = css({ display: 'block', mt: '1', fontSize: 'xs', color: 'textMuted' })

/**
 * One support conversation as both sides read it (the player on /support, an operator on
 * /operator/chat): a live region that keeps its newest message in view. Bodies are text, never
 * markup. `testIdPrefix` names the log, its messages, the outgoing ones and the empty line.
 */
export function ChatLog({
  label,
  testIdPrefix,
  mine,
  messages,
  outgoing,
  authorName,
  empty,
}: {
  label: string
  testIdPrefix: string
  mine: Author
  messages: readonly ChatMessage[]
  outgoing: readonly OutgoingMessage[]
  authorName: (author: Author) => string
  empty?: ReactNode
}) {
  const { i18n } = useLingui()
  const end = useRef<HTMLLIElement>(null)
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'nearest' })
  }, [messages.length, outgoing.length])
  const time = (iso: string) => formatDateTime(iso, i18n.locale, { dateStyle: 'short', timeStyle: 'short' } as never)
  const side = (author: Author) => (author === mine ? 'mine' : 'theirs')
  return (
    <div className={log} role="log" aria-live="polite" aria-label={label} data-testid={`${testIdPrefix}-log`} tabIndex={0}>
      <ol className={list}>
        {empty && messages.length === 0 && outgoing.length === 0 ? (
          <li className={muted} data-testid={`${testIdPrefix}-empty`}>
            {empty}
          </li>
        ) : null}
        {messages.map((m) => (
          <li key={m.id} className={bubble} data-author={m.author} data-side={side(m.author)} data-testid={`${testIdPrefix}-message`} data-id={m.id}>
            {m.body}
            <span className={meta}>
              {authorName(m.author)} · <time dateTime={m.created_at}>{time(m.created_at)}</time>
            </span>
          </li>
        ))}
        {outgoing.map((m) => (
          <li key={m.key} className={bubble} data-author={mine} data-side="mine" data-testid={`${testIdPrefix}-outgoing`} data-failed={m.failed || undefined}>
            {m.body}
            <span className={meta}>{m.failed ? i18n._(msg`Not sent`) : i18n._(msg`Sending…`)}</span>
          </li>
        ))}
        <li ref={end} aria-hidden="true" />
      </ol>
    </div>
  )
}
