import type { FastifyInstance } from 'fastify'
import type { Logger } from 'pino'
import type { Lifecycle } from './http/readiness'
import type { JobRunner } from './jobs/runner'

export interface ShutdownParts {
  app: FastifyInstance | undefined
  jobs: JobRunner
  lifecycle: Lifecycle
  /** How long requests in flight may take to finish before their connections are cut. */
  graceMs: number
  log: Pick<Logger, 'info' | 'warn'>
}

/**
 * The graceful part of a SIGTERM: /readyz turns 503 at once (a load balancer stops sending), the
 * jobs stop and release their locks (another instance takes them over), the listener closes (new
 * connections are refused, a request on a kept-alive connection answers 503), balance sockets close
 * with 1001, and requests in flight finish within `graceMs`, after which their connections are cut.
 * The caller closes the database pools afterwards. Resolves with whether everything drained in time.
 */
export async function shutdownGracefully({ app, jobs, lifecycle, graceMs, log }: ShutdownParts): Promise<boolean> {
  lifecycle.shuttingDown = true
  const jobsStopped = jobs.stop()
  let drained = true
  if (app) {
    const closed = app.close()
    let timer: NodeJS.Timeout | undefined
    const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), graceMs)))
    if ((await Promise.race([closed, late])) === 'late') {
      drained = false
      log.warn({ graceMs }, 'shutdown: requests still running after the grace period; cutting their connections')
      app.server.closeAllConnections()
      await closed
    }
    clearTimeout(timer)
  }
  await jobsStopped
  log.info({ drained }, 'shutdown: requests drained, job locks released')
  return drained
}
