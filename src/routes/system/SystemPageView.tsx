import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import { translate } from '../../services/i18n/i18n'
import { Link } from 'react-router'
import { css } from 'styled-system/css'
import { SYSTEM_PAGES, type SystemPageType } from './system-pages'

const wrap = css({ maxW: '560px', mx: 'auto', py: { base: '12', tablet: '20' }, px: '4', textAlign: 'center', display: 'grid', gap: '4', justifyItems: 'center' })
const heading = css({ textStyle: 'display', wordBreak: 'break-word' })
const text = css({ color: 'textMuted', fontSize: 'md' })
const button = css({ display: 'inline-flex', alignItems: 'center', minH: '11', px: '6', borderRadius: 'md', bg: 'accent', color: 'accentText', fontWeight: 'semibold', textDecoration: 'none', _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' } })
const secondary = css({ display: 'inline-flex', alignItems: 'center', minH: '11', px: '6', borderRadius: 'md', border: '1px solid', borderColor: 'border', color: 'text', fontWeight: 'semibold', textDecoration: 'none', _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' } })
const retry = css({ display: 'inline-flex', alignItems: 'center', minH: '11', px: '6', borderRadius: 'md', border: 'none', bg: 'accent', color: 'accentText', fontWeight: 'semibold', fontSize: 'md', cursor: 'pointer', _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' } })
const actions = css({ display: 'flex', flexWrap: 'wrap', gap: '3', justifyContent: 'center' })
const spinner = css({ w: '10', h: '10', borderRadius: 'full', border: '4px solid', borderColor: 'border', borderTopColor: 'accent', animation: 'spin 1s linear infinite' })

/** `onRetry`: a "Try again" button beside the page's own (the error page, which can render the page again). */
export function SystemPageView({ type, path, onRetry }: { type: SystemPageType; path?: string; onRetry?: () => void }) {
  const { i18n } = useLingui()
  const page = SYSTEM_PAGES[type]
  return (
    <section className={wrap} data-testid="system-page" data-page-type={type}>
      {page.loader ? <div className={spinner} role="progressbar" aria-label={i18n._(page.header)} /> : null}
      <h1 className={heading}>{translate(i18n, page.header, { path: path ?? '' })}</h1>
      <p className={text}>{i18n._(page.description)}</p>
      {onRetry || page.button ? (
        <div className={actions}>
          {onRetry ? (
            <button type="button" className={retry} onClick={onRetry} data-testid="system-page-retry">
              <Trans>Try again</Trans>
            </button>
          ) : null}
          {page.button ? (
            <Link className={onRetry ? secondary : button} to={page.button.to}>
              {i18n._(page.button.text)}
            </Link>
          ) : null}
        </div>
      ) : null}
    </section>
  )
}
