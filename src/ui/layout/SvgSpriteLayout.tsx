import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import { AppChrome } from '../app/AppChrome'
import { IconSprite } from '../icons/IconSprite'

const main = css({ p: '4', minH: '100dvh' })

/** The /_icons page: the sprite inlined once, then every icon drawn from it. */
export function SvgSpriteLayout({ children }: { children: ReactNode }) {
  return (
    <AppChrome>
      <IconSprite />
      <main id="main" className={main} data-layout="svg-sprite">
        {children}
      </main>
    </AppChrome>
  )
}
