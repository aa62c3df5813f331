import { createCipheriv, createECDH, createHmac, createPrivateKey, randomBytes, sign, type KeyObject } from 'node:crypto'

/**
 * Web Push as browsers' push services take it (docs/push.md): the message encrypted for the browser
 * (RFC 8291, aes128gcm) and the request signed by our application server key (VAPID, RFC 8292),
 * POSTed to the subscription's endpoint (RFC 8030). No library: node:crypto has every piece.
 */

export interface PushTarget {
  endpoint: string
  /** The browser's P-256 public key, uncompressed, base64url (PushSubscription.getKey('p256dh')). */
  p256dh: string
  /** Its 16-byte authentication secret, base64url. */
  auth: string
}

export interface VapidKeys {
  /** Uncompressed P-256 point, base64url: what PushManager.subscribe takes as applicationServerKey. */
  publicKey: string
  privateKey: KeyObject
  /** Who to contact about our pushes: a mailto: or https: URL. */
  subject: string
}

const b64url = (buf: Buffer) => buf.toString('base64url')
const hmac = (key: Buffer, ...data: Buffer[]) => {
  const h = createHmac('sha256', key)
  for (const d of data) h.update(d)
  return h.digest()
}

/** The application server's keys from a private scalar (32 bytes). */
export function vapidKeysFrom(privateScalar: Buffer, subject: string): VapidKeys {
  const ecdh = createECDH('prime256v1')
  ecdh.setPrivateKey(privateScalar)
  const pub = ecdh.getPublicKey()
  const privateKey = createPrivateKey({
    key: { kty: 'EC', crv: 'P-256', d: b64url(privateScalar), x: b64url(pub.subarray(1, 33)), y: b64url(pub.subarray(33, 65)) },
    format: 'jwk',
  })
  return { publicKey: b64url(pub), privateKey, subject }
}

/** The VAPID header for an endpoint's push service: an ES256 token for its origin, good for 12 hours. */
export function vapidAuthorization(keys: VapidKeys, endpoint: string, now: Date): string {
  const header = b64url(Buffer.from(JSON.stringify({ typ: 'JWT', alg: 'ES256' })))
  const claims = b64url(Buffer.from(JSON.stringify({ aud: new URL(endpoint).origin, exp: Math.floor(now.getTime() / 1000) + 12 * 3600, sub: keys.subject })))
  const signature = sign('sha256', Buffer.from(`${header}.${claims}`), { key: keys.privateKey, dsaEncoding: 'ieee-p1363' })
  return `vapid t=${header}.${claims}.${b64url(signature)}, k=${keys.publicKey}`
}

/**
 * The message encrypted for one browser (RFC 8291): one aes128gcm record under a key agreed between
 * a fresh key pair of ours and the browser's key, mixed with its auth secret. Throws on keys that
 * are not a P-256 point and a 16-byte secret.
 */
export function encryptPush(target: Pick<PushTarget, 'p256dh' | 'auth'>, plaintext: Buffer, salt: Buffer = randomBytes(16)): Buffer {
  const uaPublic = Buffer.from(target.p256dh, 'base64url')
  const authSecret = Buffer.from(target.auth, 'base64url')
  if (uaPublic.length !== 65 || uaPublic[0] !== 4 || authSecret.length !== 16) throw new RangeError('Not a push subscription key')
  const ours = createECDH('prime256v1')
  ours.generateKeys()
  const asPublic = ours.getPublicKey()
  const shared = ours.computeSecret(uaPublic)
  const prkKey = hmac(authSecret, shared)
  const ikm = hmac(prkKey, Buffer.from('WebPush: info\0'), uaPublic, asPublic, Buffer.from([1]))
  const prk = hmac(salt, ikm)
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0'), Buffer.from([1])).subarray(0, 16)
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0'), Buffer.from([1])).subarray(0, 12)
  const cipher = createCipheriv('aes-128-gcm', cek, nonce)
  // One record, the last: the padding delimiter 0x02 and no padding.
  const sealed = Buffer.concat([cipher.update(plaintext), cipher.update(Buffer.from([2])), cipher.final(), cipher.getAuthTag()])
  const recordSize = Buffer.alloc(4)
  recordSize.writeUInt32BE(4096)
  return Buffer.concat([salt, recordSize, Buffer.from([asPublic.length]), asPublic, sealed])
}

export type PushOutcome = 'delivered' | 'gone' | 'failed'

/**
 * Sends one message to one browser. 'gone': its push service says the subscription no longer
 * exists (404, 410), so it is to be forgotten; 'failed': anything else went wrong, try next time.
 */
export async function sendPush(target: PushTarget, payload: unknown, keys: VapidKeys, now: Date, fetchImpl: typeof fetch = fetch): Promise<PushOutcome> {
  let body: Buffer
  try {
    body = encryptPush(target, Buffer.from(JSON.stringify(payload)))
  } catch {
    return 'gone'
  }
  try {
    const res = await fetchImpl(target.endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/octet-stream',
        'content-encoding': 'aes128gcm',
        ttl: String(24 * 3600),
        urgency: 'normal',
        authorization: vapidAuthorization(keys, target.endpoint, now),
      },
      body: new Uint8Array(body),
      signal: AbortSignal.timeout(10_000),
      redirect: 'error',
    })
    if (res.status === 404 || res.status === 410) return 'gone'
    return res.ok ? 'delivered' : 'failed'
  } catch {
    return 'failed'
  }
}
