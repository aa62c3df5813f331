// Stand-ins for the browser page a flow's default actions read and move (window.location, the
// frame parent), for tests of an embedded page's ending. Test-only: vitest's globals are swapped.
import { vi } from 'vitest'

export interface PageWindow {
  readonly window: Record<string, unknown>
  /** window.location.assign: a full page load. */
  readonly assign: ReturnType<typeof vi.fn>
  /** The parent frame's postMessage; never called for a page opened alone. */
  readonly postMessage: ReturnType<typeof vi.fn>
}

/**
 * A page at `pathname` on `origin`, opened alone or inside a frame of that origin. General info
 * cannot be read (fetch answers 503), so only the page's own origin may hear the frame.
 */
export function stubPageWindow(options: { origin: string; pathname: string; search?: string; framed: boolean; lang?: string }): PageWindow {
  const assign = vi.fn()
  const postMessage = vi.fn()
  const location = {
    origin: options.origin,
    search: options.search ?? '',
    pathname: options.pathname,
    assign,
    ...(options.framed ? { ancestorOrigins: { length: 1, 0: options.origin } } : {}),
  }
  const win: Record<string, unknown> = { location, document: { referrer: '' } }
  win.self = win
  win.parent = options.framed ? { postMessage } : win
  vi.stubGlobal('window', win)
  vi.stubGlobal('fetch', vi.fn(async () => new Response('{}', { status: 503 })))
  vi.stubGlobal('document', { documentElement: { lang: options.lang ?? 'en' } })
  return { window: win, assign, postMessage }
}
