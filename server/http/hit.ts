import type { FastifyInstance } from 'fastify'
import { ApiError } from '../../src/shared/errors'
import { HIT_PATH, VISIT_FIELD_MAX } from '../../src/shared/visit'
import { authThrottleMultiplier, clock } from '../config'
import { ThrottledError } from '../domain/auth/errors'
import { consume, ipSubject } from '../domain/ratelimit/limits'
import { recordVisit, VisitFieldError } from '../domain/visits/visits'

/** A page sends one visit per start: an address sending more than this in ten minutes is not a reader. */
export const HITS_PER_WINDOW = 60
const HIT_WINDOW_MS = 600_000

/**
 * GET /hit?from=&search=&seon_session= (SPEC §7 direct calls): the page sends it 3 s after start,
 * once the visitor allowed analytics (src/machines/app/consent). Thin: the rules are in
 * server/domain/visits. A field that is not text, too long or not printable is a typed 400.
 */
export function registerHit(app: FastifyInstance): void {
  app.get(HIT_PATH, async (request, reply) => {
    const query = (request.query ?? {}) as Record<string, unknown>
    const text = (field: keyof typeof VISIT_FIELD_MAX): string => {
      const value = query[field]
      if (value === undefined) return ''
      if (typeof value !== 'string') throw invalid(field, 'text')
      return value
    }
    const seon = text('seon_session')
    // Each visit stores a row: bounded per address, like every other unauthenticated write.
    const policy = { kind: 'window' as const, limit: HITS_PER_WINDOW * authThrottleMultiplier(app.config), windowMs: HIT_WINDOW_MS }
    const verdict = await consume(app.db, [{ key: `hit:${ipSubject(request.ip)}`, policy }], clock(app.config)())
    if (!verdict.allowed) throw new ThrottledError(Math.ceil(verdict.retryAfterMs / 1000))
    try {
      await recordVisit(app.db, { from: text('from'), search: text('search'), seonSession: seon === '' ? null : seon, playerId: request.playerId ?? null })
    } catch (error) {
      if (error instanceof VisitFieldError) throw invalid(error.field, error.problem)
      throw error
    }
    return reply.code(204).header('cache-control', 'no-store').send()
  })
}

function invalid(field: keyof typeof VISIT_FIELD_MAX, problem: 'maxLength' | 'text'): ApiError {
  return new ApiError({
    type: 'InvalidParameterException',
    code: 'invalid_parameters',
    message: 'Invalid parameters',
    invalidParameters: { [field]: [problem] },
    errorData: problem === 'maxLength' ? { [field]: { max: VISIT_FIELD_MAX[field] } } : null,
  })
}
