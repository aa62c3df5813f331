import type { MessageDescriptor } from '@lingui/core'
import { useMatches } from 'react-router'

export type LayoutName = 'default' | 'empty' | 'svg-sprite'

/** What every route of the table declares about itself; read by layouts, titles and guards. */
export interface RouteHandle {
  /** Route name, as SPEC §2.6 and analytics refer to routes. */
  name: string
  layout: LayoutName
  title: MessageDescriptor
  /** Only visitors are kept out: SPEC §2.2. */
  protected?: boolean
  /** Pages a crawler must not index (results, forms). */
  noindex?: boolean
  /** The page's module under src/routes (PAGE_MODULES), whose chunk the server preloads. */
  module?: string
  /** SPEC §2.6: the support chat badge is hidden on this page (betting, the game pages). */
  hideChatBadge?: boolean
  /** A page that fills the screen (a game): no footer, no phone bottom bar (DESIGN 'Layout'). */
  immersive?: boolean
}

export function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && 'name' in value && 'title' in value
}

/** The handle of the deepest matched route that has one. */
export function useRouteHandle(): RouteHandle | undefined {
  const matches = useMatches()
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]!.handle
    if (isRouteHandle(handle)) return handle
  }
  return undefined
}
