import type { FastifyInstance } from 'fastify'
import { getPersonalDataFields, getRegistrationSettings } from '../../src/services/api/contract/account'
import { registrationSection } from '../domain/content/sections'
import { bannerOffer } from '../domain/payments/offers'
import { readProfileFields } from '../domain/registration/field-settings'
import { registerCall } from './registrar'

/**
 * The account-area reads the registration form needs (SPEC §3 'Profile field sysnames',
 * 'Registration settings'). In a file of their own so the profile work on server/api/account.ts
 * and this one do not collide; both are parts of the /api/account area (index.ts).
 */
export function registrationCalls(app: FastifyInstance): void {
  registerCall(app, getPersonalDataFields, async ({ params, db }) => readProfileFields(db, params.country_code))
  registerCall(app, getRegistrationSettings, async ({ locale, db, now }) => {
    const settings = await app.content.section(registrationSection, locale)
    const banner = settings.sideBanner
    if (!banner?.offer_sysname) return settings
    // The banner promises the offer the cashier gives, read from the same row; none running, no banner.
    const offer = await bannerOffer(db, banner.offer_sysname, locale, now)
    return { ...settings, sideBanner: offer ? { ...banner, value: null, addition: null, offer } : null }
  })
}
