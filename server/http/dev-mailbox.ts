import type { FastifyInstance } from 'fastify'
import type { Config } from '../config'

/**
 * GET /dev/mailbox: the development mailbox (ARCHITECTURE §5, demo switches). Lists the newest
 * mails of the outbox with their links clickable, so a tester can follow a recovery link without
 * a mail server. It shows every player's recovery links, which is the point on a demo and a
 * disaster anywhere real: it answers only outside production and only while the mail provider is
 * the demo-only `devmailbox` (demo's default; staging turns it on with MAIL_PROVIDER=devmailbox,
 * and production refuses to start with it). Otherwise it is a 404.
 */

export const DEV_MAILBOX_PATH = '/dev/mailbox'
const SHOWN = 50

export function isDevMailboxEnabled(config: Pick<Config, 'appEnv' | 'providers'>): boolean {
  return config.appEnv !== 'production' && config.providers.mail === 'devmailbox'
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)
}

/** Escapes the text, then makes http(s) URLs in it links. */
export function linkify(text: string): string {
  return escapeHtml(text).replace(/\bhttps?:\/\/[^\s<>"']+/g, (url) => `<a href="${url}" rel="noopener noreferrer">${url}</a>`)
}

export function registerDevMailbox(app: FastifyInstance): void {
  app.get(DEV_MAILBOX_PATH, async (_request, reply) => {
    reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex, nofollow')
    if (!isDevMailboxEnabled(app.config)) {
      return reply
        .code(404)
        .send({ error: { type: 'MethodNotFoundException', message: 'Not found', code: 'not_found' } })
    }
    const mails = await app.db
      .selectFrom('mail_outbox')
      .select(['id', 'to_address', 'subject', 'body_text', 'created_at', 'sent_at', 'channel'])
      .orderBy('id', 'desc')
      .limit(SHOWN)
      .execute()
    const items = mails
      .map(
        (m) => `<article>
  <h2>${escapeHtml(m.subject)}</h2>
  <p class="meta">${m.channel === 'sms' ? 'SMS to' : 'To'} <b>${escapeHtml(m.to_address)}</b> · ${escapeHtml(m.created_at.toISOString())} · ${m.sent_at ? 'sent by SMTP' : 'not sent (outbox only)'}</p>
  <pre>${linkify(m.body_text)}</pre>
</article>`,
      )
      .join('\n')
    const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>Development mailbox</title>
<style>
body { font: 15px/1.5 system-ui, sans-serif; max-width: 52rem; margin: 2rem auto; padding: 0 1rem; color: #1b1b1f; }
article { border: 1px solid #d0d0d8; border-radius: 8px; padding: 0 1rem; margin: 1rem 0; }
h2 { font-size: 1.05rem; margin: .8rem 0 .2rem; }
.meta { color: #555; font-size: .85rem; margin: 0 0 .5rem; }
pre { white-space: pre-wrap; word-break: break-all; font: inherit; }
</style>
</head>
<body>
<h1>Development mailbox</h1>
<p>The newest ${SHOWN} mails the site wrote to its outbox. Only on demo and staging with the development mail provider; never in production.</p>
${items || '<p>No mail yet.</p>'}
</body>
</html>
`
    return reply.type('text/html; charset=utf-8').send(html)
  })
}
