import { RegistrationSettingsSchema, type RegistrationSettingsInfo } from '../../../src/services/api/contract/account'
import type { ContentSection } from './section'

/** SPEC §3 'Registration settings': content/<locale>/registration.json. */
export const registrationSection: ContentSection<RegistrationSettingsInfo> = {
  name: 'registration',
  scope: 'locale',
  file: 'registration.json',
  struct: RegistrationSettingsSchema,
  public: true,
}

/**
 * Every section of the content system. The store loads and checks them all at start, so a broken
 * file stops the start with its name and field; add a feature's section here.
 */
export const contentSections: readonly ContentSection<unknown>[] = [registrationSection as ContentSection<unknown>]
