import { redirect } from 'react-router'

/**
 * SPEC §2.2: a visitor opening a path that contains bets, cashier, profile or responsible-game
 * is sent home with the encoded full original path in `redirectUrl`. Content slugs are excepted,
 * so the check runs only on the routes that are declared protected in the table.
 */
export const PROTECTED_SEGMENTS = ['bets', 'cashier', 'profile', 'responsible-game'] as const

export function isProtectedPath(path: string): boolean {
  const segments = path.split('?')[0]!.split('/').filter(Boolean)
  return segments.some((s) => (PROTECTED_SEGMENTS as readonly string[]).includes(s))
}

export interface GuardSession {
  isLoggedIn(): boolean
}

/** Builds the home address with `redirectUrl`; the router adds the locale basename itself. */
export function visitorRedirectLocation(originalUrl: URL): string {
  const original = originalUrl.pathname + originalUrl.search + originalUrl.hash
  return `/?redirectUrl=${encodeURIComponent(original)}`
}

export function requireUser(session: GuardSession, request: Request): void {
  if (session.isLoggedIn()) return
  throw redirect(visitorRedirectLocation(new URL(request.url)))
}
