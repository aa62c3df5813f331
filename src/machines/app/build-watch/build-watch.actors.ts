// The build watch's default read: GET /build-manifest.json, never from any cache.
import { fromPromise } from 'xstate'
import { fetchLatestBuild as fetchLatestBuildId } from '../../../services/service-worker/build-manifest'
import type { FetchLatestBuildResult } from './build-watch.types'

export const fetchLatestBuild = fromPromise<FetchLatestBuildResult>(async () => {
  const buildId = await fetchLatestBuildId()
  return buildId === undefined ? { ok: false } : { ok: true, buildId }
})
