import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useEffectEvent, useRef } from 'react'
import { NavLink, useLocation } from 'react-router'
import { css } from 'styled-system/css'
import { selectAccount, selectIsLoggedIn, selectLocale } from '../../machines/app/app/app.selectors'
import { formatHeaderBalance } from '../../shared/format-money'
import { useAppSelector, useDialogs } from '../app/AppProviders'
import { Icon } from '../icons/Icon'
import type { IconName } from '../../shared/icons'
import { button } from 'styled-system/recipes'
import { Curtain } from '../kit/Curtain'
import { AuthLink } from './AuthLink'
import { LocaleSwitcher } from './LocaleSwitcher'
import { PlayerMenuLinks } from './PlayerMenuLinks'
import { SITE_MENU_DIALOG_ID } from './site-menu.ids'
import { ThemeToggle } from './ThemeToggle'

const sections = css({ display: 'grid', gap: '5' })
const sectionTitle = css({ fontSize: 'xs', fontWeight: 'semibold', textTransform: 'uppercase', letterSpacing: '0.06em', color: 'textMuted', px: '3', mb: '1.5' })
const player = css({ display: 'grid', gap: '0.5', p: '3', borderRadius: 'md', bg: 'surface' })
const playerLabel = css({ fontSize: 'xs', color: 'textMuted' })
const playerName = css({ fontWeight: 'semibold', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' })
const playerBalance = css({ fontVariantNumeric: 'tabular-nums', color: 'textMuted', fontSize: 'sm' })
const authButtons = css({ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '2' })
const list = css({ listStyle: 'none', m: '0', p: '0', display: 'grid', gap: '0.5' })
const row = css({
  display: 'flex', alignItems: 'center', gap: '3', minH: '11', px: '3', borderRadius: 'md', color: 'text', textDecoration: 'none', fontSize: 'md',
  '& svg': { color: 'textMuted' },
  _hover: { bg: 'surface' },
  '&[aria-current=page]': { color: 'accent', '& svg': { color: 'accent' } },
  _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '-2px' },
})
const settings = css({ display: 'flex', px: '3', mb: '1' })

/**
 * The phone's menu (DESIGN 'Layout': the bottom bar's Menu), a curtain of the dialog stack: a
 * player's own pages and logout as in the header's account menu, or log in and sign up for a
 * visitor; then the main sections, language and theme. Escape, the backdrop and the close button
 * close it (the curtain), and so does any navigation; focus stays inside while it is open and
 * goes back to the Menu button after.
 */
export function SiteMenuCurtain() {
  const { t } = useLingui()
  const dialogs = useDialogs()
  const loggedIn = useAppSelector(selectIsLoggedIn)
  const close = () => dialogs.send({ type: 'dialog.close', id: SITE_MENU_DIALOG_ID })
  useCloseOnNavigation(close)
  return (
    <Curtain open position="right" title={t`Menu`} onClose={close}>
      <div className={sections} data-testid="site-menu">
        {loggedIn ? <PlayerSection onChoose={close} /> : <VisitorSection />}
        <nav aria-label={t`Main`}>
          <h3 className={sectionTitle}>{t`Browse`}</h3>
          <MainSections />
        </nav>
        <section aria-labelledby="site-menu-settings">
          <h3 id="site-menu-settings" className={sectionTitle}>
            {t`Settings`}
          </h3>
          <div className={settings}>
            <LocaleSwitcher />
          </div>
          <ThemeToggle labelled />
        </section>
      </div>
    </Curtain>
  )
}

/** Any change of address (a link here, back, a redirect) closes the sheet: the page it opened over is gone. */
function useCloseOnNavigation(close: () => void) {
  const { key } = useLocation()
  const opened = useRef(key)
  const onNavigate = useEffectEvent(close)
  useEffect(() => {
    if (key !== opened.current) onNavigate()
  }, [key])
}

function PlayerSection({ onChoose }: { onChoose: () => void }) {
  const { t } = useLingui()
  const account = useAppSelector(selectAccount)
  const locale = useAppSelector(selectLocale)
  const total = formatHeaderBalance(account, locale)
  return (
    <nav aria-label={t`Account`}>
      <p className={player}>
        <span className={playerLabel}>{t`Logged in as`}</span>
        <span className={playerName}>{account.fakename || account.login}</span>
        {total ? <span className={playerBalance}>{t`Balance: ${total}`}</span> : null}
      </p>
      <PlayerMenuLinks onChoose={onChoose} />
    </nav>
  )
}

function VisitorSection() {
  const dialogs = useDialogs()
  // The sheet gives way to the auth popup rather than sitting under it.
  const closeSheet = () => dialogs.send({ type: 'dialog.close', id: SITE_MENU_DIALOG_ID })
  return (
    <div className={authButtons}>
      <AuthLink view="authorization" className={button({ variant: 'secondary' })} onOpen={closeSheet}>
        <Trans>Log in</Trans>
      </AuthLink>
      <AuthLink view="registration" className={button({ variant: 'primary' })} onOpen={closeSheet}>
        <Trans>Sign up</Trans>
      </AuthLink>
    </div>
  )
}

function MainSections() {
  const { t } = useLingui()
  const items: { to: string; icon: IconName; label: string }[] = [
    { to: '/gamehall', icon: 'casino', label: t`Casino` },
    { to: '/betting', icon: 'sports', label: t`Sports` },
    { to: '/promotions', icon: 'promotions', label: t`Promotions` },
    { to: '/tournaments', icon: 'trophy', label: t`Tournaments` },
    { to: '/support', icon: 'chat', label: t`Support` },
  ]
  return (
    <ul className={list}>
      {items.map((item) => (
        <li key={item.to}>
          <NavLink to={item.to} className={row}>
            <Icon name={item.icon} />
            <span>{item.label}</span>
          </NavLink>
        </li>
      ))}
    </ul>
  )
}
