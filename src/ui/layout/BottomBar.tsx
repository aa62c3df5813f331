import { useLingui } from '@lingui/react/macro'
import { NavLink } from 'react-router'
import { css } from 'styled-system/css'
import { Icon } from '../icons/Icon'
import type { IconName } from '../icons/icons'

const bar = css({
  display: { base: 'grid', laptop: 'none' }, gridTemplateColumns: 'repeat(5, 1fr)',
  position: 'fixed', insetX: '0', bottom: '0', zIndex: 'header', h: '16', pb: 'env(safe-area-inset-bottom)',
  bg: 'surface', borderTop: '1px solid', borderColor: 'border',
})
const item = css({
  display: 'grid', placeItems: 'center', alignContent: 'center', gap: '1', fontSize: 'xs', color: 'textMuted', textDecoration: 'none',
  '&[aria-current=page]': { color: 'accent' },
  _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '-2px' },
})

/** Phone bottom bar of DESIGN 'Layout': Casino, Sports, Promotions, Chat, Menu. Hidden inside a game. */
export function BottomBar() {
  const { t } = useLingui()
  const items: { to: string; icon: IconName; label: string }[] = [
    { to: '/gamehall', icon: 'casino', label: t`Casino` },
    { to: '/betting', icon: 'sports', label: t`Sports` },
    { to: '/promotions', icon: 'promotions', label: t`Promotions` },
    { to: '/support', icon: 'chat', label: t`Chat` },
    { to: '/profile/settings', icon: 'menu', label: t`Menu` },
  ]
  return (
    <nav className={bar} aria-label={t`Quick navigation`} data-testid="bottom-bar">
      {items.map((i) => (
        <NavLink key={i.to} to={i.to} className={item}>
          <Icon name={i.icon} />
          <span>{i.label}</span>
        </NavLink>
      ))}
    </nav>
  )
}
