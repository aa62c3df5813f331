// SPEC §4 'Build manifest', §7: the latest build's id from GET /build-manifest.json.

/** The latest build's id (null when the server has no build); undefined when it could not be read. */
export async function fetchLatestBuild(): Promise<string | null | undefined> {
  try {
    const response = await fetch('/build-manifest.json', { cache: 'no-store', credentials: 'same-origin' })
    if (!response.ok) return undefined
    const body = (await response.json()) as { buildId?: unknown }
    return typeof body.buildId === 'string' ? body.buildId : body.buildId === null ? null : undefined
  } catch {
    return undefined
  }
}
