import { SITE_NAME } from '../../../src/shared/brand'
import type { Locale } from '../../../src/shared/locales'

/**
 * The texts of the mails the server sends, in each locale of the site. Plain text only: a link a
 * mail client makes clickable, nothing it could render as HTML.
 */

export interface MailText {
  subject: string
  text: string
}

interface ResetCopy {
  subject: string
  intro: string
  expiry: (minutes: number) => string
  ignore: string
}

const RESET: Record<Locale, ResetCopy> = {
  en: {
    subject: 'Reset your password',
    intro: 'Someone (hopefully you) asked to reset the password of your account. Open this link to choose a new one:',
    expiry: (m) => `The link works once and expires in ${m} minutes.`,
    ignore: 'If you did not ask for this, ignore this mail: your password stays as it is.',
  },
  es: {
    subject: 'Restablece tu contraseña',
    intro: 'Alguien (esperamos que tú) ha pedido restablecer la contraseña de tu cuenta. Abre este enlace para elegir una nueva:',
    expiry: (m) => `El enlace funciona una sola vez y caduca en ${m} minutos.`,
    ignore: 'Si no lo has pedido tú, ignora este correo: tu contraseña no cambia.',
  },
  pt: {
    subject: 'Redefina sua senha',
    intro: 'Alguém (esperamos que você) pediu para redefinir a senha da sua conta. Abra este link para escolher uma nova:',
    expiry: (m) => `O link funciona uma única vez e expira em ${m} minutos.`,
    ignore: 'Se não foi você, ignore este e-mail: sua senha continua a mesma.',
  },
  de: {
    subject: 'Passwort zurücksetzen',
    intro: 'Jemand (hoffentlich Sie) möchte das Passwort Ihres Kontos zurücksetzen. Öffnen Sie diesen Link, um ein neues zu wählen:',
    expiry: (m) => `Der Link funktioniert einmal und läuft in ${m} Minuten ab.`,
    ignore: 'Wenn Sie das nicht waren, ignorieren Sie diese E-Mail: Ihr Passwort bleibt unverändert.',
  },
}

export function passwordResetMail(locale: Locale, link: string, minutes: number): MailText {
  const copy = RESET[locale]
  return {
    subject: `${SITE_NAME}: ${copy.subject}`,
    text: [copy.intro, '', link, '', copy.expiry(minutes), copy.ignore, '', `— ${SITE_NAME}`].join('\n'),
  }
}
