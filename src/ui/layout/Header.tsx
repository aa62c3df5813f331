import { useLingui } from '@lingui/react/macro'
import { Trans } from '@lingui/react/macro'
import { Link } from 'react-router'
import { css } from 'styled-system/css'
import { SITE_NAME } from '../../shared/brand'
import { useAppSelector } from '../app/AppProviders'
import { selectIsLoggedIn } from '../../machines/app/app/app.selectors'
import { Icon } from '../icons/Icon'
import { LocaleSwitcher } from './LocaleSwitcher'
import { HeaderBalance } from './HeaderBalance'
import { ThemeToggle } from './ThemeToggle'
import { AuthLink } from './AuthLink'
import { button } from 'styled-system/recipes'
import { AccountMenu } from './AccountMenu'
import { useCloseMenusOnNavigation } from './HeaderPopover'
import { useDialogs } from '../app/AppProviders'
import { isPlainClick } from './enhanced-click'

const searchButton = css({ display: 'grid', placeItems: 'center', w: '10', h: '10', borderRadius: 'md', color: 'text', _hover: { bg: 'surfaceRaised' }, _focusVisible: { outline: '2px solid', outlineColor: 'focusRing' } })

/**
 * The games search (SPEC §2.4): a link to the hall, so it works before hydration; once hydrated a
 * plain click opens the search popup over this page. Phones search from the hall itself.
 */
function GamesSearchLink() {
  const { t } = useLingui()
  const dialogs = useDialogs()
  return (
    <Link
      to="/gamehall"
      className={searchButton}
      aria-label={t`Search games`}
      data-testid="header-search"
      onClick={(event) => {
        if (!isPlainClick(event)) return
        event.preventDefault()
        dialogs.send({ type: 'dialog.open', dialog: { id: 'games-search', kind: 'games-search' } })
      }}
    >
      <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
        <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="m20 20-4-4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
    </Link>
  )
}

// The page runs under the notch (viewport-fit=cover): the bar pads itself by the safe-area insets.
const bar = css({
  position: 'sticky', top: '0', zIndex: 'header',
  h: 'calc(token(sizes.14) + env(safe-area-inset-top, 0px))', pt: 'env(safe-area-inset-top, 0px)',
  pl: { base: 'max(token(spacing.2), env(safe-area-inset-left, 0px))', tablet: 'max(token(spacing.6), env(safe-area-inset-left, 0px))' },
  pr: { base: 'max(token(spacing.2), env(safe-area-inset-right, 0px))', tablet: 'max(token(spacing.6), env(safe-area-inset-right, 0px))' },
  display: 'flex', alignItems: 'center', gap: { base: '1.5', tablet: '4' },
  bg: 'surface', borderBottom: '1px solid token(colors.border)',
})
const logo = css({ display: 'flex', alignItems: 'center', gap: '1.5', fontWeight: 'semibold', fontSize: { base: 'md', tablet: 'lg' }, color: 'text', textDecoration: 'none', mr: 'auto', whiteSpace: 'nowrap', minH: '10' })
// A player's phone header is full (balance, Deposit, avatar): the logo keeps its mark and its name for screen readers.
// A visitor's fits beside Log in and Sign up from 430 px; narrower, 'Iniciar sesión' and
// 'Registrieren' pushed the page sideways, so the name goes there too.
const logoName = css({
  '[data-role=player] &': { display: { base: 'none', tablet: 'inline' } },
  '@media (max-width: 429.98px)': { display: 'none' },
})
const nav = css({ display: { base: 'none', laptop: 'flex' }, gap: '1', mr: 'auto' })
const navLink = css({ px: '3', py: '2', borderRadius: 'md', color: 'textMuted', textDecoration: 'none', _hover: { color: 'text', bg: 'surfaceRaised' } })
const tools = css({ display: 'flex', alignItems: 'center', gap: { base: '1.5', tablet: '2' } })
const hideOnPhone = css({ display: { base: 'none', tablet: 'flex' } })

/**
 * DESIGN 'Layout': logo, main sections, locale and theme; a visitor sees Log in and Sign up, a
 * player the balance (its breakdown on tap), Deposit and the profile menu. Sticky and compact on
 * phones, where the language and theme move to the bottom bar's menu for a player. The switches and
 * Log in / Sign up are links and forms the server handles, so a tap before hydration is never lost.
 */
export function Header() {
  const { t } = useLingui()
  const isLoggedIn = useAppSelector(selectIsLoggedIn)
  useCloseMenusOnNavigation()
  return (
    <header className={bar} data-site-header="" data-role={isLoggedIn ? 'player' : 'visitor'}>
      <Link to="/" className={logo} aria-label={t`${SITE_NAME}, home page`}>
        <Icon name="logo" size={24} />
        <span className={logoName}>{SITE_NAME}</span>
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
          <GamesSearchLink />
        </div>
        <div className={hideOnPhone}>
          <LocaleSwitcher compact />
        </div>
        {isLoggedIn ? (
          <>
            <div className={hideOnPhone}>
              <ThemeToggle />
            </div>
            <HeaderBalance />
            <Link to="/cashier/deposit" className={button({ variant: 'primary', size: 'sm' })} data-testid="header-deposit">
              <Icon name="plus" size={16} />
              <Trans>Deposit</Trans>
            </Link>
            <AccountMenu />
          </>
        ) : (
          <>
            <ThemeToggle />
            <AuthLink view="authorization" className={button({ variant: 'ghost', size: 'sm' })}>
              <Trans>Log in</Trans>
            </AuthLink>
            <AuthLink view="registration" className={button({ variant: 'primary', size: 'sm' })}>
              <Trans>Sign up</Trans>
            </AuthLink>
          </>
        )}
      </div>
    </header>
  )
}
