// The fill-profile prompt's way to /profile/settings and back (SPEC §2.4 fill-profile-info
// confirm): small and apart from the details form's rules, since the cashier links here too.
import { safeRedirectPath } from '../../../shared/redirect'

/** Where to go back after saving: a same-origin path only (ARCHITECTURE §5), never this page itself. */
export function returnPath(from: string | null | undefined): string | null {
  const path = safeRedirectPath(from?.trim())
  return path && !/^\/(?:[a-z]{2}\/)?profile\/settings(?:[/?#]|$)/.test(path) ? path : null
}

/** Why the fill-profile prompt (SPEC §2.4) sent the player to /profile/settings: its toastType. */
export type FillProfileReason = 'fill_for_withdrawal' | 'fill_for_deposit' | 'fill_for_verification'

/**
 * The prompt's way to the details form (route profile.settings.index, query from and toastType),
 * back to `from` once they are saved; a `from` that is no same-origin path is left out.
 */
export function fillProfileHref(from: string, toastType: FillProfileReason): string {
  const back = returnPath(from)
  const query = new URLSearchParams(back ? { from: back, toastType } : { toastType })
  return `/profile/settings?${query}`
}
