import { randomBytes } from 'node:crypto'
import { connect as netConnect, type Socket } from 'node:net'
import { hostname } from 'node:os'
import { connect as tlsConnect, type ConnectionOptions, type TLSSocket } from 'node:tls'

/**
 * A minimal SMTP client (RFC 5321) over node:net and node:tls, enough to hand plain-text mail to
 * a relay: EHLO, STARTTLS when offered (smtp://) or TLS from the start (smtps://), AUTH PLAIN or
 * LOGIN, MAIL FROM, RCPT TO, DATA, QUIT. One connection per message; the outbox keeps what failed.
 * No package: the project adds none for this, and the protocol subset is small.
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

/** RFC 2047 encoded-word for a header that is not plain ASCII. */
function encodeHeader(value: string): string {
  return /^[\x20-\x7e]*$/.test(value) ? value : `=?UTF-8?B?${Buffer.from(value, 'utf8').toString('base64')}?=`
}

/** The whole message as sent after DATA: headers, a base64 UTF-8 body, CRLF line ends. */
export function formatMessage(message: SmtpMessage, date = new Date()): string {
  assertSafe(message)
  const domain = message.from.split('@')[1] ?? 'localhost'
  const body = Buffer.from(message.text.replace(/\r?\n/g, '\r\n'), 'utf8')
    .toString('base64')
    .replace(/.{1,76}/g, '$&\r\n')
  return [
    `From: ${message.from}`,
    `To: ${message.to}`,
    `Subject: ${encodeHeader(message.subject)}`,
    `Date: ${date.toUTCString().replace('GMT', '+0000')}`,
    `Message-ID: <${randomBytes(12).toString('hex')}@${domain}>`,
    ...Object.entries(message.headers ?? {}).map(([name, value]) => `${name}: ${value}`),
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: base64',
    '',
    body,
  ].join('\r\n')
}

/** A line that starts with '.' gets another (RFC 5321 §4.5.2), and the message ends with CRLF.CRLF. */
function dotStuff(data: string): string {
  const stuffed = data.replace(/(^|\r\n)\./g, '$1..')
  return `${stuffed.endsWith('\r\n') ? stuffed : `${stuffed}\r\n`}.\r\n`
}

interface Reply {
  code: number
  lines: string[]
}

/** Reads SMTP replies (possibly multi-line, "250-...") off a socket, one at a time. */
class ReplyReader {
  private buffer = ''
  private replies: Reply[] = []
  private pending: Array<{ resolve: (r: Reply) => void; reject: (e: Error) => void }> = []
  private partial: string[] = []
  private failure: Error | null = null

  constructor(private socket: Socket) {
    this.attach(socket)
  }

  attach(socket: Socket): void {
    this.socket = socket
    // Buffers, not setEncoding: the plain socket may be handed to TLS later. Replies are ASCII.
    socket.on('data', (chunk: Buffer) => this.onData(chunk.toString('latin1')))
    socket.on('error', (err) => this.fail(err))
    socket.on('close', () => this.fail(new SmtpError('Connection closed by the server')))
  }

  /** Stops reading the plain socket (before STARTTLS hands it to TLS). */
  detach(): void {
    this.socket.removeAllListeners('data')
    this.socket.removeAllListeners('error')
    this.socket.removeAllListeners('close')
  }

  private onData(chunk: string): void {
    this.buffer += chunk
    let index: number
    while ((index = this.buffer.indexOf('\n')) >= 0) {
      const line = this.buffer.slice(0, index).replace(/\r$/, '')
      this.buffer = this.buffer.slice(index + 1)
      const match = /^(\d{3})([ -])(.*)$/.exec(line)
      if (!match) {
        this.fail(new SmtpError(`Malformed reply: ${line.slice(0, 80)}`))
        return
      }
      this.partial.push(match[3]!)
      if (match[2] === ' ') {
        const reply = { code: Number(match[1]), lines: this.partial }
        this.partial = []
        const waiter = this.pending.shift()
        if (waiter) waiter.resolve(reply)
        else this.replies.push(reply)
      }
    }
  }

  private fail(err: Error): void {
    if (this.failure) return
    this.failure = err
    for (const waiter of this.pending.splice(0)) waiter.reject(err)
  }

  next(): Promise<Reply> {
    const ready = this.replies.shift()
    if (ready) return Promise.resolve(ready)
    if (this.failure) return Promise.reject(this.failure)
    return new Promise((resolve, reject) => this.pending.push({ resolve, reject }))
  }
}

/** Sends one message. Resolves when the server accepted it (250 after DATA); rejects with SmtpError. */
export async function sendSmtp(options: SmtpOptions, message: SmtpMessage): Promise<void> {
  const data = dotStuff(formatMessage(message))
  const url = new URL(options.url)
  const implicitTls = url.protocol === 'smtps:'
  const host = url.hostname.replace(/^\[|\]$/g, '')
  const port = url.port ? Number(url.port) : implicitTls ? 465 : 587
  const user = decodeURIComponent(url.username)
  const pass = decodeURIComponent(url.password)
  const timeoutMs = options.timeoutMs ?? 30_000
  const clientName = options.clientName ?? (hostname() || 'localhost')

  let socket: Socket = await new Promise<Socket>((resolve, reject) => {
    const onError = (err: Error) => reject(new SmtpError(`Cannot connect to ${host}:${port}: ${err.message}`))
    const s: Socket = implicitTls
      ? tlsConnect({ host, port, servername: host, ...options.tls }, () => resolve(s))
      : netConnect({ host, port }, () => resolve(s))
    s.once('error', onError)
  })
  socket.setTimeout(timeoutMs, () => socket.destroy(new SmtpError(`SMTP timed out after ${timeoutMs} ms`)))
  let secure = implicitTls
  const reader = new ReplyReader(socket)

  const expect = async (codes: number[], what: string): Promise<Reply> => {
    const reply = await reader.next()
    if (!codes.includes(reply.code)) {
      throw new SmtpError(`${what}: ${reply.code} ${reply.lines.join(' ').slice(0, 200)}`, reply.code)
    }
    return reply
  }
  const command = (line: string, codes: number[], what = line.split(' ')[0]!): Promise<Reply> => {
    socket.write(`${line}\r\n`)
    return expect(codes, what)
  }

  try {
    await expect([220], 'greeting')
    let ehlo = await command(`EHLO ${clientName}`, [250])
    const offers = (keyword: string) => ehlo.lines.some((l) => l.toUpperCase().startsWith(keyword))

    if (!secure && offers('STARTTLS')) {
      await command('STARTTLS', [220])
      reader.detach()
      const plain = socket
      socket = await new Promise<TLSSocket>((resolve, reject) => {
        const s = tlsConnect({ socket: plain, servername: host, ...options.tls }, () => resolve(s))
        s.once('error', (err) => reject(new SmtpError(`STARTTLS failed: ${err.message}`)))
      })
      socket.setTimeout(timeoutMs, () => socket.destroy(new SmtpError(`SMTP timed out after ${timeoutMs} ms`)))
      reader.attach(socket)
      secure = true
      ehlo = await command(`EHLO ${clientName}`, [250])
    }

    if (user) {
      // A relay without TLS gets no password (a local catcher like MailHog needs none).
      if (!secure) throw new SmtpError('Refusing to send SMTP credentials over an unencrypted connection')
      const auth = ehlo.lines.find((l) => l.toUpperCase().startsWith('AUTH'))?.toUpperCase() ?? ''
      if (auth.includes('PLAIN') || !auth.includes('LOGIN')) {
        await command(`AUTH PLAIN ${Buffer.from(`\0${user}\0${pass}`).toString('base64')}`, [235], 'AUTH PLAIN')
      } else {
        await command('AUTH LOGIN', [334], 'AUTH LOGIN')
        await command(Buffer.from(user).toString('base64'), [334], 'AUTH LOGIN user')
        await command(Buffer.from(pass).toString('base64'), [235], 'AUTH LOGIN password')
      }
    }

    await command(`MAIL FROM:<${message.from}>`, [250], 'MAIL FROM')
    await command(`RCPT TO:<${message.to}>`, [250, 251], 'RCPT TO')
    await command('DATA', [354])
    socket.write(data)
    await expect([250], 'message')
    await command('QUIT', [221]).catch(() => undefined)
  } finally {
    socket.destroy()
  }
}
