import { useLingui } from '@lingui/react/macro'
import { Trans } from '@lingui/react/macro'
import { useSyncExternalStore } from 'react'
import { Link } from 'react-router'
import { css } from 'styled-system/css'
import { SITE_NAME } from '../../shared/brand'
import { LocaleSwitcher } from './LocaleSwitcher'
import { CookieSettingsLink } from '../app/consent/ConsentBanner'

const footer = css({ mt: '12', px: { base: '4', tablet: '6' }, py: '8', pb: { base: 'calc(token(spacing.24) + env(safe-area-inset-bottom, 0px))', laptop: '8' }, bg: 'surface', borderTop: '1px solid token(colors.border)', color: 'textMuted', fontSize: 'sm' })
const inner = css({ maxW: '1200px', mx: 'auto', display: 'grid', gap: '6' })
const links = css({ display: 'flex', flexWrap: 'wrap', gap: '4', listStyle: 'none', p: '0', m: '0' })
const link = css({ color: 'textMuted', textDecoration: 'underline', textUnderlineOffset: '2px', _hover: { color: 'text' } })
const linkButton = css({ color: 'textMuted', textDecoration: 'underline', textUnderlineOffset: '2px', bg: 'transparent', border: 'none', p: '0', font: 'inherit', cursor: 'pointer', _hover: { color: 'text' }, _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' } })

/** Content pages, responsible gaming, licence text and the locale switch (DESIGN 'Footer'). */
export function Footer() {
  const { t } = useLingui()
  const year = useClientYear()
  return (
    <footer className={footer}>
      <div className={inner}>
        <nav aria-label={t`Footer`}>
          <ul className={links}>
            <li><Link className={link} to="/about"><Trans>About us</Trans></Link></li>
            <li><Link className={link} to="/terms"><Trans>Terms and conditions</Trans></Link></li>
            <li><Link className={link} to="/privacy"><Trans>Privacy policy</Trans></Link></li>
            <li><Link className={link} to="/responsible-gaming"><Trans>Responsible gaming</Trans></Link></li>
            <li><Link className={link} to="/support"><Trans>Support</Trans></Link></li>
            <li><CookieSettingsLink className={linkButton} /></li>
          </ul>
        </nav>
        <div>
          <LocaleSwitcher />
        </div>
        <p>
          <Trans>Play responsibly. Gambling is for adults aged 18 and over. This is a demonstration site that uses play money only.</Trans>
        </p>
        <p>
          © {year === null ? '' : `${year} `}
          {SITE_NAME}
        </p>
      </div>
    </footer>
  )
}

const never = () => () => {}

/**
 * The year in the player's own clock. The server's clock and time zone may be in another year (New
 * Year's Eve), and text that differs between the server's HTML and the first browser render is a
 * hydration error: the server and the hydration render no year, the browser adds it right after.
 */
function useClientYear(): number | null {
  return useSyncExternalStore(never, () => new Date().getFullYear(), () => null)
}
