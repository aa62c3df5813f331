import { describe, expect, it } from 'vitest'
import { WebhookRejected } from '../provider'
import { chargeCard, luhnValid, maskCard, SandboxProvider, sandboxSecret, signSandboxWebhook, SANDBOX_SIGNATURE_HEADER } from './provider'

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
