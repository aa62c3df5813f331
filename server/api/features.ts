import type { FastifyInstance } from 'fastify'
import { FEATURE_OFF_ERROR_CODE, type SiteFeature } from '../../src/services/api/contract/content'
import type { Locale } from '../../src/shared/locales'
import { ApiError } from '../../src/shared/errors'
import { siteSection } from '../domain/content/sections'

const FEATURE_NAMES: Record<SiteFeature, string> = {
  twoFactor: 'Two-factor authentication',
  identityVerification: 'Identity verification',
  responsibleGaming: 'The responsible-gaming tools',
  betHistory: 'The bet history',
  noticeBettingVisible: 'The betting notice',
  clickableTitle: 'Clickable titles',
}

/**
 * The site config's switches (SPEC §3 'Site config' features) hold on the server too: a call of a
 * section the operator switched off for the request's locale is refused, not only hidden in the UI.
 */
export async function requireFeature(app: FastifyInstance, locale: Locale, feature: SiteFeature): Promise<void> {
  if ((await app.content.section(siteSection, locale)).features[feature]) return
  throw new ApiError({
    type: 'AccessDeniedException',
    code: FEATURE_OFF_ERROR_CODE,
    message: `${FEATURE_NAMES[feature]} is switched off on this site`,
    errorData: { feature },
  })
}
