/**
 * Hides a vendor's own chat launcher where SPEC §2.6 hides the chat badge (betting and game
 * pages). One constructed stylesheet adopted by the document: it holds the rule while hidden and
 * nothing otherwise, so a launcher the vendor draws later is hidden too, and no element of the
 * vendor's is touched. A constructed sheet is not inline markup, so the strict CSP allows it.
 */
export interface LauncherHider {
  /** Hides what `selector` matches, or shows it again. A selector the browser cannot read is ignored. */
  set(selector: string, hidden: boolean): void
}

export function createLauncherHider(doc: Document): LauncherHider {
  let sheet: CSSStyleSheet | null = null
  return {
    set(selector, hidden) {
      if (hidden && !readable(doc, selector)) return
      if (!sheet) {
        if (!hidden) return
        const Sheet = doc.defaultView?.CSSStyleSheet
        if (!Sheet || !('adoptedStyleSheets' in doc)) return
        sheet = new Sheet()
        doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet]
      }
      sheet.replaceSync(hidden ? `${selector} { display: none !important; }` : '')
    },
  }
}

/** A selector list and nothing else: no block, no at-rule, and one the document can match with. */
function readable(doc: Document, selector: string): boolean {
  if (/[{};@\\]/.test(selector)) return false
  try {
    doc.querySelector(selector)
    return true
  } catch {
    return false
  }
}
