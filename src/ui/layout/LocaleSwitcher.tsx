import { useLingui } from '@lingui/react/macro'
import { css, cx } from 'styled-system/css'
import { selectLocale } from '../../machines/app/app/app.selectors'
import { LOCALE_NAMES, LOCALES } from '../../shared/locales'
import { localeSwitchHref } from '../../shared/preferences'
import { useAppActor, useAppSelector } from '../app/AppProviders'
import { isPlainClick, useCurrentHref } from './enhanced-click'

const list = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '1', listStyle: 'none', m: '0', p: '0' })
const item = css({
  display: 'inline-flex', alignItems: 'center', minH: '10', px: '2', borderRadius: 'md', color: 'textMuted', textDecoration: 'none', fontSize: 'sm',
  _hover: { color: 'text', bg: 'surfaceRaised' },
  _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' },
})
const current = css({ color: 'text', fontWeight: 'semibold', bg: 'surfaceRaised', _hover: { color: 'text' } })

/**
 * The language switch: one link a locale, to the server's switch (src/shared/preferences.ts), so a
 * tap before hydration (or without JavaScript) still lands on this page in that language and is
 * remembered. Once hydrated the root actor does the same. `compact`: the codes (the header), each
 * titled with its language's name; otherwise the names (the footer, the phone's menu sheet).
 */
export function LocaleSwitcher({ compact = false }: { compact?: boolean }) {
  const { t } = useLingui()
  const actor = useAppActor()
  const locale = useAppSelector(selectLocale)
  const back = useCurrentHref()
  return (
    <ul className={list} aria-label={t`Language`} data-testid="locale-switcher">
      {LOCALES.map((l) => {
        const text = compact ? l.toUpperCase() : LOCALE_NAMES[l]
        const title = compact ? LOCALE_NAMES[l] : undefined
        return (
          <li key={l}>
            {l === locale ? (
              <span className={cx(item, current)} aria-current="true" lang={l} title={title}>
                {text}
              </span>
            ) : (
              <a
                className={item}
                href={localeSwitchHref(l, back)}
                hrefLang={l}
                lang={l}
                title={title}
                rel="nofollow"
                onClick={(event) => {
                  if (!isPlainClick(event)) return
                  event.preventDefault()
                  actor.send({ type: 'locale.change', locale: l })
                }}
              >
                {text}
              </a>
            )}
          </li>
        )
      })}
    </ul>
  )
}
