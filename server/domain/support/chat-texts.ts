import { SITE_NAME } from '../../../src/shared/brand'
import type { Locale } from '../../../src/shared/locales'
import type { MailText } from '../mail/templates'

/**
 * The mail of support answers a player has not read on the site (support chat, docs/support-chat.md),
 * in the player's language. Plain text: the answers as the operator wrote them, never rendered.
 */

interface AnswersCopy {
  subject: string
  intro: (count: number) => string
  more: (count: number) => string
  link: string
  why: string
}

const ANSWERS: Record<Locale, AnswersCopy> = {
  en: {
    subject: 'Support has answered you',
    intro: (n) => (n === 1 ? 'Our support team answered you in the chat:' : `Our support team answered you in the chat (${n} messages):`),
    more: (n) => `… and ${n} earlier ${n === 1 ? 'message' : 'messages'} in the chat.`,
    link: 'Read the conversation and answer here:',
    why: 'You get this mail because the answer was not read on the site.',
  },
  es: {
    subject: 'Soporte te ha respondido',
    intro: (n) => (n === 1 ? 'Nuestro equipo de soporte te ha respondido en el chat:' : `Nuestro equipo de soporte te ha respondido en el chat (${n} mensajes):`),
    more: (n) => `… y ${n} ${n === 1 ? 'mensaje anterior' : 'mensajes anteriores'} en el chat.`,
    link: 'Lee la conversación y responde aquí:',
    why: 'Recibes este correo porque la respuesta no se ha leído en el sitio.',
  },
  pt: {
    subject: 'O suporte respondeu a você',
    intro: (n) => (n === 1 ? 'Nossa equipe de suporte respondeu a você no chat:' : `Nossa equipe de suporte respondeu a você no chat (${n} mensagens):`),
    more: (n) => `… e ${n} ${n === 1 ? 'mensagem anterior' : 'mensagens anteriores'} no chat.`,
    link: 'Leia a conversa e responda aqui:',
    why: 'Você recebe este e-mail porque a resposta não foi lida no site.',
  },
  de: {
    subject: 'Der Support hat Ihnen geantwortet',
    intro: (n) => (n === 1 ? 'Unser Support-Team hat Ihnen im Chat geantwortet:' : `Unser Support-Team hat Ihnen im Chat geantwortet (${n} Nachrichten):`),
    more: (n) => `… und ${n} ${n === 1 ? 'frühere Nachricht' : 'frühere Nachrichten'} im Chat.`,
    link: 'Hier lesen Sie das Gespräch und antworten:',
    why: 'Sie erhalten diese E-Mail, weil die Antwort auf der Website nicht gelesen wurde.',
  },
}

/** `answers` oldest first (the ones the mail quotes); `total` how many were unread, `link` the chat's page. */
export function chatAnswersMail(locale: Locale, answers: readonly string[], total: number, link: string): MailText {
  const copy = ANSWERS[locale]
  const earlier = total - answers.length
  return {
    subject: `${SITE_NAME}: ${copy.subject}`,
    text: [copy.intro(total), '', ...(earlier > 0 ? [copy.more(earlier), ''] : []), ...answers.flatMap((a) => [a, '']), copy.link, '', link, '', copy.why, '', `— ${SITE_NAME}`].join('\n'),
  }
}
