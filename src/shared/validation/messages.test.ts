import { describe, expect, it } from 'vitest'
import { setupI18n } from '@lingui/core'
import { formatMoney } from '../format'
import { ALTERNATIVE_MESSAGES, interpolate, messageFor, translateError, VALIDATION_MESSAGES } from './messages'
import { MESSAGE_IDS, checkEmail, checkPassword, checkSum, checkMinLength, checkWholeAmount, type ValidationError } from './rules'

// No catalog loaded: outside production Lingui compiles the source message, so this checks the
// descriptors themselves (ids, placeholders) as a view would render them in English.
const i18n = setupI18n({ locale: 'en', messages: { en: {} } })

describe('VALIDATION_MESSAGES', () => {
  it('has a descriptor with an id and a message for every messageId', () => {
    expect(Object.keys(VALIDATION_MESSAGES).sort()).toEqual([...MESSAGE_IDS].sort())
    for (const key of MESSAGE_IDS) {
      expect(VALIDATION_MESSAGES[key].id, key).toEqual(expect.any(String))
    }
  })

  it('renders the SPEC §5 defaults, with $$min$$ and $$max$$ as ICU placeholders', () => {
    const t = (error: ValidationError) => translateError(i18n, error)
    expect(t({ rule: 'required', messageId: 'required' })).toBe('Field is required')
    expect(t(checkMinLength('ab', 6)!)).toBe('Min length is 6')
    expect(t({ rule: 'maxLength', messageId: 'maxLength', values: { max: 20 } })).toBe('Max length is 20')
    expect(t({ rule: 'email', messageId: 'email' })).toBe('Wrong email address')
    expect(t({ rule: 'iban', messageId: 'iban' })).toBe('Wrong iban')
    expect(t({ rule: 'multipleOf', messageId: 'multipleOf', values: { value: '10' } })).toBe('Value is not multiple of 10')
    expect(t(checkPassword('pass word')!)).toBe('Wrong symbols in password:  ')
    expect(t(checkPassword('paßword')!)).toBe('Wrong symbols in password: ß')
  })
})

describe('e-mail messages', () => {
  const t = (error: ValidationError) => translateError(i18n, error)

  it('name the rule an address broke, from the rule or from a server code alone', () => {
    expect(t(checkEmail('<script>alert(1)</script>@x.com')!)).toBe("Use only letters, digits and .!#$%&'*+/=?^_`{|}~- before the @")
    expect(t(checkEmail(`${'a'.repeat(250)}@x.com`)!)).toBe('An e-mail address can be at most 254 characters long')
    expect(t(checkEmail('plain')!)).toBe('An e-mail address needs exactly one @')
    expect(t(checkEmail('a@b')!)).toBe('Check the part after the @: it should look like example.com')
    // The server sends only the code (invalid_parameters); the message still reads whole.
    expect(t({ rule: 'server', messageId: 'emailTooLong', values: { code: 'emailTooLong' } })).toBe('An e-mail address can be at most 254 characters long')
    expect(t({ rule: 'server', messageId: 'emailChars' })).toContain('{|}~- before the @')
  })
})

describe('messageFor', () => {
  it('returns the descriptor and values for the view to translate', () => {
    const error: ValidationError = { rule: 'password', messageId: 'minLength', values: { min: 6 } }
    expect(messageFor(error)).toEqual({ descriptor: VALIDATION_MESSAGES.minLength, values: { min: 6 } })
  })

  it('formats money bounds in the currency when given a locale', () => {
    const error = checkSum('5', { min: '10', max: '1,000', currency: 'EUR' })!
    expect(messageFor(error).values).toEqual({ min: '10', max: '1000', currency: 'EUR' })
    const de = messageFor(error, { locale: 'de' })
    // Intl puts a no-break space before the euro sign; compare with the shared formatter's output.
    expect(de.values.min).toBe(formatMoney('10', 'EUR', 'de'))
    expect(de.values.max).toBe(formatMoney('1000', 'EUR', 'de'))
    expect(String(de.values.max).replace(/\s/gu, ' ')).toBe('1.000,00 €')
    expect(translateError(i18n, error)).toBe('Amount must be between €10.00 and €1,000.00')
  })

  it('leaves counts alone and formats plain value bounds as numbers', () => {
    expect(messageFor({ rule: 'minLength', messageId: 'minLength', values: { min: 1000 } }, { locale: 'de' }).values.min).toBe(1000)
    expect(messageFor({ rule: 'maxValue', messageId: 'maxValue', values: { max: '1000' } }, { locale: 'de' }).values.max).toBe('1.000')
  })

  it('uses a content-system override by messageId, then by rule, else the default', () => {
    const error: ValidationError = { rule: 'password', messageId: 'minLength', values: { min: 6 } }
    expect(messageFor(error, { overrides: { minLength: 'Al menos $$min$$ caracteres' } }).override).toBe('Al menos 6 caracteres')
    expect(messageFor(error, { overrides: { password: 'Contraseña: mínimo {min}' } }).override).toBe('Contraseña: mínimo 6')
    expect(messageFor(error, { overrides: { minLength: 'A', password: 'B' } }).override).toBe('A')
    expect(messageFor(error, { overrides: { email: 'x', minLength: '' } }).override).toBeUndefined()
    expect(translateError(i18n, error, { overrides: { minLength: 'At least $$min$$' } })).toBe('At least 6')
    expect(translateError(i18n, error, { overrides: null })).toBe('Min length is 6')
  })

  it('offers SPEC §5’s alternative set as overrides', () => {
    const error: ValidationError = { rule: 'minLength', messageId: 'minLength', values: { min: 4 } }
    expect(translateError(i18n, error, { overrides: ALTERNATIVE_MESSAGES })).toBe('This field should be at least 4 characters long')
    expect(translateError(i18n, { rule: 'sameAs', messageId: 'sameAs' }, { overrides: ALTERNATIVE_MESSAGES })).toBe(
      'The value must be equal to the other value',
    )
  })

  it('translates with the instance it is given, per locale', () => {
    const es = setupI18n({ locale: 'es', messages: { es: { [VALIDATION_MESSAGES.required.id]: 'Campo obligatorio' } } })
    expect(translateError(es, { rule: 'required', messageId: 'required' })).toBe('Campo obligatorio')
    expect(translateError(i18n, { rule: 'required', messageId: 'required' })).toBe('Field is required')
  })
})

describe('interpolate', () => {
  it('fills both placeholder styles and leaves unknown ones', () => {
    expect(interpolate('$$min$$-{max} {other}', { min: 1, max: '2' })).toBe('1-2 {other}')
  })
})

describe('whole amount messages (SPEC §5 Sum)', () => {
  it('name the rule with an example in the locale, from the rule or from a server code alone', async () => {
    // The compiled catalogs, as a page in that locale has them.
    const es = setupI18n({ locale: 'es', messages: { es: (await import('../../../locales/es/messages')).messages } })
    const de = setupI18n({ locale: 'de', messages: { de: (await import('../../../locales/de/messages')).messages } })
    expect(translateError(i18n, checkWholeAmount('10.5', 'en')!)).toBe('Enter a whole amount without decimals, like 1,000')
    expect(translateError(es, checkWholeAmount('10,5', 'es')!)).toBe('Escribe una cantidad entera sin decimales, como 1.000')
    // The server names the rule only (invalid_parameters { amount: ['wholeAmount'] }).
    expect(translateError(de, { rule: 'server', messageId: 'wholeAmount' })).toBe('Geben Sie einen ganzen Betrag ohne Nachkommastellen ein, z. B. 1.000')
  })

  it('checkWholeAmount reads the digits in the locale, then applies the bounds; empty is the required rule\'s call', () => {
    expect(checkWholeAmount('', 'es')).toBeNull()
    expect(checkWholeAmount('1.000', 'es', { min: '10', max: '5000' })).toBeNull()
    expect(checkWholeAmount('10.000', 'es', { min: '10', max: '5000', currency: 'EUR' })).toEqual({ rule: 'sum', messageId: 'sumRange', values: { min: '10', max: '5000', currency: 'EUR' } })
    expect(checkWholeAmount('10,5', 'es', { min: '1' })).toEqual({ rule: 'sum', messageId: 'wholeAmount', values: { example: '1.000', reason: 'decimal' } })
  })
})
