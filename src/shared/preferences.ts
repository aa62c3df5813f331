import { localizePath, splitLocale, type Locale } from './locales'
import { safeRedirectTarget } from './redirect'

// The header's switches work before (and without) JavaScript: the locale switch is a link and the
// theme switch a form, both to these server endpoints (server/http/preferences.ts), which remember
// the choice in its cookie and send the browser back. After hydration the views send the root
// actor's events instead, which do the same in the page.

/** POST theme=<theme>&back=<this page>: sets the theme cookie, then 303 back. */
export const THEME_SWITCH_PATH = '/preferences/theme'
/** GET ?locale=<locale>&back=<this page>: sets the locale cookie, then 303 to this page in that locale. */
export const LOCALE_SWITCH_PATH = '/preferences/locale'

/** The locale switch's link for `locale`, from the page at `back` (its address with any locale prefix). */
export function localeSwitchHref(locale: Locale, back: string): string {
  return `${LOCALE_SWITCH_PATH}?${new URLSearchParams({ locale, back })}`
}

/**
 * Where a switch sends the browser back to: `back` when the redirect rule lets a path through
 * (same-origin paths only here: a switch never leaves the site), else the home page.
 */
export function switchBackTarget(back: unknown): string {
  return (typeof back === 'string' ? safeRedirectTarget(back) : null) ?? '/'
}

/** The page at `back` (any locale prefix) in `locale`, keeping its query; home when `back` is refused. */
export function localeSwitchTarget(back: unknown, locale: Locale): string {
  const url = new URL(switchBackTarget(back), 'https://same-origin.invalid')
  return localizePath(splitLocale(url.pathname).path, locale) + url.search
}
