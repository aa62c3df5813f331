import { describe, expect, it } from 'vitest'
import { WebhookRejected } from '../provider'
import { isBech32BitcoinAddress } from '../../../../src/shared/validation/crypto-address'
import { qrDataUri } from '../qr'
import { chargeCard, luhnValid, maskCard, p2wpkhAddress, SandboxProvider, sandboxSecret, signSandboxWebhook, SANDBOX_SIGNATURE_HEADER } from './provider'

const config = { sessionSecret: 'unit-test-secret-unit-test-secret-0000' }

describe('sandbox payment provider', () => {
  it('checks card numbers with Luhn and keeps only a mask and a token', () => {
    expect(luhnValid('4242424242424242')).toBe(true)
    expect(luhnValid('4000000000000002')).toBe(true)
    expect(luhnValid('4242424242424241')).toBe(false)
    expect(luhnValid('42424242')).toBe(false)
    expect(maskCard('4242424242424242')).toBe('424242...4242')
    const ok = chargeCard('4242424242424242')
    expect(ok).toMatchObject({ status: 'success', masked: '424242...4242', brand: 'Visa' })
    expect(JSON.stringify(ok)).not.toContain('4242424242424242')
    expect(chargeCard('4000000000000002')).toEqual({ status: 'failed', failureCode: 'declined' })
  })

  it('sends a new payment to its hosted page and charges a saved card at once', async () => {
    const provider = new SandboxProvider(config)
    const base = { transactionId: 'ptx_1', playerId: 1n, amount: 1000n, currency: 'USD', method: { sysname: 'card', kind: 'card' as const }, payIn: null }
    expect(await provider.startDeposit({ ...base, savedCardToken: null })).toMatchObject({ status: 'redirect', redirectUrl: '/sandbox/pay/ptx_1' })
    expect(await provider.startDeposit({ ...base, savedCardToken: 'sbtok_abc' })).toMatchObject({ status: 'success' })
  })

  it('starts an e-wallet in a new window and a crypto payment as a hand-off with an address and the coin amount', async () => {
    const provider = new SandboxProvider({ ...config, publicUrl: 'https://casino.example' })
    const base = { transactionId: 'ptx_2', playerId: 1n, amount: 1000n, currency: 'USD', savedCardToken: null, payIn: null }
    expect(await provider.startDeposit({ ...base, method: { sysname: 'ewallet', kind: 'ewallet' } })).toMatchObject({ status: 'newwindow', redirectUrl: '/sandbox/pay/ptx_2?window=1' })
    expect(await provider.startDeposit({ ...base, method: { sysname: 'banktransfer', kind: 'bank' } })).toMatchObject({ status: 'redirect', redirectUrl: '/sandbox/pay/ptx_2' })
    const crypto = await provider.startDeposit({ ...base, method: { sysname: 'bitcoin', kind: 'crypto' }, payIn: { amount: 155000n, currency: 'BTC', exponent: 8 } })
    if (crypto.status !== 'mobile') throw new Error(`expected mobile, got ${crypto.status}`)
    expect(crypto.handOff.pay_amount).toEqual({ amount: '0.00155000', currency: 'BTC' })
    expect(isBech32BitcoinAddress(crypto.handOff.address!)).toBe(true)
    // The same transaction always gets the same address, another one another.
    expect(provider.depositAddress('ptx_2')).toBe(crypto.handOff.address)
    expect(provider.depositAddress('ptx_3')).not.toBe(crypto.handOff.address)
    // The phone link is absolute (opened on another device) and carries the one-time secret.
    expect(crypto.handOff.deep_link).toBe(`https://casino.example/sandbox/phone/ptx_2?code=${crypto.secret}`)
    expect(crypto.secret).toMatch(/^[A-Za-z0-9_-]{24}$/)
    // The same link as a QR code, for scanning from the laptop's screen with a phone.
    expect(crypto.handOff.qr).toBe(qrDataUri(crypto.handOff.deep_link!))
    expect(crypto.handOff.qr).toMatch(/^data:image\/svg\+xml;base64,/)
    // The plain hand-off (the hosted page's phone outcome) has its QR too; without PUBLIC_URL the
    // link is a path no other device can open, so there is no QR.
    const plain = provider.handOff('ptx_4', null)
    expect(plain.handOff.qr).toBe(qrDataUri(`https://casino.example/sandbox/phone/ptx_4?code=${plain.secret}`))
    const local = new SandboxProvider(config).handOff('ptx_4', null)
    expect(local.handOff.deep_link).toBe(`/sandbox/phone/ptx_4?code=${local.secret}`)
    expect(local.handOff.qr).toBeNull()
    // BIP 173's test vector.
    expect(p2wpkhAddress(Buffer.from('751e76e8199196d454941c45d1b3a323f1433bd6', 'hex'))).toBe('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')
  })

  it('verifies webhook signatures over timestamp and raw body, within the tolerance', () => {
    const provider = new SandboxProvider(config)
    const now = new Date('2026-01-01T12:00:00Z')
    const raw = JSON.stringify({ event_id: 'evt_12345678', transaction_id: 'ptx_1', status: 'success' })
    const headers = (body: string, at: Date, secret = sandboxSecret(config)) => ({ [SANDBOX_SIGNATURE_HEADER]: signSandboxWebhook(secret, body, at) })
    expect(provider.verifyWebhook(raw, headers(raw, now), now)).toMatchObject({ eventId: 'evt_12345678', transactionId: 'ptx_1', status: 'success' })
    const reason = (fn: () => unknown) => {
      try {
        fn()
        return null
      } catch (err) {
        return err instanceof WebhookRejected ? err.reason : 'other'
      }
    }
    expect(reason(() => provider.verifyWebhook(raw, headers(raw, now, sandboxSecret({ sessionSecret: 'another-secret-another-secret-0000' })), now))).toBe('bad_signature')
    expect(reason(() => provider.verifyWebhook(raw.replace('success', 'failed'), headers(raw, now), now))).toBe('bad_signature')
    expect(reason(() => provider.verifyWebhook(raw, {}, now))).toBe('bad_signature')
    expect(reason(() => provider.verifyWebhook(raw, headers(raw, new Date(now.getTime() - 301_000)), now))).toBe('stale')
    const odd = JSON.stringify({ event_id: 'evt_12345678', transaction_id: 'ptx_1', status: 'refunded' })
    expect(reason(() => provider.verifyWebhook(odd, headers(odd, now), now))).toBe('malformed')
  })
})
