import { externalIconUrl } from '../../shared/icon-sprite'
import { sanitizeSvg } from '../../shared/svg-sanitize'

const loaded = new Map<string, Promise<string>>()

/**
 * An external SVG icon as markup safe to inline (SPEC §7 'external SVG icons are fetched as
 * text'): fetched through the server, which sanitises it, and sanitised here again before any
 * view inlines it, so a proxy or a stale cache in between cannot slip markup in. One fetch per
 * icon per page; a failure is forgotten, so the next view tries again.
 */
export function loadExternalIcon(src: string, fetcher: typeof fetch = fetch): Promise<string> {
  let pending = loaded.get(src)
  if (!pending) {
    pending = fetcher(externalIconUrl(src), { credentials: 'same-origin' })
      .then(async (response) => {
        if (!response.ok) throw new Error(`external icon ${response.status}`)
        return sanitizeSvg(await response.text())
      })
      .catch((err: unknown) => {
        loaded.delete(src)
        throw err
      })
    loaded.set(src, pending)
  }
  return pending
}

/** Whether an icon name from data is an SVG file (a path of ours or a URL) rather than a sprite name. */
export const isExternalIcon = (icon: string) => /\.svg(?:$|\?)/i.test(icon) && (/^https?:\/\//i.test(icon) || icon.startsWith('/'))
