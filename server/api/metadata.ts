import type { FastifyInstance } from 'fastify'
import { get, getgeneralinfo, type GeneralInfo } from '../../src/services/api/contract/metadata'
import { LOCALES } from '../../src/shared/locales'
import { DEFAULT_CURRENCY } from '../domain/settings/settings'
import { requestForceLogoutSeconds } from '../http/session'
import { registerCall } from './registrar'

/**
 * General info comes from the settings table (an operator edits rows there); a missing row
 * falls back to a default here, so a half-configured database still answers the full shape.
 */
export function generalInfoFrom(settings: Record<string, unknown>, idleTimeoutMs: number): GeneralInfo {
  const pick = <T>(key: keyof GeneralInfo, fallback: T): T => (key in settings ? (settings[key] as T) : fallback)
  return {
    analytic: pick('analytic', {}),
    available_currencies: pick('available_currencies', [DEFAULT_CURRENCY]),
    available_locales: pick('available_locales', [...LOCALES]),
    default_currency: pick('default_currency', DEFAULT_CURRENCY),
    is_seon_enabled: pick('is_seon_enabled', false),
    is_bonus_isolation_enabled: pick('is_bonus_isolation_enabled', false),
    domain_state: pick('domain_state', 'active'),
    domain_type: pick('domain_type', 'main'),
    time_to_force_logout: pick('time_to_force_logout', Math.round(idleTimeoutMs / 1000)),
    is_game_history_export_enabled: pick('is_game_history_export_enabled', false),
    user_inactivity_cashier_time: pick('user_inactivity_cashier_time', null),
    user_inactivity_pp_time: pick('user_inactivity_pp_time', null),
  }
}

const GENERAL_KEYS: readonly (keyof GeneralInfo)[] = [
  'analytic',
  'available_currencies',
  'available_locales',
  'default_currency',
  'is_seon_enabled',
  'is_bonus_isolation_enabled',
  'domain_state',
  'domain_type',
  'time_to_force_logout',
  'is_game_history_export_enabled',
  'user_inactivity_cashier_time',
  'user_inactivity_pp_time',
]

function pickKeys(settings: Readonly<Record<string, unknown>>, keys: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const key of keys) if (key in settings) out[key] = settings[key]
  return out
}

/** Metadata area (SPEC §7 'Metadata'). */
export function metadataCalls(app: FastifyInstance): void {
  registerCall(app, getgeneralinfo, async ({ config, request }) => {
    // From the settings cache: every page asks for this, an operator changes it rarely.
    const info = generalInfoFrom(pickKeys(await app.settings.read(), GENERAL_KEYS), config.session.idleTimeoutMs)
    // The limit the server's idle expiry uses too (an e2e context may shorten its own).
    return {
      ...info,
      time_to_force_logout: requestForceLogoutSeconds(request, config, info.time_to_force_logout),
      // The same list the CSP frame-ancestors of /forms names (server/http/security.ts).
      frame_allowlist: config.frameAllowlist,
    }
  })

  // SPEC §7 lists metadata/get with no shape; it answers what the server is, nothing secret.
  registerCall(app, get, async ({ config, now }) => ({
    app_env: config.appEnv,
    server_time: now.toISOString(),
  }))
}
