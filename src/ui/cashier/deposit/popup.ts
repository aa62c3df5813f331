/**
 * The provider's page of a 'newwindow' deposit (SPEC §2.1 paynewwindow). Browsers block a window
 * opened after an await, so the deposit form opens a blank one synchronously on the submit click
 * (`prepare`) and the flow navigates it once makedeposit answers (`navigate`); any other answer
 * closes it (`discard`).
 */
export interface ProviderWindow {
  prepare(): void
  navigate(url: string): void
  discard(): void
}

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
