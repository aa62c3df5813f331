/**
 * The device fingerprint (SPEC §7: a script from an external host; §9: audio, canvas and webgl;
 * §8: a failure gives no seon session). Loaded through the script loader under the analytics
 * category, so it never loads before the visitor allows it.
 */
import { fingerprintScriptUrl, TOOL_CATEGORY, type AnalyticsSettings } from '../../shared/analytics-settings'
import { FINGERPRINT_SOURCES } from '../../shared/constants'
import { pageScripts, type ScriptLoader } from './script-loader'

/** The part of the vendor's agent (window.seon) we use. */
interface SeonAgent {
  config(options: Record<string, unknown>): void
  getBase64Session(callback: (session: string | null | undefined) => void): void
}

export type FingerprintSessionResult = { ok: true; session: string } | { ok: false }

export async function loadFingerprintSession(
  settings: AnalyticsSettings,
  deps: { loader?: ScriptLoader; window?: { seon?: SeonAgent } } = {},
): Promise<FingerprintSessionResult> {
  if (!settings.fingerprintEnabled) return { ok: false }
  const loader = deps.loader ?? pageScripts()
  const host = deps.window ?? (window as unknown as { seon?: SeonAgent })
  try {
    await loader.load({ id: 'fingerprint', category: TOOL_CATEGORY.fingerprint, src: fingerprintScriptUrl(settings) })
    const agent = host.seon
    if (!agent) return { ok: false }
    const session = await new Promise<string | null>((resolve) => {
      const sources = Object.fromEntries(FINGERPRINT_SOURCES.map((source) => [`${source}_fingerprint`, true]))
      agent.config({
        ...sources,
        session_id: crypto.randomUUID(),
        onSuccess: () => agent.getBase64Session((data) => resolve(typeof data === 'string' && data.length > 0 ? data : null)),
        onError: () => resolve(null),
      })
    })
    return session ? { ok: true, session } : { ok: false }
  } catch (error) {
    // A blocked or unreachable host is the expected failure: no session, nothing to report.
    console.warn('fingerprint:', error)
    return { ok: false }
  }
}
