import { sql, type Kysely } from 'kysely'
import type { PhoneCountryInfo } from '../../../src/services/api/contract/profile'
import { checkEmail } from '../../../src/shared/validation/rules'
import { PHONE_COUNTRIES } from '../../../src/shared/validation/phone'
import type { DB } from '../../db/schema'
import { FieldErrors } from '../auth/errors'
import { checkField, normalizePhone, phoneCountryOf } from '../auth/fields'

/**
 * The player's contacts (SPEC §3 'Contact', §7 addcontact, getContactPhoneSettings): one e-mail and
 * one phone per account, in accounts.email and accounts.phone (digits, dial code first). A phone is
 * confirmed by a code sent by SMS (contact-confirmation.ts); a new number starts over.
 */

/** The phone countries of the contact form, with the names in English (the page names them in its language). */
export function phoneSettings(countryCode: string | null): { countries: PhoneCountryInfo[]; default_country: string | null } {
  const names = new Intl.DisplayNames(['en'], { type: 'region' })
  const countries = PHONE_COUNTRIES.map((c) => ({ country_code: c.code, phone_code: c.dialCode, name: names.of(c.code) ?? c.code, mask: c.mask }))
  const own = countryCode?.toUpperCase() ?? null
  return { countries, default_country: own && countries.some((c) => c.country_code === own) ? own : null }
}

/**
 * Adds a contact to the account: a phone (replacing the one it had, unconfirmed again, its news
 * and offers off until the player turns them on) or an e-mail to an account without one. Throws
 * FieldErrors on `contact`. The same phone again changes nothing.
 */
export async function addContact(db: Kysely<DB>, playerId: bigint, input: { contact: string; phoneCountryCode?: string }): Promise<void> {
  const contact = input.contact.trim()
  const account = await db.selectFrom('accounts').select(['email', 'phone']).where('id', '=', playerId).executeTakeFirstOrThrow()
  try {
    if (contact.includes('@')) {
      const error = checkEmail(contact)
      if (error) throw new FieldErrors({ contact: [error.messageId] })
      if (account.email) throw new FieldErrors({ contact: ['exists'] })
      const email = contact.toLowerCase()
      const other = await db.selectFrom('accounts').select('id').where(sql<string>`lower(email)`, '=', email).where('id', '!=', playerId).executeTakeFirst()
      if (other) throw new FieldErrors({ contact: ['taken'] })
      await db.updateTable('accounts').set({ email, email_confirmed_at: null }).where('id', '=', playerId).where('email', 'is', null).execute()
      return
    }
    const country = phoneCountryOf(input.phoneCountryCode)
    const errors = {}
    checkField(errors, 'contact', contact, [{ rule: 'required', messageId: 'insertPhone' }, { rule: 'phone', country }])
    if (Object.keys(errors).length) throw new FieldErrors(errors)
    const phone = normalizePhone(contact, country)
    if (phone === account.phone) return
    const other = await db.selectFrom('accounts').select('id').where('phone', '=', phone).where('id', '!=', playerId).executeTakeFirst()
    if (other) throw new FieldErrors({ contact: ['taken'] })
    await db
      .updateTable('accounts')
      .set({ phone, phone_country_code: country?.code ?? null, phone_confirmed_at: null, phone_subscribed: false })
      .where('id', '=', playerId)
      .execute()
  } catch (err) {
    // Another account took it between the check and the write: the unique index says so.
    if ((err as { code?: string } | null)?.code === '23505') throw new FieldErrors({ contact: ['taken'] })
    throw err
  }
}
