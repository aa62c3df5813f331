// Pure rules of the signed-in devices list.
import type { AuthFailure } from '../../auth/auth.types'
import type { PlayerSession, SessionTarget } from './sessions.types'

/** The list once a sign-out has ended `target`: that device, or every one but this. */
export function withoutEnded(sessions: readonly PlayerSession[], target: SessionTarget): PlayerSession[] {
  return 'id' in target ? sessions.filter((s) => s.id !== target.id) : sessions.filter((s) => s.current)
}

/** The server no longer knows the device (it signed out meanwhile, or its session ended). */
export function isUnknownSession(failure: AuthFailure): boolean {
  const codes = failure.invalidParameters?.['id']
  return failure.type === 'InvalidParameterException' && Array.isArray(codes) && codes[0] === 'unknown'
}

export const otherSessionsOf = (sessions: readonly PlayerSession[] | null): number => (sessions ?? []).filter((s) => !s.current).length
