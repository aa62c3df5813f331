import type { ProviderWindow } from '../../../machines/cashier/deposit/deposit.types'

/** The provider's window of a 'newwindow' deposit (ProviderWindow in deposit.types.ts says why it is opened blank first). */
export function createProviderWindow(open: (url: string) => Window | null = (url) => window.open(url, '_blank')): ProviderWindow {
  let held: Window | null = null
  return {
    prepare() {
      if (held && !held.closed) return
      held = open('about:blank')
      // The provider's page gets no handle on this one (what noopener would do; noopener itself returns no window to navigate).
      if (held) held.opener = null
    },
    navigate(url) {
      const target = held && !held.closed ? held : null
      held = null
      if (target) {
        target.location.href = url
        return
      }
      // No window held (blocked, or closed by the player): try once more; the paynewwindow page
      // links to the provider page when this is blocked too.
      open(url)
    },
    discard() {
      if (held && !held.closed) held.close()
      held = null
    },
  }
}
