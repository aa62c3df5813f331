/**
 * What server/ssr.ts puts into Vike's pageContext for every request, and what the render hook
 * hands back. Vike passes both through untouched; Fastify owns the HTTP response.
 */
export interface SsrRequestContext {
  /** fetch that dispatches /api calls to our own Fastify app in-process, with the player's cookie. */
  apiFetch: typeof fetch
  publicUrl: string
  appEnv: string
}

export type SsrOutcome =
  | { kind: 'html'; status: number }
  | { kind: 'redirect'; status: 301 | 302; location: string }
