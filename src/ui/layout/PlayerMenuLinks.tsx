import { Trans, useLingui } from '@lingui/react/macro'
import { NavLink } from 'react-router'
import { css } from 'styled-system/css'
import { selectIsLoggingOut, selectResponsibleGaming } from '../../machines/app/app/app.selectors'
import { useAppActor, useAppSelector } from '../app/AppProviders'
import { Icon } from '../icons/Icon'
import type { IconName } from '../../shared/icons'
import { Spinner } from '../kit/Spinner'

const list = css({ listStyle: 'none', m: '0', p: '0', display: 'grid', gap: '0.5' })
const row = css({
  display: 'flex', alignItems: 'center', gap: '3', w: 'full', minH: '11', px: '3', borderRadius: 'md',
  color: 'text', textDecoration: 'none', fontSize: 'md', bg: 'transparent', border: 'none', cursor: 'pointer', textAlign: 'start',
  '& svg': { color: 'textMuted', flexShrink: 0 },
  _hover: { bg: 'surface' },
  '&[aria-current=page]': { color: 'accent', '& svg': { color: 'accent' } },
  _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '-2px' },
  '&[aria-busy=true]': { cursor: 'progress' },
})
const divider = css({ borderTop: '1px solid token(colors.border)', my: '1.5' })

/**
 * A player's own pages (SPEC §2.1: profile, cashier, responsible gaming, security) and the way out,
 * the same in the header's account menu and in the phone's menu sheet. `onChoose` closes whatever
 * holds the list once a page is picked.
 */

export function PlayerMenuLinks({ onChoose }: { onChoose: () => void }) {
  const { t } = useLingui()
  const responsibleGaming = useAppSelector(selectResponsibleGaming)
  const items: ({ to: string; icon: IconName; label: string; testId: string } | null)[] = [
    { to: '/profile/settings', icon: 'user', label: t`Profile`, testId: 'menu-profile' },
    { to: '/cashier/deposit', icon: 'plus', label: t`Deposit`, testId: 'menu-deposit' },
    { to: '/cashier/withdraw', icon: 'withdraw', label: t`Withdraw`, testId: 'menu-withdraw' },
    { to: '/cashier/history', icon: 'history', label: t`Transaction history`, testId: 'menu-history' },
    // DESIGN 'Principles': the responsible-gaming link is in the profile menu.
    // ... unless the operator's site config switches the feature off (SPEC §3 'Site config').
    responsibleGaming ? { to: '/profile/responsible-game', icon: 'gauge', label: t`Responsible gaming`, testId: 'menu-responsible-game' } : null,
    { to: '/profile/security', icon: 'lock', label: t`Security`, testId: 'menu-security' },
  ]
  return (
    <ul className={list}>
      {items.filter((item) => item !== null).map((item) => (
        <li key={item.to}>
          <NavLink to={item.to} className={row} onClick={onChoose} data-testid={item.testId}>
            <Icon name={item.icon} />
            <span>{item.label}</span>
          </NavLink>
        </li>
      ))}
      <li aria-hidden="true" className={divider} />
      <li>
        <LogoutItem />
      </li>
    </ul>
  )
}

/** Log out through the root actor's session flow, as the profile page's button does (SPEC §2.2: home afterwards). */
function LogoutItem() {
  const app = useAppActor()
  const busy = useAppSelector(selectIsLoggingOut)
  return (
    <button
      type="button"
      className={row}
      aria-busy={busy || undefined}
      data-testid="menu-logout"
      // The root actor ignores a second click while logging out.
      onClick={() => app.send({ type: 'session.logout' })}
    >
      {busy ? <Spinner /> : <Icon name="logout" />}
      <span>
        <Trans>Log out</Trans>
      </span>
    </button>
  )
}
