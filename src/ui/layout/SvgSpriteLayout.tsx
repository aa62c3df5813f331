import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import { AppChrome } from '../app/AppChrome'

const main = css({ p: '4', minH: '100dvh' })

/** The /_icons page: every icon drawn from the sprite file, as every other page draws them. */
export function SvgSpriteLayout({ children }: { children: ReactNode }) {
  return (
    <AppChrome>
      <main id="main" className={main} data-layout="svg-sprite">
        {children}
      </main>
    </AppChrome>
  )
}
