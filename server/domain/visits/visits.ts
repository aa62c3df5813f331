import type { Kysely } from 'kysely'
import { convertTrackIds, VISIT_FIELD_MAX } from '../../../src/shared/visit'
import type { DB } from '../../db/schema'

export interface VisitRecord {
  readonly from: string
  readonly search: string
  readonly seonSession: string | null
  readonly playerId: bigint | null
}

/** A field of the visit that cannot be kept: too long, or with control characters. */
export class VisitFieldError extends Error {
  constructor(
    readonly field: keyof typeof VISIT_FIELD_MAX,
    readonly problem: 'maxLength' | 'text',
  ) {
    super(`visit: ${field} ${problem}`)
  }
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/

/** Checks what /hit was given: bounded, printable (SPEC: nothing a client sends gives a 5xx). */
export function checkVisitField(field: keyof typeof VISIT_FIELD_MAX, value: string): void {
  if (value.length > VISIT_FIELD_MAX[field]) throw new VisitFieldError(field, 'maxLength')
  if (CONTROL.test(value)) throw new VisitFieldError(field, 'text')
}

/** Records a visit: the landing query's td_ track ids converted (src/shared/visit.ts). */
export async function recordVisit(db: Kysely<DB>, visit: VisitRecord): Promise<{ trackIds: Record<string, string> }> {
  checkVisitField('from', visit.from)
  checkVisitField('search', visit.search)
  if (visit.seonSession !== null) checkVisitField('seon_session', visit.seonSession)
  const trackIds = convertTrackIds(visit.search)
  await db
    .insertInto('visits')
    .values({
      player_id: visit.playerId,
      referrer: visit.from,
      landing_search: visit.search,
      seon_session: visit.seonSession || null,
      track_ids: JSON.stringify(trackIds),
    })
    .execute()
  return { trackIds }
}
