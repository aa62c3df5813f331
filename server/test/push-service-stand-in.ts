import { createDecipheriv, createECDH, createHmac, createPublicKey, randomBytes, verify } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A local stand-in for a browser's push service and the browser behind it (these machines have no
 * internet): it hands out subscriptions with real P-256 keys, checks each push's VAPID token as a
 * push service does, and decrypts the message as the browser would (RFC 8291), keeping what came.
 */

export interface ReceivedPush {
  subscription: string
  /** The decrypted message, parsed. */
  message: Record<string, unknown>
  vapidOk: boolean
  headers: Record<string, string | string[] | undefined>
}

export interface PushServiceStandIn {
  origin: string
  host: string
  received: ReceivedPush[]
  /** A new browser's subscription, as PushSubscription.toJSON() gives it. */
  subscribe(): { endpoint: string; p256dh: string; auth: string }
  /** From now on this subscription answers 410 Gone, as one the browser dropped. */
  drop(endpoint: string): void
  close(): Promise<void>
}

const hmac = (key: Buffer, ...data: Buffer[]) => {
  const h = createHmac('sha256', key)
  for (const d of data) h.update(d)
  return h.digest()
}

/** Decrypts one aes128gcm push body for the browser holding `uaPrivate` and `auth`. */
export function decryptPush(body: Buffer, ua: ReturnType<typeof createECDH>, auth: Buffer): Buffer {
  const salt = body.subarray(0, 16)
  const idlen = body[20]!
  const asPublic = body.subarray(21, 21 + idlen)
  const sealed = body.subarray(21 + idlen)
  const uaPublic = ua.getPublicKey()
  const shared = ua.computeSecret(asPublic)
  const ikm = hmac(hmac(auth, shared), Buffer.from('WebPush: info\0'), uaPublic, asPublic, Buffer.from([1]))
  const prk = hmac(salt, ikm)
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0'), Buffer.from([1])).subarray(0, 16)
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0'), Buffer.from([1])).subarray(0, 12)
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce)
  decipher.setAuthTag(sealed.subarray(sealed.length - 16))
  const plain = Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - 16)), decipher.final()])
  if (plain[plain.length - 1] !== 2) throw new Error('No last-record delimiter')
  return plain.subarray(0, plain.length - 1)
}

/** Checks a `vapid t=…, k=…` header for `origin`: an ES256 token under key k, for this audience, not expired. */
export function vapidValid(header: string | undefined, origin: string, nowSec = Date.now() / 1000): boolean {
  const m = /^vapid t=([\w-]+)\.([\w-]+)\.([\w-]+), k=([\w-]+)$/.exec(header ?? '')
  if (!m) return false
  const [, h, c, sig, k] = m
  const pub = Buffer.from(k!, 'base64url')
  if (pub.length !== 65) return false
  const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: pub.subarray(1, 33).toString('base64url'), y: pub.subarray(33).toString('base64url') }, format: 'jwk' })
  const ok = verify('sha256', Buffer.from(`${h}.${c}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(sig!, 'base64url'))
  const claims = JSON.parse(Buffer.from(c!, 'base64url').toString()) as { aud?: string; exp?: number; sub?: string }
  return ok && claims.aud === origin && typeof claims.exp === 'number' && claims.exp > nowSec && claims.exp <= nowSec + 24 * 3600 && /^mailto:|^https:/.test(claims.sub ?? '')
}

export async function startPushService(): Promise<PushServiceStandIn> {
  const browsers = new Map<string, { ua: ReturnType<typeof createECDH>; auth: Buffer; gone: boolean }>()
  const received: ReceivedPush[] = []
  let origin = ''
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const id = /^\/push\/([\w-]+)$/.exec(req.url ?? '')?.[1]
      const browser = id ? browsers.get(id) : undefined
      if (!browser) return void res.writeHead(404).end()
      if (browser.gone) return void res.writeHead(410).end()
      const vapidOk = vapidValid(req.headers.authorization, origin)
      if (!vapidOk || req.headers['content-encoding'] !== 'aes128gcm') return void res.writeHead(401).end()
      try {
        const message = JSON.parse(decryptPush(Buffer.concat(chunks), browser.ua, browser.auth).toString('utf8')) as Record<string, unknown>
        received.push({ subscription: `${origin}/push/${id}`, message, vapidOk, headers: req.headers })
        res.writeHead(201).end()
      } catch {
        res.writeHead(400).end()
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  origin = `http://127.0.0.1:${port}`
  return {
    origin,
    host: `127.0.0.1:${port}`,
    received,
    subscribe() {
      const ua = createECDH('prime256v1')
      ua.generateKeys()
      const auth = randomBytes(16)
      const id = randomBytes(9).toString('base64url')
      browsers.set(id, { ua, auth, gone: false })
      return { endpoint: `${origin}/push/${id}`, p256dh: ua.getPublicKey().toString('base64url'), auth: auth.toString('base64url') }
    },
    drop(endpoint) {
      const id = endpoint.split('/').pop()!
      const b = browsers.get(id)
      if (b) b.gone = true
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
