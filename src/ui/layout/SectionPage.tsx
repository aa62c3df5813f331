import { useLingui } from '@lingui/react'
import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import { useRouteHandle } from './route-handle'

const section = css({ maxW: '1200px', mx: 'auto', px: { base: '4', tablet: '6' }, py: { base: '6', tablet: '10' }, display: 'grid', gap: '3' })
const heading = css({ textStyle: 'display' })
const intro = css({ color: 'textMuted', fontSize: 'md', maxW: '65ch' })
const footerRow = css({ mt: '4', display: 'flex', justifyContent: { base: 'stretch', tablet: 'flex-start' }, '& > *': { flex: { base: '1', tablet: 'none' } } })
const emptyBox = css({ mt: '4', p: '6', borderRadius: 'lg', border: '1px dashed', borderColor: 'border', color: 'textMuted', textAlign: 'center' })

/** A page of the table whose feature arrives in a later issue: its title, what it is for, and an honest empty state. */
export function SectionPage({ intro: introText, empty, children, footer }: { intro: ReactNode; empty?: ReactNode; children?: ReactNode; footer?: ReactNode }) {
  const handle = useRouteHandle()
  const { i18n } = useLingui()
  return (
    <section className={section} data-testid={handle ? `page-${handle.name}` : undefined}>
      <h1 className={heading}>{handle ? i18n._(handle.title) : null}</h1>
      <p className={intro}>{introText}</p>
      {children}
      {empty ? (
        <p className={emptyBox} role="status">
          {empty}
        </p>
      ) : null}
      {footer ? <div className={footerRow}>{footer}</div> : null}
    </section>
  )
}
