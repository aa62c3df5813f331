// SPEC §4 'Hints', §9: pure rules of the two hints a new player sees. The view loads the facts
// (account reg_time, the deposit summary, the profile's contacts, the stored confirm_sent flag)
// and shows what these rules say; it decides nothing itself.
import { CONFIRM_HINT_MS, REGISTRATION_HINT_MS } from '../../../shared/constants'
import type { HintKind, HintsContext } from './hints.types'

export type { HintKind }

export interface HintFacts {
  /** Account info reg_time (ISO 8601); null for a visitor. */
  readonly regTime: string | null
  /** Null while unknown (not loaded, or not needed). */
  readonly hasDeposit: boolean | null
  /** Whether the contact the player logs in with is confirmed; null while unknown. */
  readonly loginContactConfirmed: boolean | null
  /** A confirmation was sent to the player already (the stored confirm_sent flag). */
  readonly confirmSent: boolean
}

const regAt = (regTime: string | null): number | null => {
  if (!regTime) return null
  const t = Date.parse(regTime)
  return Number.isNaN(t) ? null : t
}

/** Which facts are worth loading at `now`: none once both windows are over. */
export function neededFacts(regTime: string | null, now: number): { deposits: boolean; contacts: boolean } {
  const at = regAt(regTime)
  if (at === null || now < at) return { deposits: false, contacts: false }
  return { deposits: now - at < REGISTRATION_HINT_MS, contacts: now - at < CONFIRM_HINT_MS }
}

/**
 * The hints to show at `now`, most urgent first. Registration: for 2 hours after registration
 * while there is no deposit. Confirm contacts: for 5 days after registration while the login
 * contact is unconfirmed and no confirm_sent flag is stored. Unknown facts show nothing.
 */
export function activeHints(facts: HintFacts, now: number): HintKind[] {
  const { deposits, contacts } = neededFacts(facts.regTime, now)
  const hints: HintKind[] = []
  if (deposits && facts.hasDeposit === false) hints.push('registration')
  if (contacts && facts.loginContactConfirmed === false && !facts.confirmSent) hints.push('confirmContacts')
  return hints
}

/** When the answer of activeHints next changes by time alone (a window closes); null: never. */
export function nextHintChange(regTime: string | null, now: number): number | null {
  const at = regAt(regTime)
  if (at === null) return null
  const ends = [at + REGISTRATION_HINT_MS, at + CONFIRM_HINT_MS].filter((t) => t > now)
  return ends.length ? Math.min(...ends) : null
}

/** The stored flag's key, per player (SPEC §4: 'no confirm_sent flag stored for the user'). */
export const confirmSentKey = (uid: number): string => `confirm_sent:${uid}`
/** Where a dismissed hint is remembered, per player and hint. */
export const dismissedHintKey = (uid: number, kind: HintKind): string => `hint_dismissed:${uid}:${kind}`

/** The contact the player logs in with: the one whose value is the login (e-mail or phone digits). */
export function loginContactConfirmed(login: string, contacts: readonly { contact: string; is_confirmed: boolean }[]): boolean | null {
  const norm = (v: string) => v.trim().toLowerCase().replace(/^\+/, '')
  const match = contacts.find((c) => norm(c.contact) === norm(login))
  return match ? match.is_confirmed : null
}

/** The hint shown now, from the facts in context; null when none. */
export function currentHint(context: HintsContext): HintKind | null {
  const { player, facts } = context
  if (!player || !facts) return null
  const hints = activeHints(
    { regTime: player.regTime, hasDeposit: facts.hasDeposit, loginContactConfirmed: facts.loginContactConfirmed, confirmSent: facts.confirmSent },
    facts.checkedAt,
  )
  return hints.find((kind) => !facts.dismissed.includes(kind)) ?? null
}
