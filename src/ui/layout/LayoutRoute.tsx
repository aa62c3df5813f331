import type { ReactNode } from 'react'
import { Outlet } from 'react-router'
import type { LayoutName } from './route-handle'
import { DefaultLayout } from './DefaultLayout'
import { EmptyLayout } from './EmptyLayout'
import { SvgSpriteLayout } from './SvgSpriteLayout'

/** The three layouts of SPEC §2.1; error pages pick theirs by page type. */
export function LayoutFrame({ layout, children }: { layout: LayoutName; children: ReactNode }) {
  if (layout === 'empty') return <EmptyLayout>{children}</EmptyLayout>
  if (layout === 'svg-sprite') return <SvgSpriteLayout>{children}</SvgSpriteLayout>
  return <DefaultLayout>{children}</DefaultLayout>
}

export function LayoutRoute({ layout }: { layout: LayoutName }) {
  return (
    <LayoutFrame layout={layout}>
      <Outlet />
    </LayoutFrame>
  )
}
