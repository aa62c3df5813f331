// Types of the build watch (SPEC §4 'Build manifest').

export interface BuildWatchInput {
  /** The build that served the page; null (development) means nothing to compare and no polling. */
  readonly buildId: string | null
}

export interface BuildWatchContext {
  readonly buildId: string | null
  /** The newer build seen, once one is. */
  readonly latestBuildId: string | null
}

/** GET /build-manifest.json. A failed read is a value: the next tick tries again. */
export type FetchLatestBuildResult = { readonly ok: true; readonly buildId: string | null } | { readonly ok: false }

export type BuildWatchEvent =
  /** The service worker installed a newer build and waits for the page (it found the deploy first). */
  { type: 'build.updateReady' }
