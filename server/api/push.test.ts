// Web push (docs/push.md) against a local stand-in push service that checks the VAPID token and
// decrypts each message as the browser would: subscriptions kept per player and only for allowed
// push services, the kinds of notice chosen, a security notice pushed after a password change,
// and a browser that is gone forgotten.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createECDH, randomBytes } from 'node:crypto'
import { encryptPush, vapidKeysFrom, vapidAuthorization } from '../domain/push/web-push'
import { endpointAllowed, noticePayments, createPushSender } from '../domain/push/notices'
import { apiPlayers, type ApiPlayer } from '../test/api-player'
import { useTestApp } from '../test/harness'
import { decryptPush, startPushService, vapidValid, type PushServiceStandIn } from '../test/push-service-stand-in'

let service: PushServiceStandIn
// Filled once the stand-in listens, before the app below is built (hooks run in order).
const endpointHosts: string[] = []
beforeAll(async () => {
  service = await startPushService()
  endpointHosts.push(service.host)
})
afterAll(() => service?.close())

describe('web push encryption and VAPID', () => {
  it('encrypts a message only the subscribed browser reads, and signs for the push service’s origin', () => {
    const ua = createECDH('prime256v1')
    ua.generateKeys()
    const auth = randomBytes(16)
    const target = { p256dh: ua.getPublicKey().toString('base64url'), auth: auth.toString('base64url') }
    const body = encryptPush(target, Buffer.from('{"title":"Hi"}'))
    expect(decryptPush(body, ua, auth).toString()).toBe('{"title":"Hi"}')
    // Every message has its own salt and key: the same text never looks the same twice.
    expect(encryptPush(target, Buffer.from('{"title":"Hi"}')).equals(body)).toBe(false)
    const other = createECDH('prime256v1')
    other.generateKeys()
    expect(() => decryptPush(body, other, auth)).toThrow()
    expect(() => encryptPush({ p256dh: 'AAAA', auth: target.auth }, Buffer.from('x'))).toThrow(RangeError)

    const keys = vapidKeysFrom(randomBytes(32), 'mailto:support@example.com')
    const header = vapidAuthorization(keys, 'https://fcm.googleapis.com/fcm/send/abc', new Date())
    expect(vapidValid(header, 'https://fcm.googleapis.com')).toBe(true)
    expect(vapidValid(header, 'https://updates.push.services.mozilla.com')).toBe(false)
  })

  it('takes endpoints of the allowed push services only, https, http only on this machine outside production', () => {
    const hosts = ['fcm.googleapis.com', '*.notify.windows.com', '127.0.0.1:9999']
    expect(endpointAllowed('https://fcm.googleapis.com/fcm/send/x', hosts, true)).toBe(true)
    expect(endpointAllowed('https://db5p.notify.windows.com/w/?token=x', hosts, true)).toBe(true)
    expect(endpointAllowed('http://fcm.googleapis.com/fcm/send/x', hosts, true)).toBe(false)
    expect(endpointAllowed('https://169.254.169.254/latest/meta-data', hosts, false)).toBe(false)
    expect(endpointAllowed('https://evil.example/notify.windows.com', hosts, false)).toBe(false)
    expect(endpointAllowed('https://user:pw@fcm.googleapis.com/x', hosts, false)).toBe(false)
    expect(endpointAllowed('http://127.0.0.1:9999/push/x', hosts, false)).toBe(true)
    expect(endpointAllowed('http://127.0.0.1:9999/push/x', hosts, true)).toBe(false)
    expect(endpointAllowed('not a url', hosts, false)).toBe(false)
  })
})

describe('web push over the API', () => {
  const t = useTestApp('pglite', { config: { push: { vapidPrivateKey: null, endpointHosts } } })
  const players = apiPlayers(t, 139, 'push-')
  const settings = async (player: ApiPlayer) => (await players.get(player, 'account/getPushSettings')).json().data

  /** Waits for the stand-in to have received `n` pushes (deliveries run after the answer). */
  async function pushes(n: number) {
    for (let i = 0; i < 200 && service.received.length < n; i++) await new Promise((r) => setTimeout(r, 25))
    return service.received
  }

  it('keeps a browser, refuses other endpoints and bad keys, and pushes a security notice after a password change', async () => {
    const player = await players.newPlayer()
    const before = await settings(player)
    expect(before).toEqual({ public_key: expect.stringMatching(/^[\w-]{87}$/), topics: ['security', 'payments'], devices: 0 })

    const browser = service.subscribe()
    const refusedHost = await players.post(player, 'account/subscribePush', { ...browser, endpoint: 'https://attacker.example/push/1' })
    expect(refusedHost.statusCode).toBe(400)
    expect(refusedHost.json().error).toMatchObject({ code: 'push_endpoint_refused', invalid_parameters: { endpoint: ['push_endpoint_refused'] } })
    const badKey = await players.post(player, 'account/subscribePush', { ...browser, p256dh: 'AAAA' })
    expect(badKey.json().error).toMatchObject({ code: 'push_key_invalid', invalid_parameters: { p256dh: ['push_key_invalid'] } })
    const kept = await players.post(player, 'account/subscribePush', browser)
    expect(kept.statusCode, kept.body).toBe(200)
    expect(kept.json().data.devices).toBe(1)
    // The same browser again is one subscription.
    expect((await players.post(player, 'account/subscribePush', browser)).json().data.devices).toBe(1)

    const changed = await players.post(player, 'account/changepassword?locale=de', { current_password: 'Zq7-unusual-Pw', password: 'Another-Pass2!' })
    expect(changed.statusCode, changed.body).toBeLessThan(300)
    const [push] = await pushes(1)
    expect(push).toMatchObject({ subscription: browser.endpoint, vapidOk: true, message: { topic: 'security', title: expect.any(String), url: expect.stringMatching(/\/profile\/security$/) } })
    const outbox = await t.database.db.selectFrom('push_outbox').selectAll().where('player_id', '=', player.id).execute()
    expect(outbox).toHaveLength(1)
    expect(outbox[0]).toMatchObject({ topic: 'security', devices: 1 })
  })

  it('sends nothing for a kind the player turned off, and forgets a browser its push service says is gone', async () => {
    const player = await players.newPlayer()
    const browser = service.subscribe()
    await players.post(player, 'account/subscribePush', browser)
    expect((await players.post(player, 'account/setPushTopics', { topics: 'payments' })).json().data.topics).toEqual(['payments'])
    expect((await players.post(player, 'account/setPushTopics', { topics: 'security,<script>' })).statusCode).toBe(400)
    const seen = service.received.length
    await players.post(player, 'account/changepassword', { current_password: 'Zq7-unusual-Pw', password: 'Another-Pass2!' })
    await new Promise((r) => setTimeout(r, 200))
    expect(service.received.length).toBe(seen)

    await players.post(player, 'account/setPushTopics', { topics: 'security,payments' })
    service.drop(browser.endpoint)
    await players.post(player, 'account/changepassword', { current_password: 'Another-Pass2!', password: 'Third-Pass3!' })
    for (let i = 0; i < 200 && (await settings(player)).devices > 0; i++) await new Promise((r) => setTimeout(r, 25))
    expect((await settings(player)).devices).toBe(0)
    // Another player cannot remove someone else's browser; their own goes.
    const other = await players.newPlayer()
    const b2 = service.subscribe()
    await players.post(other, 'account/subscribePush', b2)
    await players.post(player, 'account/unsubscribePush', { endpoint: b2.endpoint })
    expect((await settings(other)).devices).toBe(1)
    await players.post(other, 'account/unsubscribePush', { endpoint: b2.endpoint })
    expect((await settings(other)).devices).toBe(0)
  })

  it('tells of a deposit that went through, once, whichever path settled it, and never of one before push existed', async () => {
    const player = await players.newPlayer()
    const browser = service.subscribe()
    await players.post(player, 'account/subscribePush', browser)
    const deposit = await players.deposit(player, '20')
    expect(deposit.statusCode, deposit.body).toBe(200)
    const id = deposit.json().data.transaction_id as string
    expect((await players.post(player, `/sandbox/pay/${id}`, { outcome: 'success' })).statusCode).toBeLessThan(400)
    const sender = createPushSender(t.database.config, t.app.log)
    const seen = service.received.length
    // A run takes every success not yet told (other tests' too), and the next run finds none.
    expect(await noticePayments(t.database.db, sender, new Date())).toBeGreaterThanOrEqual(1)
    expect(await noticePayments(t.database.db, sender, new Date())).toBe(0)
    await sender.idle()
    const mine = service.received.slice(seen).filter((p) => p.subscription === browser.endpoint)
    expect(mine).toHaveLength(1)
    expect(mine[0]!.message).toMatchObject({ topic: 'payments', title: 'Your deposit has arrived', url: '/cashier/history' })
    // No amount on a lock screen.
    expect(`${mine[0]!.message.title} ${mine[0]!.message.body}`).not.toMatch(/\d/)
  })
})
