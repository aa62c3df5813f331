import type { FastifyInstance } from 'fastify'
import { ApiError } from '../../src/shared/errors'
import { HIT_PATH, VISIT_FIELD_MAX } from '../../src/shared/visit'
import { recordVisit, VisitFieldError } from '../domain/visits/visits'

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
