import type { Kysely } from 'kysely'
import { describe, expect, it } from 'vitest'
import type { DB } from '../../../db/schema'
import { WebhookRejected } from '../provider'
import { SANDBOX_KYC_SIGNATURE_HEADER, SandboxKycProvider, signSandboxKycWebhook, sandboxKycSecret, sniffImage } from './provider'

// The sandbox KYC provider's checks that need no database: what an upload's bytes are, its SDK
// tokens, and the shape of a signed webhook.

const config = { sessionSecret: 'test-session-secret-test-session-secret-000' }
const provider = new SandboxKycProvider(config, null as unknown as Kysely<DB>)

describe('the sandbox KYC provider', () => {
  it('knows JPEG, PNG and WebP by their first bytes, and nothing else', () => {
    expect(sniffImage(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toBe('image/jpeg')
    expect(sniffImage(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('image/png')
    expect(sniffImage(Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 ')]))).toBe('image/webp')
    expect(sniffImage(Buffer.from('GIF89a......'))).toBeNull()
    expect(sniffImage(Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WAVEfmt ')]))).toBeNull()
    expect(sniffImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull()
    expect(sniffImage(Buffer.alloc(0))).toBeNull()
  })

  it('signs SDK tokens for ten minutes at most and refuses a changed one', async () => {
    const now = new Date('2026-12-01T10:00:00Z')
    const { token, expiresAt, sdkUrl } = await provider.accessToken({ applicantId: 'sbapp_a', externalUserId: '7', externalActionId: 'wd:1', ttlSec: 3600, now })
    expect(sdkUrl).toBe('/sandbox/kyc/sdk')
    expect(expiresAt).toEqual(new Date('2026-12-01T10:10:00Z'))
    expect(provider.readToken(token, now)).toEqual({ applicantId: 'sbapp_a', externalUserId: '7', externalActionId: 'wd:1', expiresAt })
    expect(provider.readToken(token, expiresAt)).toBe('expired')
    const [payload, signature] = token.split('.') as [string, string]
    const other = Buffer.from(JSON.stringify({ a: 'sbapp_b', u: '8', x: null, e: expiresAt.getTime() / 1000 })).toString('base64url')
    expect(provider.readToken(`sbkyc_${other}.${signature}`, now)).toBeNull()
    expect(provider.readToken(`${payload}.${signature.slice(1)}A`, now)).toBeNull()
    const elsewhere = new SandboxKycProvider({ sessionSecret: 'another-session-secret-another-session-000' }, null as unknown as Kysely<DB>)
    expect(elsewhere.readToken(token, now)).toBeNull()
  })

  it('parses a signed review and refuses one whose verdict does not hold together', () => {
    const now = new Date()
    const sign = (body: Record<string, unknown>) => {
      const raw = JSON.stringify(body)
      return () => provider.verifyWebhook(raw, { [SANDBOX_KYC_SIGNATURE_HEADER]: signSandboxKycWebhook(sandboxKycSecret(config), raw, now) }, now)
    }
    const base = { eventId: 'evt_0123456789', type: 'applicantReviewed', applicantId: 'sbapp_a', externalUserId: '7', createdAt: now.toISOString() }
    const retry = { reviewAnswer: 'RED', reviewRejectType: 'RETRY', moderationComment: 'Blurred.', rejectLabels: ['passport'] }
    expect(sign({ ...base, reviewResult: retry })()).toEqual({ ...base, createdAt: now, reviewResult: retry })
    for (const reviewResult of [
      { reviewAnswer: 'GREEN', reviewRejectType: 'FINAL' },
      { reviewAnswer: 'RED' },
      { reviewAnswer: 'YELLOW' },
      { ...retry, rejectLabels: 'passport' },
      { ...retry, moderationComment: 'x'.repeat(1001) },
    ]) {
      expect(sign({ ...base, reviewResult }), JSON.stringify(reviewResult)).toThrow(WebhookRejected)
    }
    expect(sign({ ...base, type: 'applicantPending', externalUserId: '7; drop table' })).toThrow(WebhookRejected)
  })
})
