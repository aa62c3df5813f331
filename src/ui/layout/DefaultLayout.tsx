import { Trans } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import { AppChrome } from '../app/AppChrome'
import { useAuthPopupFlags } from '../auth/auth-popup/useAuthPopupFlags'
import { ChatBadge, ChatWidgetRoute } from '../support/chat/ChatBadge'
import { BottomBar } from './BottomBar'
import { Footer } from './Footer'
import { Header } from './Header'
import { useRouteHandle } from './route-handle'

const skip = css({
  position: 'absolute', left: '2', top: '-12', zIndex: 'toast', bg: 'accent', color: 'accentText', px: '4', py: '2', borderRadius: 'md',
  _focus: { top: '2' },
})
// Room for the phone's bottom bar and its safe area, so the end of a page is never under the bar.
const main = css({ minH: 'calc(100dvh - 56px)', pb: { base: 'calc(token(spacing.20) + env(safe-area-inset-bottom, 0px))', laptop: '0' } })
const immersiveMain = css({ minH: 'calc(100dvh - 56px)' })

/** Header, content, footer, and the phone bottom bar (DESIGN 'Layout'). */
export function DefaultLayout({ children }: { children: ReactNode }) {
  useAuthPopupFlags()
  // A game fills the screen: no footer under it, no bottom bar over it.
  const immersive = useRouteHandle()?.immersive === true
  return (
    <AppChrome>
      <a href="#main" className={skip}>
        <Trans>Skip to content</Trans>
      </a>
      <Header />
      <main id="main" className={immersive ? immersiveMain : main} data-layout="default" tabIndex={-1}>
        {children}
      </main>
      {immersive ? null : <Footer />}
      {immersive ? null : <BottomBar />}
      {immersive ? null : <ChatBadge />}
      <ChatWidgetRoute />
    </AppChrome>
  )
}
