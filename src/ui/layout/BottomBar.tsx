import { useLingui } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { NavLink } from 'react-router'
import { css } from 'styled-system/css'
import { selectIsDialogOpen } from '../../machines/app/dialog-stack/dialog-stack.selectors'
import { useDialogs } from '../app/AppProviders'
import { Icon } from '../icons/Icon'
import type { IconName } from '../../shared/icons'
import { ChatUnreadCount } from '../support/chat/ChatBadge'
import { SITE_MENU_DIALOG_ID } from './site-menu.ids'

// The bar's own height plus the phone's home-indicator inset, so its buttons never sit under it.
const bar = css({
  display: { base: 'grid', laptop: 'none' }, gridTemplateColumns: 'repeat(5, 1fr)',
  position: 'fixed', insetX: '0', bottom: '0', zIndex: 'header',
  h: 'calc(token(sizes.16) + env(safe-area-inset-bottom, 0px))', pb: 'env(safe-area-inset-bottom, 0px)',
  bg: 'surface', borderTop: '1px solid token(colors.border)',
})
const unreadDot = css({ position: 'absolute', top: '1', insetInlineStart: 'calc(50% + 6px)', minW: '4', h: '4', px: '1', borderRadius: 'full', bg: 'danger', color: 'white', fontSize: '2xs', fontWeight: 'bold', lineHeight: '4', textAlign: 'center' })
const item = css({
  position: 'relative',
  display: 'grid', placeItems: 'center', alignContent: 'center', gap: '1', color: 'textMuted', textDecoration: 'none',
  bg: 'transparent', border: 'none', cursor: 'pointer', font: 'inherit', fontSize: 'xs',
  '&[aria-current=page], &[aria-expanded=true]': { color: 'accent' },
  _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '-2px' },
})

/** Phone bottom bar of DESIGN 'Layout': Casino, Sports, Promotions, Chat, Menu. Hidden inside a game. */
export function BottomBar() {
  const { t } = useLingui()
  const dialogs = useDialogs()
  const menuOpen = useSelector(dialogs, selectIsDialogOpen(SITE_MENU_DIALOG_ID))
  const items: { to: string; icon: IconName; label: string }[] = [
    { to: '/gamehall', icon: 'casino', label: t`Casino` },
    { to: '/betting', icon: 'sports', label: t`Sports` },
    { to: '/promotions', icon: 'promotions', label: t`Promotions` },
    { to: '/support', icon: 'chat', label: t`Chat` },
  ]
  return (
    <nav className={bar} aria-label={t`Quick navigation`} data-testid="bottom-bar" data-bottom-bar="">
      {items.map((i) => (
        <NavLink key={i.to} to={i.to} className={item}>
          <Icon name={i.icon} />
          <span>{i.label}</span>
          {i.to === '/support' ? <ChatUnreadCount className={unreadDot} /> : null}
        </NavLink>
      ))}
      <button
        type="button"
        className={item}
        aria-haspopup="dialog"
        aria-expanded={menuOpen}
        data-testid="bottom-bar-menu"
        onClick={() => dialogs.send({ type: 'dialog.open', dialog: { id: SITE_MENU_DIALOG_ID, kind: 'site-menu' } })}
      >
        <Icon name="menu" />
        <span>{t`Menu`}</span>
      </button>
    </nav>
  )
}
