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

interface ConfirmCopy {
  subject: string
  intro: string
  link: string
  expiry: (hours: number) => string
  ignore: string
}

const CONFIRM: Record<Locale, ConfirmCopy> = {
  en: {
    subject: 'Confirm your e-mail address',
    intro: 'To confirm this e-mail address for your account, enter this code on the confirmation page:',
    link: 'Or open this link to confirm it at once:',
    expiry: (h) => `The code and the link work once and expire in ${h} hours.`,
    ignore: 'If you did not open an account with us, ignore this mail.',
  },
  es: {
    subject: 'Confirma tu dirección de correo',
    intro: 'Para confirmar esta dirección de correo en tu cuenta, escribe este código en la página de confirmación:',
    link: 'O abre este enlace para confirmarla al instante:',
    expiry: (h) => `El código y el enlace funcionan una sola vez y caducan en ${h} horas.`,
    ignore: 'Si no has abierto una cuenta con nosotros, ignora este correo.',
  },
  pt: {
    subject: 'Confirme seu endereço de e-mail',
    intro: 'Para confirmar este endereço de e-mail na sua conta, digite este código na página de confirmação:',
    link: 'Ou abra este link para confirmá-lo na hora:',
    expiry: (h) => `O código e o link funcionam uma única vez e expiram em ${h} horas.`,
    ignore: 'Se você não abriu uma conta conosco, ignore este e-mail.',
  },
  de: {
    subject: 'Bestätigen Sie Ihre E-Mail-Adresse',
    intro: 'Um diese E-Mail-Adresse für Ihr Konto zu bestätigen, geben Sie diesen Code auf der Bestätigungsseite ein:',
    link: 'Oder öffnen Sie diesen Link, um sie sofort zu bestätigen:',
    expiry: (h) => `Code und Link funktionieren einmal und laufen in ${h} Stunden ab.`,
    ignore: 'Wenn Sie bei uns kein Konto eröffnet haben, ignorieren Sie diese E-Mail.',
  },
}

/** The contact-confirmation mail: the 6-digit code on a line of its own, and the link that carries it. */
export function contactConfirmationMail(locale: Locale, code: string, link: string, hours: number): MailText {
  const copy = CONFIRM[locale]
  return {
    subject: `${SITE_NAME}: ${copy.subject}`,
    text: [copy.intro, '', `    ${code}`, '', copy.link, '', link, '', copy.expiry(hours), copy.ignore, '', `— ${SITE_NAME}`].join('\n'),
  }
}

const CONFIRM_SMS: Record<Locale, (code: string, hours: number) => string> = {
  en: (code, h) => `${code} is your code to confirm this phone. It works once, for ${h} hours.`,
  es: (code, h) => `${code} es tu código para confirmar este teléfono. Funciona una vez, durante ${h} horas.`,
  pt: (code, h) => `${code} é o seu código para confirmar este telefone. Funciona uma vez, durante ${h} horas.`,
  de: (code, h) => `${code} ist Ihr Code zur Bestätigung dieser Telefonnummer. Er gilt einmal, ${h} Stunden lang.`,
}

/** The phone's confirmation text: short (one SMS), the code first so the phone can offer it, then the link. */
export function contactConfirmationSms(locale: Locale, code: string, link: string, hours: number): string {
  return `${SITE_NAME}: ${CONFIRM_SMS[locale](code, hours)}\n${link}`
}

interface SubscribedCopy {
  subject: string
  intro: string
  what: string
  leave: string
  settings: string
}

const SUBSCRIBED: Record<Locale, SubscribedCopy> = {
  en: {
    subject: 'You are subscribed to our news and offers',
    intro: 'Thank you for signing up for news and offers.',
    what: 'We will write to you now and then about new games, promotions and bonuses.',
    leave: 'To stop these mails, open this link (one click is enough):',
    settings: 'You can also choose the mails you get in your profile, under Notifications.',
  },
  es: {
    subject: 'Te has suscrito a nuestras novedades y ofertas',
    intro: 'Gracias por suscribirte a nuestras novedades y ofertas.',
    what: 'Te escribiremos de vez en cuando sobre juegos nuevos, promociones y bonos.',
    leave: 'Para dejar de recibir estos correos, abre este enlace (basta un clic):',
    settings: 'También puedes elegir los correos que recibes en tu perfil, en Notificaciones.',
  },
  pt: {
    subject: 'Você se inscreveu nas nossas novidades e ofertas',
    intro: 'Obrigado por se inscrever nas nossas novidades e ofertas.',
    what: 'Vamos escrever de vez em quando sobre jogos novos, promoções e bônus.',
    leave: 'Para deixar de receber estes e-mails, abra este link (basta um clique):',
    settings: 'Você também pode escolher os e-mails que recebe no seu perfil, em Notificações.',
  },
  de: {
    subject: 'Sie haben unsere Neuigkeiten und Angebote abonniert',
    intro: 'Vielen Dank, dass Sie sich für unsere Neuigkeiten und Angebote angemeldet haben.',
    what: 'Wir schreiben Ihnen ab und zu über neue Spiele, Aktionen und Boni.',
    leave: 'Um diese E-Mails nicht mehr zu erhalten, öffnen Sie diesen Link (ein Klick genügt):',
    settings: 'Welche E-Mails Sie erhalten, können Sie auch in Ihrem Profil unter Benachrichtigungen wählen.',
  },
}

/** The first mail of the marketing list, sent when a player opts in: what it is, and how to leave it. */
export function subscribedMail(locale: Locale, unsubscribeLink: string): MailText {
  const copy = SUBSCRIBED[locale]
  return {
    subject: `${SITE_NAME}: ${copy.subject}`,
    text: [copy.intro, copy.what, '', copy.leave, '', unsubscribeLink, '', copy.settings, '', `— ${SITE_NAME}`].join('\n'),
  }
}

interface PasswordChangedCopy {
  subject: string
  intro: (when: string) => string
  others: string
  notYou: string
}

const PASSWORD_CHANGED: Record<Locale, PasswordChangedCopy> = {
  en: {
    subject: 'Your password was changed',
    intro: (when) => `The password of your account was changed on ${when} (UTC).`,
    others: 'Every other device signed in to your account was signed out.',
    notYou: 'If you did not change it, reset your password at once with "Forgot your password?" on the login page, and contact support.',
  },
  es: {
    subject: 'Se ha cambiado tu contraseña',
    intro: (when) => `La contraseña de tu cuenta se cambió el ${when} (UTC).`,
    others: 'Se ha cerrado la sesión en todos los demás dispositivos conectados a tu cuenta.',
    notYou: 'Si no la has cambiado tú, restablécela ahora con «¿Olvidaste tu contraseña?» en la página de acceso y contacta con soporte.',
  },
  pt: {
    subject: 'Sua senha foi alterada',
    intro: (when) => `A senha da sua conta foi alterada em ${when} (UTC).`,
    others: 'A sessão foi encerrada em todos os outros dispositivos conectados à sua conta.',
    notYou: 'Se não foi você, redefina sua senha agora com "Esqueceu sua senha?" na página de login e fale com o suporte.',
  },
  de: {
    subject: 'Ihr Passwort wurde geändert',
    intro: (when) => `Das Passwort Ihres Kontos wurde am ${when} (UTC) geändert.`,
    others: 'Alle anderen Geräte, die bei Ihrem Konto angemeldet waren, wurden abgemeldet.',
    notYou: 'Wenn Sie es nicht geändert haben, setzen Sie Ihr Passwort sofort mit „Passwort vergessen?“ auf der Anmeldeseite zurück und wenden Sie sich an den Support.',
  },
}

/** Told after a change of the password, so that one the player did not make does not go unnoticed. */
export function passwordChangedMail(locale: Locale, at: Date): MailText {
  const copy = PASSWORD_CHANGED[locale]
  const when = at.toISOString().slice(0, 16).replace('T', ' ')
  return {
    subject: `${SITE_NAME}: ${copy.subject}`,
    text: [copy.intro(when), copy.others, '', copy.notYou, '', `— ${SITE_NAME}`].join('\n'),
  }
}

interface EmailChangedCopy {
  subject: string
  intro: (when: string, masked: string) => string
  notYou: string
}

const EMAIL_CHANGED: Record<Locale, EmailChangedCopy> = {
  en: {
    subject: 'Your e-mail was changed',
    intro: (when, masked) => `On ${when} (UTC) the e-mail of your account was changed to ${masked}. Mails about your account go there from now on.`,
    notYou: 'If you did not make this change, contact support at once, answering this mail: we will stop withdrawals and return the account to you.',
  },
  es: {
    subject: 'Se ha cambiado tu correo electrónico',
    intro: (when, masked) => `El ${when} (UTC) el correo de tu cuenta se cambió a ${masked}. Desde ahora, los correos sobre tu cuenta irán allí.`,
    notYou: 'Si no has hecho tú este cambio, contacta con soporte ahora respondiendo a este correo: detendremos los retiros y te devolveremos la cuenta.',
  },
  pt: {
    subject: 'Seu e-mail foi alterado',
    intro: (when, masked) => `Em ${when} (UTC) o e-mail da sua conta foi alterado para ${masked}. A partir de agora, os e-mails sobre sua conta vão para lá.`,
    notYou: 'Se não foi você, fale com o suporte agora respondendo a este e-mail: vamos bloquear os saques e devolver a conta a você.',
  },
  de: {
    subject: 'Ihre E-Mail-Adresse wurde geändert',
    intro: (when, masked) => `Am ${when} (UTC) wurde die E-Mail-Adresse Ihres Kontos in ${masked} geändert. Nachrichten zu Ihrem Konto gehen ab jetzt dorthin.`,
    notYou: 'Wenn Sie das nicht waren, wenden Sie sich sofort an den Support, indem Sie auf diese E-Mail antworten: Wir sperren Auszahlungen und geben Ihnen das Konto zurück.',
  },
}

/** An address as the old one is told of it: enough to recognise, not enough to harvest. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@')
  if (at < 1) return '***'
  return `${email[0]}***${email.slice(at)}`
}

/** Sent to the old address after a change of e-mail, so that one the player did not make does not go unnoticed. */
export function emailChangedMail(locale: Locale, newEmail: string, at: Date): MailText {
  const copy = EMAIL_CHANGED[locale]
  const when = at.toISOString().slice(0, 16).replace('T', ' ')
  return {
    subject: `${SITE_NAME}: ${copy.subject}`,
    text: [copy.intro(when, maskEmail(newEmail)), '', copy.notYou, '', `— ${SITE_NAME}`].join('\n'),
  }
}
