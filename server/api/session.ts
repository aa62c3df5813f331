import type { FastifyInstance } from 'fastify'
import { touch } from '../../src/services/api/contract/session'
import { touchSession } from '../domain/session/sessions'
import { registerCall } from './registrar'

/** Session area: the keep-alive of an active player (server/domain/session/idle.ts). */
export function sessionCalls(app: FastifyInstance): void {
  registerCall(app, touch, async ({ request, db, now }) => {
    const idle_timeout = request.sessionPolicy.idleTimeoutMs / 1000
    if (!request.session || request.playerId === null) return { logged_in: false, idle_timeout }
    request.session = await touchSession(db, request.session, now, request.sessionPolicy, { force: true })
    return { logged_in: true, idle_timeout }
  })
}
