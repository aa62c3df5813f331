import { useLingui } from '@lingui/react/macro'
import { Trans } from '@lingui/react/macro'
import { Link } from 'react-router'
import { css } from 'styled-system/css'
import { SITE_NAME } from '../../shared/brand'
import { useAppSelector, useDialogs } from '../app/AppProviders'
import { AUTH_DIALOG_ID } from '../auth/AuthPopupShell.ids'
import { selectIsLoggedIn } from '../../machines/app/app.selectors'
import { Icon } from '../icons/Icon'
import { LocaleSwitcher } from './LocaleSwitcher'
import { HeaderBalance } from './HeaderBalance'
import { ThemeToggle } from './ThemeToggle'
import { Button } from '../kit/Button'

const bar = css({
  position: 'sticky', top: '0', zIndex: 'header', h: '14', px: { base: '2', tablet: '6' },
  display: 'flex', alignItems: 'center', gap: { base: '1', tablet: '4' },
  bg: 'surface', borderBottom: '1px solid', borderColor: 'border',
})
const logo = css({ display: 'flex', alignItems: 'center', gap: '1.5', fontWeight: 'semibold', fontSize: { base: 'md', tablet: 'lg' }, color: 'text', textDecoration: 'none', mr: 'auto', whiteSpace: 'nowrap' })
const nav = css({ display: { base: 'none', laptop: 'flex' }, gap: '1', mr: 'auto' })
const navLink = css({ px: '3', py: '2', borderRadius: 'md', color: 'textMuted', textDecoration: 'none', _hover: { color: 'text', bg: 'surfaceRaised' } })
const tools = css({ display: 'flex', alignItems: 'center', gap: { base: '1', tablet: '2' } })
const hideOnPhone = css({ display: { base: 'none', tablet: 'flex' } })

export function Header() {
  const { t } = useLingui()
  const dialogs = useDialogs()
  const isLoggedIn = useAppSelector(selectIsLoggedIn)
  const openAuth = (view: 'authorization' | 'registration') =>
    dialogs.send({ type: 'dialog.open', dialog: { id: AUTH_DIALOG_ID, kind: 'auth', props: { view } } })
  return (
    <header className={bar}>
      <Link to="/" className={logo} aria-label={t`${SITE_NAME}, home page`}>
        <Icon name="logo" size={24} />
        <span>{SITE_NAME}</span>
      </Link>
      <nav className={nav} aria-label={t`Main`}>
        <Link className={navLink} to="/gamehall">
          <Trans>Casino</Trans>
        </Link>
        <Link className={navLink} to="/betting">
          <Trans>Sports</Trans>
        </Link>
        <Link className={navLink} to="/promotions">
          <Trans>Promotions</Trans>
        </Link>
        <Link className={navLink} to="/tournaments">
          <Trans>Tournaments</Trans>
        </Link>
      </nav>
      <div className={tools}>
        <div className={hideOnPhone}>
          <LocaleSwitcher />
        </div>
        <ThemeToggle />
        {isLoggedIn ? (
          <>
            <HeaderBalance />
            <Link to="/profile/settings" className={navLink} aria-label={t`Profile`}>
              <Icon name="user" />
            </Link>
          </>
        ) : (
          <>
            <Button variant="ghost" size="sm" onClick={() => openAuth('authorization')}>
              <Trans>Log in</Trans>
            </Button>
            <Button variant="primary" size="sm" onClick={() => openAuth('registration')}>
              <Trans>Sign up</Trans>
            </Button>
          </>
        )}
      </div>
    </header>
  )
}
