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

/** A layout around the matched page; `children` wrap the page (the routes' error boundary), else the page alone. */
export function LayoutRoute({ layout, children }: { layout: LayoutName; children?: ReactNode }) {
  return <LayoutFrame layout={layout}>{children ?? <Outlet />}</LayoutFrame>
}
