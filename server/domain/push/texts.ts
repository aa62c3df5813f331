import type { Locale } from '../../../src/shared/locales'

/**
 * The push notices' words in the player's language: short, as a lock screen shows them, and never
 * the detail a mail gives (a push is seen by whoever holds the phone).
 */

/** What a browser shows: a title, a line, and the page a tap opens (a path of ours). */
export interface PushNotice {
  title: string
  body: string
  url: string
}

const PASSWORD_CHANGED: Record<Locale, { title: string; body: string }> = {
  en: { title: 'Your password was changed', body: 'Not you? Contact support at once.' },
  es: { title: 'Se ha cambiado tu contraseña', body: '¿No has sido tú? Contacta con soporte ahora.' },
  pt: { title: 'Sua senha foi alterada', body: 'Não foi você? Fale com o suporte agora.' },
  de: { title: 'Ihr Passwort wurde geändert', body: 'Nicht Sie? Wenden Sie sich sofort an den Support.' },
}

const EMAIL_CHANGED: Record<Locale, { title: string; body: string }> = {
  en: { title: 'Your e-mail was changed', body: 'Not you? Contact support at once.' },
  es: { title: 'Se ha cambiado tu correo electrónico', body: '¿No has sido tú? Contacta con soporte ahora.' },
  pt: { title: 'Seu e-mail foi alterado', body: 'Não foi você? Fale com o suporte agora.' },
  de: { title: 'Ihre E-Mail-Adresse wurde geändert', body: 'Nicht Sie? Wenden Sie sich sofort an den Support.' },
}

const localePath = (locale: Locale, path: string) => (locale === 'en' ? path : `/${locale}${path}`)

export function passwordChangedPush(locale: Locale): PushNotice {
  return { ...PASSWORD_CHANGED[locale], url: localePath(locale, '/profile/security') }
}

export function emailChangedPush(locale: Locale): PushNotice {
  return { ...EMAIL_CHANGED[locale], url: localePath(locale, '/profile/settings') }
}

const PAYMENT: Record<'deposit' | 'withdrawal', Record<Locale, { title: string; body: string }>> = {
  deposit: {
    en: { title: 'Your deposit has arrived', body: 'It is in your balance now.' },
    es: { title: 'Tu depósito ha llegado', body: 'Ya está en tu saldo.' },
    pt: { title: 'Seu depósito chegou', body: 'Ele já está no seu saldo.' },
    de: { title: 'Ihre Einzahlung ist eingegangen', body: 'Sie ist jetzt in Ihrem Guthaben.' },
  },
  withdrawal: {
    en: { title: 'Your withdrawal has been paid', body: 'See the details in your transaction history.' },
    es: { title: 'Tu retiro se ha pagado', body: 'Mira los detalles en tu historial de transacciones.' },
    pt: { title: 'Seu saque foi pago', body: 'Veja os detalhes no seu histórico de transações.' },
    de: { title: 'Ihre Auszahlung wurde ausgeführt', body: 'Die Einzelheiten finden Sie in Ihrem Transaktionsverlauf.' },
  },
}

/** A payment that went through, without its amount (a lock screen is seen by whoever holds the phone). */
export function paymentPush(locale: Locale, type: 'deposit' | 'withdrawal'): PushNotice {
  return { ...PAYMENT[type][locale], url: localePath(locale, '/cashier/history') }
}
