// Drafts of open forms, kept across a reload of the page (the new-build reload, SPEC §4 'Build
// manifest'): a form names the values it may keep while it is open, they are written to this
// tab's sessionStorage just before the reload, and the form takes them back when it opens again.
// Never a password or a card number: a form hands over only what it chooses.

import { tabStorage } from './tab'

const STORAGE_KEY = 'drafts'

export type Draft = Readonly<Record<string, string>>

const open = new Map<string, () => Draft>()

function readAll(storage: Storage): Record<string, Draft> {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(STORAGE_KEY) ?? '{}')
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, Draft>) : {}
  } catch {
    return {}
  }
}

/** While a form is open: how to read its keepable values. Returns the closing function. */
export function openDraft(id: string, read: () => Draft): () => void {
  open.set(id, read)
  return () => {
    if (open.get(id) === read) open.delete(id)
  }
}

/** Writes every open form's draft, just before the page reloads. Storage refused: nothing kept, nothing worse. */
export function saveOpenDrafts(): void {
  const storage = tabStorage()
  if (!storage) return
  const all = readAll(storage)
  for (const [id, read] of open) {
    const values = Object.fromEntries(Object.entries(read()).filter(([, v]) => typeof v === 'string' && v !== ''))
    if (Object.keys(values).length > 0) all[id] = values
  }
  try {
    storage.setItem(STORAGE_KEY, JSON.stringify(all))
  } catch {
    // Storage full or off: the form opens empty, as it would have without drafts.
  }
}

/** The draft a form left before a reload, once: taking it removes it. Null when there is none. */
export function takeDraft(id: string): Draft | null {
  const storage = tabStorage()
  if (!storage) return null
  const all = readAll(storage)
  const draft = all[id]
  if (!draft || typeof draft !== 'object') return null
  delete all[id]
  try {
    storage.setItem(STORAGE_KEY, JSON.stringify(all))
  } catch {
    // Left in place: it is only read again by the same form.
  }
  const values = Object.fromEntries(Object.entries(draft).filter(([, v]) => typeof v === 'string'))
  return values
}
