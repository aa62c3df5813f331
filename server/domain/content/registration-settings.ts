import type { RegistrationSettingsInfo } from '../../../src/services/api/contract/account'
import type { Locale } from '../../../src/shared/locales'
import { readSection } from './section'
import { registrationSection } from './sections'

/**
 * SPEC §3 'Registration settings' are content-system configuration: an operator edits
 * <CONTENT_DIR>/<locale>/registration.json (modes, terms, notify, betting mark, promo field, currency
 * rules, the country the form opens with). The file is checked against the contract on every read,
 * so a mistake shows as an error naming the field, not as a half-working form.
 */
export async function readRegistrationSettings(locale: Locale, root: string): Promise<RegistrationSettingsInfo> {
  return readSection(root, registrationSection, locale)
}
