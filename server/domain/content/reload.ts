import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type { PublishReach } from '../../realtime/bus'
import type { ContentSummary } from './source'

/**
 * The operator's content reload, on every instance: the one that answered the call reloads and
 * checks first (broken content stops there, and nothing is told), then tells the others through the
 * live bus, and each reloads its own copy.
 */

const TOPIC = 'content.reload'
/** Per app, not per process: tests run several apps in one process on one Redis. */
const selves = new WeakMap<FastifyInstance, string>()

export async function reloadEverywhere(app: FastifyInstance): Promise<ContentSummary & { instances: PublishReach }> {
  const summary = await app.content.reload()
  const instances = await app.live.publish(TOPIC, JSON.stringify({ from: selves.get(app) ?? '' })).catch((err: unknown) => {
    app.log.warn({ err }, 'content reload: the other instances could not be told')
    return 'this instance' as const
  })
  return { ...summary, instances }
}

/** Reloads this instance's content when another instance was asked to. Returns the unsubscribe. */
export function followContentReloads(app: FastifyInstance): () => void {
  const self = randomUUID()
  selves.set(app, self)
  return app.live.subscribe(TOPIC, (data) => {
    let from: unknown
    try {
      from = (JSON.parse(data) as { from?: unknown }).from
    } catch {
      from = undefined
    }
    if (from === self) return
    app.content.reload().then(
      (summary) => app.log.info({ loadedAt: summary.loadedAt, pages: summary.pages }, 'content reloaded: another instance was asked to'),
      (err: unknown) => app.log.error({ err }, 'content reload asked by another instance failed: the last good content stays'),
    )
  })
}
