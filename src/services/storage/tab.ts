// This tab's sessionStorage: what must survive the tab's own reloads (a form's draft, a login's
// popup) and nothing longer. A browser that refuses it gives null, never an error.

export function tabStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage
  } catch {
    return null
  }
}
