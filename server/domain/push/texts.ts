import type { Locale } from '../../../src/shared/locales'
import type { PushNotice } from './notices'

/**
 * The push notices' words in the player's language: short, as a lock screen shows them, and never
 * the detail a mail gives (a push is seen by whoever holds the phone).
 */

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
