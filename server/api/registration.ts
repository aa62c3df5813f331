import type { FastifyInstance } from 'fastify'
import { getPersonalDataFields, getRegistrationSettings } from '../../src/services/api/contract/account'
import { readRegistrationSettings } from '../domain/content/registration-settings'
import { readProfileFields } from '../domain/registration/field-settings'
import { registerCall } from './registrar'

/**
 * The account-area reads the registration form needs (SPEC §3 'Profile field sysnames',
 * 'Registration settings'). In a file of their own so the profile work on server/api/account.ts
 * and this one do not collide; both are parts of the /api/account area (index.ts).
 */
export function registrationCalls(app: FastifyInstance): void {
  registerCall(app, getPersonalDataFields, async ({ params, db }) => readProfileFields(db, params.country_code))
  registerCall(app, getRegistrationSettings, async ({ locale, config }) => readRegistrationSettings(locale, config.contentDir))
}
