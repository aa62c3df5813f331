import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import { AppChrome } from '../app/AppChrome'

const main = css({ minH: '100dvh', display: 'grid', alignContent: 'center', p: '4' })

/** Used by the embeddable /forms pages and by the maintenance and forbidden pages: no header, no footer. */
export function EmptyLayout({ children }: { children: ReactNode }) {
  return (
    <AppChrome>
      <main id="main" className={main} data-layout="empty">
        {children}
      </main>
    </AppChrome>
  )
}
