import { useLingui } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { useEffect } from 'react'
import { Link } from 'react-router'
import type { ActorRefFrom } from 'xstate'
import { css } from 'styled-system/css'
import { selectBuiltinChat, selectChatWidgetRef, selectSupportChatRef } from '../../../machines/app/app/app.selectors'
import type { chatMachine } from '../../../machines/support/chat/chat.machine'
import { selectChatUnread } from '../../../machines/support/chat/chat.selectors'
import { isChatBadgeVisible } from '../../../shared/route-names'
import { useAppSelector } from '../../app/AppProviders'
import { Icon } from '../../icons/Icon'
import { useRouteHandle } from '../../layout/route-handle'

type ChatRef = ActorRefFrom<typeof chatMachine>

const launcher = css({
  display: { base: 'none', laptop: 'inline-flex' },
  position: 'fixed',
  right: '6',
  bottom: '6',
  zIndex: 'header',
  alignItems: 'center',
  gap: '2',
  px: '4',
  h: '12',
  borderRadius: 'full',
  bg: 'accent',
  color: 'accentText',
  fontWeight: 'semibold',
  textDecoration: 'none',
  boxShadow: 'lg',
  _hover: { filter: 'brightness(1.08)' },
  _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' },
})
const dot = css({ minW: '5', h: '5', px: '1', borderRadius: 'full', bg: 'danger', color: 'white', fontSize: 'xs', fontWeight: 'bold', display: 'inline-grid', placeItems: 'center', lineHeight: '1' })

/** The unread answers of the support chat, for a badge; 0 before the page has hydrated and for visitors. */
export function ChatUnreadCount({ className }: { className?: string }) {
  const ref = useAppSelector(selectSupportChatRef) as ChatRef | null
  return ref ? <Count chat={ref} className={className} /> : null
}

function Count({ chat, className }: { chat: ChatRef; className?: string }) {
  const { t } = useLingui()
  const unread = useSelector(chat, selectChatUnread)
  if (unread === 0) return null
  return (
    <span className={className ?? dot} data-testid="chat-unread" aria-label={t`${unread} unread`}>
      {unread > 99 ? '99+' : unread}
    </span>
  )
}

/**
 * The built-in support chat's launcher (SPEC §2.6, §4 'Chat widget'), on wide screens (phones have
 * Chat in the bottom bar): hidden on betting and game pages, and on the support page, which is the chat.
 */
export function ChatBadge() {
  const { t } = useLingui()
  const handle = useRouteHandle()
  // A vendor's widget brings its own launcher (hidden on the same routes by ChatWidgetRoute).
  const builtin = useAppSelector(selectBuiltinChat)
  if (!builtin) return null
  if (!handle || handle.hideChatBadge || !isChatBadgeVisible(handle.name) || handle.name === 'support') return null
  return (
    <Link to="/support" className={launcher} data-testid="chat-badge">
      <Icon name="chat" />
      <span>{t`Chat`}</span>
      <ChatUnreadCount />
    </Link>
  )
}

/**
 * Tells a vendor's chat widget where the player is, so its own launcher hides on the routes the
 * badge does (SPEC §2.6). Rendered on every page, game pages included, where the badge is not.
 */
export function ChatWidgetRoute() {
  const name = useRouteHandle()?.name ?? null
  const widget = useAppSelector(selectChatWidgetRef)
  useEffect(() => {
    widget?.send({ type: 'route.changed', routeName: name })
  }, [widget, name])
  return null
}
