import { hostname } from 'node:os'
import type { ConnectionOptions } from 'node:tls'
import { createTransport } from 'nodemailer'
import { encode as base64Encode, wrap as base64Wrap } from 'nodemailer/lib/base64'
import MimeNode from 'nodemailer/lib/mime-node'

/**
 * Plain-text mail to an SMTP relay, through nodemailer (docs/decisions/006-well-kept-libraries.md):
 * it speaks the protocol (EHLO, STARTTLS, AUTH, dot-stuffing, replies) and encodes the headers.
 * What stays ours is policy: bare addresses only, no line break in a subject, no password over a
 * connection that is not encrypted, and one connection per message (the outbox keeps what failed).
 */

export interface SmtpMessage {
  from: string
  to: string
  subject: string
  text: string
  /** Extra headers; only EXTRA_HEADERS, printable ASCII on one line. */
  headers?: Readonly<Record<string, string>>
}

/** The headers a caller may add: RFC 2369 List-Unsubscribe and RFC 8058's one-click companion. */
const EXTRA_HEADERS: ReadonlySet<string> = new Set(['List-Unsubscribe', 'List-Unsubscribe-Post'])

export interface SmtpOptions {
  /** smtp://user:pass@host:587 or smtps://user:pass@host:465 */
  url: string
  timeoutMs?: number
  /** Extra TLS options (tests pass a CA; never turn off verification in production). */
  tls?: ConnectionOptions
  /** The name we greet with; defaults to this machine's. */
  clientName?: string
}

export class SmtpError extends Error {
  override name = 'SmtpError'
  constructor(
    message: string,
    readonly replyCode: number | null = null,
  ) {
    super(message)
  }
}

const ADDRESS = /^[^\s@<>()",;:\\[\]]+@[^\s@<>()",;:\\[\]]+$/

/** Refuses what could inject a header or a command: CR, LF, and addresses that are not bare. */
function assertSafe(message: SmtpMessage): void {
  for (const address of [message.from, message.to]) {
    if (!ADDRESS.test(address)) throw new SmtpError(`Not a bare e-mail address: ${JSON.stringify(address).slice(0, 80)}`)
  }
  if (/[\r\n]/.test(message.subject)) throw new SmtpError('The subject holds a line break')
  for (const [name, value] of Object.entries(message.headers ?? {})) {
    if (!EXTRA_HEADERS.has(name)) throw new SmtpError(`Header not allowed: ${JSON.stringify(name).slice(0, 40)}`)
    if (!/^[\x20-\x7e]{1,900}$/.test(value)) throw new SmtpError(`Header ${name} is not one line of printable ASCII`)
  }
}

/**
 * The whole message as it goes after DATA: headers encoded by nodemailer (RFC 2047 words, folded),
 * then the UTF-8 text in base64 with CRLF line ends.
 */
export function formatMessage(message: SmtpMessage, date = new Date()): string {
  assertSafe(message)
  const node = new MimeNode('text/plain; charset=utf-8')
  node.setHeader({ From: message.from, To: message.to, Subject: message.subject, Date: date, ...message.headers, 'Content-Transfer-Encoding': 'base64' })
  const body = base64Wrap(base64Encode(Buffer.from(message.text.replace(/\r?\n/g, '\r\n'), 'utf8')), 76)
  return `${node.buildHeaders()}\r\n\r\n${body}\r\n`
}

/** nodemailer's error codes that mean the relay could not be reached at all. */
const CONNECT_CODES = new Set(['ECONNECTION', 'ESOCKET', 'EDNS', 'ETIMEDOUT', 'ECONNREFUSED'])

/** Sends one message. Resolves when the server accepted it (250 after DATA); rejects with SmtpError. */
export async function sendSmtp(options: SmtpOptions, message: SmtpMessage): Promise<void> {
  const raw = formatMessage(message)
  const url = new URL(options.url)
  const implicitTls = url.protocol === 'smtps:'
  const host = url.hostname.replace(/^\[|\]$/g, '')
  const port = url.port ? Number(url.port) : implicitTls ? 465 : 587
  const user = decodeURIComponent(url.username)
  const pass = decodeURIComponent(url.password)
  const timeoutMs = options.timeoutMs ?? 30_000

  const transport = createTransport({
    host,
    port,
    secure: implicitTls,
    // A relay without TLS gets no password (a local catcher like MailHog needs none): with
    // credentials STARTTLS is required, without them it is used when offered.
    requireTLS: user !== '' && !implicitTls,
    // Credentials given are always used: a relay that does not offer AUTH fails the send rather
    // than relaying it unauthenticated.
    ...(user ? { auth: { user, pass }, forceAuth: true } : {}),
    name: options.clientName ?? (hostname() || 'localhost'),
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    dnsTimeout: timeoutMs,
    ...(options.tls ? { tls: options.tls } : {}),
    // The message is text we composed; nothing in it may make nodemailer read a file or a URL.
    disableFileAccess: true,
    disableUrlAccess: true,
  })
  try {
    await transport.sendMail({ envelope: { from: message.from, to: [message.to] }, raw })
  } catch (err) {
    throw toSmtpError(err, { host, port, credentials: user !== '' })
  } finally {
    transport.close()
  }
}

interface NodemailerError extends Error {
  code?: string
  responseCode?: number
  command?: string
}

function toSmtpError(err: unknown, at: { host: string; port: number; credentials: boolean }): SmtpError {
  const e = err as NodemailerError
  const detail = String(e?.message ?? err).slice(0, 300)
  if (e?.code === 'ETLS' && at.credentials && e.command === 'STARTTLS') {
    return new SmtpError(`Refusing to send SMTP credentials over an unencrypted connection (${detail})`, e.responseCode ?? null)
  }
  if (e?.code && CONNECT_CODES.has(e.code) && !e.responseCode) return new SmtpError(`Cannot connect to ${at.host}:${at.port}: ${detail}`)
  return new SmtpError(e?.command ? `${e.command}: ${detail}` : detail, e?.responseCode ?? null)
}
