import type { FastifyInstance } from 'fastify'
import { e2eTestOverrides, type Config } from '../config'

/**
 * A browser context's own build id (e2e only): the journey of a new deploy makes the manifest
 * report another build without building twice. Read only with E2E_TEST_OVERRIDES, which
 * production refuses.
 */
export const TEST_BUILD_ID_COOKIE = 'test_build_id'
const BUILD_ID = /^[\w-]{1,64}$/

export const BUILD_MANIFEST_PATH = '/build-manifest.json'

/**
 * SPEC §4 'Build manifest', §7: the latest build's id, polled by the page (src/machines/app/build-watch)
 * to offer a reload after a deploy. Never cached, by the browser, a proxy or the service worker.
 * Without a build (development) the id is null and the page does not poll.
 */
export function registerBuildCheck(app: FastifyInstance, options: { buildId: string | null; config: Config }): void {
  app.get(BUILD_MANIFEST_PATH, async (request, reply) => {
    reply.header('cache-control', 'no-store')
    const override = e2eTestOverrides(options.config) ? request.cookies?.[TEST_BUILD_ID_COOKIE] : undefined
    return { buildId: override !== undefined && BUILD_ID.test(override) ? override : options.buildId }
  })
}
