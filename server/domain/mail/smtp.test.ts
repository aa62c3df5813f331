import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { TLSSocket } from 'node:tls'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { PGLITE_ONLY, openTestDatabase, type TestDatabase } from '../../test/harness'
import { deliverFromOutbox, writeToOutbox } from './outbox'
import { formatMessage, sendSmtp, SmtpError } from './smtp'

/** What the fake relay saw of one session. */
interface Session {
  commands: string[]
  data: string | null
  tls: boolean
}

interface FakeRelay {
  port: number
  sessions: Session[]
  close(): Promise<void>
}

/**
 * A tiny SMTP server for the client to talk to: EHLO (offering STARTTLS when it has a
 * certificate, and AUTH), MAIL, RCPT, DATA, QUIT; `reject` makes RCPT fail.
 */
async function startRelay(options: { tls?: { key: Buffer; cert: Buffer }; reject?: boolean } = {}): Promise<FakeRelay> {
  const sessions: Session[] = []
  const server: Server = createServer((plain) => {
    const session: Session = { commands: [], data: null, tls: false }
    sessions.push(session)
    let socket: Socket = plain
    let buffer = ''
    let inData = false
    const dataLines: string[] = []
    const reply = (text: string) => socket.write(`${text}\r\n`)
    const onLine = (line: string) => {
      if (inData) {
        if (line === '.') {
          inData = false
          session.data = dataLines.join('\r\n')
          reply('250 2.0.0 queued')
        } else dataLines.push(line)
        return
      }
      session.commands.push(line)
      const verb = line.split(' ')[0]!.toUpperCase()
      if (verb === 'EHLO') {
        const offers = ['250-fake.relay', '250-8BITMIME', ...(options.tls && !session.tls ? ['250-STARTTLS'] : []), '250 AUTH PLAIN LOGIN']
        socket.write(offers.map((l) => `${l}\r\n`).join(''))
      } else if (verb === 'STARTTLS' && options.tls) {
        reply('220 2.0.0 go ahead')
        plain.removeAllListeners('data')
        const secure = new TLSSocket(plain, { isServer: true, key: options.tls.key, cert: options.tls.cert })
        socket = secure
        session.tls = true
        secure.on('data', onData)
      } else if (verb === 'AUTH') reply('235 2.7.0 ok')
      else if (verb === 'MAIL') reply('250 2.1.0 ok')
      else if (verb === 'RCPT') reply(options.reject ? '550 5.1.1 no such user' : '250 2.1.5 ok')
      else if (verb === 'DATA') {
        inData = true
        reply('354 go on')
      } else if (verb === 'QUIT') {
        reply('221 bye')
        socket.end()
      } else reply('502 5.5.2 what')
    }
    const onData = (chunk: Buffer) => {
      buffer += chunk.toString('utf8')
      let i: number
      while ((i = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, i)
        buffer = buffer.slice(i + 2)
        onLine(line)
      }
    }
    plain.on('data', onData)
    plain.on('error', () => undefined)
    reply('220 fake.relay ESMTP')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    port: (server.address() as AddressInfo).port,
    sessions,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

/** An unfolded header's value with its RFC 2047 encoded words (B or Q, UTF-8) decoded. */
function headerValue(data: string, name: string): string {
  const headers = data.split('\r\n\r\n')[0]!.replace(/\r\n[ \t]/g, ' ')
  const raw = new RegExp(`^${name}: (.*)$`, 'm').exec(headers)![1]!
  return raw
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([BQ])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8'),
    )
}

const decodeBody = (data: string) => Buffer.from(data.split('\r\n\r\n')[1]!.replace(/\r\n/g, ''), 'base64').toString('utf8')

describe('SMTP client', () => {
  let relay: FakeRelay | undefined
  let certDir: string
  let tls: { key: Buffer; cert: Buffer }

  beforeAll(() => {
    // A throwaway self-signed certificate for localhost, so STARTTLS is tested for real.
    certDir = mkdtempSync(join(tmpdir(), 'smtp-test-'))
    execFileSync('openssl', [
      'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=localhost',
      '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1',
      '-keyout', join(certDir, 'key.pem'), '-out', join(certDir, 'cert.pem'),
    ], { stdio: 'ignore' })
    tls = { key: readFileSync(join(certDir, 'key.pem')), cert: readFileSync(join(certDir, 'cert.pem')) }
  })
  afterAll(() => rmSync(certDir, { recursive: true, force: true }))
  afterEach(async () => {
    await relay?.close()
    relay = undefined
  })

  const message = { from: 'no-reply@casino.test', to: 'player@example.com', subject: 'Passwort zurücksetzen', text: 'Hallo\n.leading dot\nhttps://x.test/#reset_token=abc' }

  it('delivers over STARTTLS with AUTH, and the message arrives intact', async () => {
    relay = await startRelay({ tls })
    await sendSmtp({ url: `smtp://user%40x:p%3Ass@localhost:${relay.port}`, tls: { ca: tls.cert }, timeoutMs: 5000 }, message)
    const [session] = relay.sessions
    expect(session!.tls).toBe(true)
    // nodemailer closes its one-message connection after the 250 without a QUIT.
    const verbs = session!.commands.map((c) => c.split(' ')[0])
    expect(verbs).toEqual(['EHLO', 'STARTTLS', 'EHLO', 'AUTH', 'MAIL', 'RCPT', 'DATA'])
    const auth = session!.commands.find((c) => c.startsWith('AUTH PLAIN '))!
    expect(Buffer.from(auth.slice('AUTH PLAIN '.length), 'base64').toString()).toBe('\0user@x\0p:ss')
    expect(session!.commands).toContain('MAIL FROM:<no-reply@casino.test>')
    expect(session!.commands).toContain('RCPT TO:<player@example.com>')
    expect(session!.data).toMatch(/^Subject: .*=\?UTF-8\?[BQ]\?/m)
    expect(headerValue(session!.data!, 'Subject')).toBe(message.subject)
    expect(decodeBody(session!.data!)).toBe(message.text.replace(/\n/g, '\r\n'))
  })

  it('refuses to send credentials in clear to a host that offers no TLS', async () => {
    relay = await startRelay()
    await expect(sendSmtp({ url: `smtp://user:pass@127.0.0.1:${relay.port}`, timeoutMs: 2000 }, message)).rejects.toThrow(
      /unencrypted/,
    )
    expect(relay.sessions.at(-1)!.commands.some((c) => c.startsWith('AUTH') || c.startsWith('MAIL'))).toBe(false)
    // Without credentials, a plain relay is fine.
    await sendSmtp({ url: `smtp://127.0.0.1:${relay.port}`, timeoutMs: 5000 }, message)
    expect(relay.sessions.at(-1)!.commands.some((c) => c.startsWith('AUTH'))).toBe(false)
  })

  it('reports a refusal with the reply code', async () => {
    relay = await startRelay({ reject: true })
    const err = await sendSmtp({ url: `smtp://127.0.0.1:${relay.port}`, timeoutMs: 5000 }, message).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(SmtpError)
    expect((err as SmtpError).replyCode).toBe(550)
  })

  it('carries List-Unsubscribe and its one-click companion, and no other added header', () => {
    const headers = { 'List-Unsubscribe': '<https://casino.test/unsubscribe?token=1.marketing.x>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
    const data = formatMessage({ ...message, headers })
    const head = data.split('\r\n\r\n')[0]!.split('\r\n')
    expect(head).toContain('List-Unsubscribe: <https://casino.test/unsubscribe?token=1.marketing.x>')
    expect(head).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click')
    expect(() => formatMessage({ ...message, headers: { Bcc: 'everyone@example.com' } })).toThrow(SmtpError)
    expect(() => formatMessage({ ...message, headers: { 'List-Unsubscribe': '<https://x.test>\r\nBcc: everyone@example.com' } })).toThrow(SmtpError)
  })

  it('encodes a long subject that is not ASCII as folded encoded words that decode to it', () => {
    const subject = `${message.subject}: ${'Ü'.repeat(60)} ✓`
    const data = formatMessage({ ...message, subject })
    const lines = /^Subject: .*(?:\r\n[ \t].*)*/m.exec(data)![0].split('\r\n')
    expect(lines.length).toBeGreaterThan(1)
    // RFC 2047 §2: an encoded word is at most 75 characters; RFC 5322 §2.1.1: lines stay short.
    for (const word of lines.join(' ').match(/=\?[^?]+\?[BQ]\?[^?]*\?=/gi)!) expect(word.length).toBeLessThanOrEqual(75)
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(78)
    expect(headerValue(data, 'Subject')).toBe(subject)
  })

  it('refuses header injection through the subject or an address', () => {
    expect(() => formatMessage({ ...message, subject: 'Hi\r\nBcc: everyone@example.com' })).toThrow(SmtpError)
    expect(() => formatMessage({ ...message, to: 'a@example.com>\r\nRCPT TO:<b@example.com' })).toThrow(SmtpError)
    expect(() => formatMessage({ ...message, to: 'Name <a@example.com>' })).toThrow(SmtpError)
  })
})

describe.each(PGLITE_ONLY)('outbox on %s', (backend) => {
  let database: TestDatabase
  let relay: FakeRelay

  beforeAll(async () => {
    database = await openTestDatabase(backend)
    relay = await startRelay()
  })
  afterAll(async () => {
    await relay?.close()
    await database?.close()
  })

  it('always writes the mail, and marks it sent once the relay took it', async () => {
    const now = new Date('2030-02-02T02:02:02Z')
    const id = await writeToOutbox(database.db, { to: 'player@example.com', subject: 'Hello', text: 'Body' }, now)
    const written = await database.db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
    expect(written).toMatchObject({ to_address: 'player@example.com', subject: 'Hello', body_text: 'Body', sent_at: null })
    expect(written.created_at.toISOString()).toBe(now.toISOString())

    const sent = await deliverFromOutbox(database.db, id, { url: `smtp://127.0.0.1:${relay.port}`, from: 'no-reply@casino.test' }, () => now)
    expect(sent).toBe(true)
    const row = await database.db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
    expect(row.sent_at?.toISOString()).toBe(now.toISOString())
    expect(row.attempts).toBe(1)
    // Already sent: not sent twice.
    expect(await deliverFromOutbox(database.db, id, { url: `smtp://127.0.0.1:${relay.port}`, from: 'no-reply@casino.test' }, () => now)).toBe(false)
  })

  it('stores a mail\'s extra headers and hands them to the relay', async () => {
    const headers = { 'List-Unsubscribe': '<https://casino.test/unsubscribe?token=t>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
    const id = await writeToOutbox(database.db, { to: 'list@example.com', subject: 'News', text: 'Body', headers }, new Date())
    expect((await database.db.selectFrom('mail_outbox').select('headers').where('id', '=', id).executeTakeFirstOrThrow()).headers).toEqual(headers)
    expect(await deliverFromOutbox(database.db, id, { url: `smtp://127.0.0.1:${relay.port}`, from: 'no-reply@casino.test' }, () => new Date())).toBe(true)
    expect(relay.sessions.at(-1)!.data).toContain('List-Unsubscribe: <https://casino.test/unsubscribe?token=t>')
  })

  it('keeps a mail the relay could not take, with the error', async () => {
    const id = await writeToOutbox(database.db, { to: 'player@example.com', subject: 'Hello', text: 'Body' }, new Date())
    await expect(deliverFromOutbox(database.db, id, { url: 'smtp://127.0.0.1:1', from: 'no-reply@casino.test', timeoutMs: 2000 }, () => new Date())).rejects.toThrow()
    const row = await database.db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
    expect(row.sent_at).toBeNull()
    expect(row.attempts).toBe(1)
    expect(row.last_error).toMatch(/connect/i)
  })
})
