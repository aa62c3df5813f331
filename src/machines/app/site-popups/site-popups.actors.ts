// The site popups' default effects: what this browser remembers (the ids seen, in localStorage; a
// trigger carried over this tab's next load, in sessionStorage) and the exit-intent listener.
import { fromCallback, fromPromise } from 'xstate'
import { read, store } from '../../../services/storage/local'
import { tabStorage } from '../../../services/storage/tab'
import type { CarriedTrigger, PopupMemory, SitePopupsEvent } from './site-popups.types'

export const SEEN_POPUPS_KEY = 'seen_popups'
export const CARRIED_TRIGGER_KEY = 'popup_trigger'
/** Enough for every popup an operator keeps; the oldest ids go first. */
const MAX_SEEN = 100

/** The ids this browser was shown; anything unreadable counts as none (a popup may show again, nothing worse). */
export function parseSeen(value: string | null): string[] {
  if (!value) return []
  try {
    const parsed: unknown = JSON.parse(value)
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string').slice(-MAX_SEEN) : []
  } catch {
    return []
  }
}

/** A login lands with a full load: its trigger is taken on the page that loads, once. */
function takeCarried(): CarriedTrigger | null {
  const storage = tabStorage()
  try {
    const value = storage?.getItem(CARRIED_TRIGGER_KEY) ?? null
    storage?.removeItem(CARRIED_TRIGGER_KEY)
    return value === 'afterLogin' || value === 'afterRegistration' ? value : null
  } catch {
    return null
  }
}

export const readMemory = fromPromise<PopupMemory>(async () => ({ seen: parseSeen(read(SEEN_POPUPS_KEY)), carried: takeCarried() }))

export function writeSeen(ids: readonly string[]): void {
  store(SEEN_POPUPS_KEY, JSON.stringify(ids.slice(-MAX_SEEN)))
}

export function carryTrigger(trigger: CarriedTrigger): void {
  try {
    tabStorage()?.setItem(CARRIED_TRIGGER_KEY, trigger)
  } catch {
    // Storage refused: the popup shows if this page stays long enough, nothing worse.
  }
}

/** The pointer leaving the window through its top edge (towards the tabs or the address bar). */
export const exitIntent = fromCallback<SitePopupsEvent>(({ sendBack }) => {
  if (typeof document === 'undefined') return undefined
  const onOut = (event: MouseEvent) => {
    if (event.relatedTarget === null && event.clientY <= 0) sendBack({ type: 'popups.exitIntent' })
  }
  document.addEventListener('mouseout', onOut)
  return () => document.removeEventListener('mouseout', onOut)
})
