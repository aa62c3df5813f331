// The browser's localStorage, which private modes and full disks may refuse: a refusal reads as
// "nothing stored" and a write is dropped, never an error for the page.

/** Whether a key is stored; false when storage is off. */
export function isStored(key: string): boolean {
  try {
    return window.localStorage.getItem(key) !== null
  } catch {
    return false
  }
}

/** Stores a value; does nothing when storage is off. */
export function store(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value)
  } catch {
    // Storage off (private mode): what was to be remembered comes back on the next page, nothing worse.
  }
}

/** A stored value; null when there is none or storage is off. */
export function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key)
  } catch {
    return null
  }
}
