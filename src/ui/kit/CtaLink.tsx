import { Link } from 'react-router'
import { css } from 'styled-system/css'

const ctaLinkClass = css({
  justifySelf: 'start',
  display: 'inline-flex',
  alignItems: 'center',
  minH: '11',
  px: '4',
  borderRadius: 'md',
  bg: 'accent',
  color: 'accentText',
  fontWeight: 'semibold',
  textDecoration: 'none',
  _hover: { filter: 'brightness(1.08)' },
  _focusVisible: { outline: '2px solid', outlineColor: 'accent', outlineOffset: '2px' },
})

/** A page of this site ("/promotions") or this page with a query ("?show_popup_reg=1"). */
export function isSiteHref(href: string): boolean {
  return /^\/(?!\/)/.test(href) || href.startsWith('?')
}

/**
 * An operator's call to action (banners, popups): a page of the site through the router, so the
 * app keeps running; another site in a full load, with no opener.
 */
export function CtaLink({ href, label, describedBy, className = ctaLinkClass, onFollow }: { href: string; label: string; describedBy?: string; className?: string; onFollow?: () => void }) {
  if (isSiteHref(href))
    return (
      <Link to={href} className={className} aria-describedby={describedBy} onClick={onFollow}>
        {label}
      </Link>
    )
  return (
    <a href={href} className={className} aria-describedby={describedBy} rel="noopener noreferrer" onClick={onFollow}>
      {label}
    </a>
  )
}
