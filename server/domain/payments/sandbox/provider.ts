import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { minorToMajor } from '../../../../src/shared/money'
import type { Config } from '../../../config'
import { checkTimestamped, derivedSecret, signTimestamped } from '../../webhook-signature'
import { qrDataUri } from '../qr'
import {
  WebhookRejected,
  type DepositStart,
  type DepositStartResult,
  type HandOff,
  type PaymentProvider,
  type PayoutResult,
  type PayoutStart,
  type TokenizedCard,
  type WebhookEvent,
} from '../provider'

/**
 * The sandbox payment provider (demo's default; production refuses to start with it): a real provider's
 * shape, so the cashier is played end to end without one (docs/payments.md#the-sandbox-payment-provider).
 */

export const SANDBOX = 'sandbox'
export const SANDBOX_PAY_PATH = '/sandbox/pay'
export const SANDBOX_WEBHOOK_PATH = '/sandbox/webhook'
export const SANDBOX_PHONE_PATH = '/sandbox/phone'
/** The sandbox's card fields: a new card's number in, a token and the mask out. */
export const SANDBOX_CARDS_PATH = '/sandbox/cards'
export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature'

/** Test cards (SPEC-like, as real sandboxes have them). */
export const TEST_CARD_SUCCESS = '4242424242424242'
export const TEST_CARD_DECLINED = '4000000000000002'

export function sandboxSecret(config: Pick<Config, 'sessionSecret'>): string {
  return derivedSecret(config, 'payment-provider:sandbox')
}

/** The X-Sandbox-Signature header for `body` sent at `at`. */
export const signSandboxWebhook = signTimestamped

export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i])
    if (i % 2 === 1) {
      d *= 2
      if (d > 9) d -= 9
    }
    sum += d
  }
  return sum % 10 === 0
}

/** SPEC §5 card mask: first 6, three dots, last 4. */
export function maskCard(digits: string): string {
  return `${digits.slice(0, 6)}...${digits.slice(-4)}`
}

export function cardBrand(digits: string): string {
  if (digits.startsWith('4')) return 'Visa'
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'Mastercard'
  return 'Card'
}

export type CardOutcome = { status: 'success'; token: string; masked: string; brand: string } | { status: 'failed'; failureCode: 'declined' }

/** What the sandbox's hosted page does with a card: 4000 0000 0000 0002 is declined, any other valid card is charged. */
export function chargeCard(digits: string): CardOutcome {
  if (digits === TEST_CARD_DECLINED) return { status: 'failed', failureCode: 'declined' }
  return { status: 'success', token: `sbtok_${randomBytes(12).toString('base64url')}`, masked: maskCard(digits), brand: cardBrand(digits) }
}

/** Tokens of cards charged on the hosted page (kept in saved_cards). */
const CHARGED_TOKEN_PREFIX = 'sbtok_'
/** Tokens of the card fields: 'sbcard_' + base64url("<mask>|<brand>") + '.' + signature. */
const VAULT_TOKEN_RE = /^sbcard_([A-Za-z0-9_-]{1,64})\.([A-Za-z0-9_-]{22})$/

const BECH32_CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l'

function bech32Polymod(values: number[]): number {
  const gen = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3]
  let chk = 1
  for (const v of values) {
    const top = chk >>> 25
    chk = ((chk & 0x1ffffff) << 5) ^ v
    for (let i = 0; i < 5; i++) if ((top >>> i) & 1) chk ^= gen[i]!
  }
  return chk >>> 0
}

/** A version-0 segwit (P2WPKH, BIP 173) address for a 20-byte program. */
export function p2wpkhAddress(program: Buffer): string {
  if (program.length !== 20) throw new Error('p2wpkhAddress: a 20-byte program')
  const data = [0]
  let acc = 0
  let bits = 0
  for (const byte of program) {
    acc = (acc << 8) | byte
    bits += 8
    while (bits >= 5) {
      bits -= 5
      data.push((acc >>> bits) & 31)
    }
  }
  if (bits > 0) data.push((acc << (5 - bits)) & 31)
  const hrp = [...'bc'].map((c) => c.charCodeAt(0) >> 5).concat([0], [...'bc'].map((c) => c.charCodeAt(0) & 31))
  const mod = bech32Polymod([...hrp, ...data, 0, 0, 0, 0, 0, 0]) ^ 1
  const checksum = Array.from({ length: 6 }, (_, i) => (mod >>> (5 * (5 - i))) & 31)
  return `bc1${[...data, ...checksum].map((v) => BECH32_CHARSET[v]).join('')}`
}

export class SandboxProvider implements PaymentProvider {
  readonly name = SANDBOX
  private readonly secret: string
  private readonly base: string

  constructor(config: Pick<Config, 'sessionSecret'> & Partial<Pick<Config, 'publicUrl'>>) {
    this.secret = sandboxSecret(config)
    // The phone link is opened on another device, so it is absolute when the site's address is known.
    this.base = (config.publicUrl ?? '').replace(/\/+$/, '')
  }

  readonly cardVaultUrl = SANDBOX_CARDS_PATH

  async startDeposit(input: DepositStart): Promise<DepositStartResult> {
    const reference = `sb_${randomBytes(9).toString('base64url')}`
    // A saved card is charged with its token at once: one charged on the hosted page, or one the
    // card fields took for a payout.
    if (input.savedCardToken) {
      return this.knowsToken(input.savedCardToken) ? { status: 'success', reference } : { status: 'failed', reference, failureCode: 'invalid_token' }
    }
    const page = `${SANDBOX_PAY_PATH}/${encodeURIComponent(input.transactionId)}`
    if (input.method.kind === 'ewallet') return { status: 'newwindow', reference, redirectUrl: `${page}?window=1` }
    if (input.method.kind === 'crypto') {
      const { handOff, secret } = this.handOff(input.transactionId, input.payIn)
      return { status: 'mobile', reference, handOff, secret }
    }
    return { status: 'redirect', reference, redirectUrl: page }
  }

  /** The deposit address of a transaction: the same every time it is asked, different per transaction. */
  depositAddress(transactionId: string): string {
    return p2wpkhAddress(createHmac('sha256', this.secret).update(`address:${transactionId}`).digest().subarray(0, 20))
  }

  /**
   * A hand-off to the player's phone: a link with a fresh one-time secret to the sandbox's phone
   * page, the same link as a QR code to scan from another screen, and for a crypto payment the
   * address and the coin amount (the phone page shows them too, so the QR is the link for both).
   * Without PUBLIC_URL the link is a path, which another device cannot open: then there is no QR.
   */
  handOff(transactionId: string, payIn: DepositStart['payIn']): { handOff: HandOff; secret: string } {
    const secret = randomBytes(18).toString('base64url')
    const link = `${this.base}${SANDBOX_PHONE_PATH}/${encodeURIComponent(transactionId)}?code=${secret}`
    const qr = this.base ? qrDataUri(link) : null
    if (payIn) {
      const address = this.depositAddress(transactionId)
      const coins = minorToMajor(payIn.amount, payIn.exponent)
      return {
        secret,
        handOff: {
          deep_link: link,
          qr,
          instructions: `Send exactly ${coins} ${payIn.currency} to ${address} from your wallet app. The amount is fixed for 30 minutes; your balance is credited after the network confirms it.`,
          address,
          pay_amount: { amount: coins, currency: payIn.currency },
        },
      }
    }
    return {
      secret,
      handOff: { deep_link: link, qr, instructions: 'Open the Sandbox Pay app on your phone and confirm the payment there. This page updates by itself.', address: null, pay_amount: null },
    }
  }

  async startPayout(input: PayoutStart): Promise<PayoutResult> {
    // The transaction id is the idempotency key, as with a real provider: a retried payout gets the
    // first answer (the same reference) and pays nothing twice.
    const reference = `sbp_${createHmac('sha256', this.secret).update(`payout:${input.transactionId}`).digest('base64url').slice(0, 12)}`
    if (input.method.kind === 'card') {
      // A card payout needs a token of ours; the mask is the vault token's, or the saved card's.
      if (!input.cardToken || !this.knowsToken(input.cardToken)) return { status: 'failed', reference, failureCode: 'invalid_token' }
      const masked = this.cardOfToken(input.cardToken)?.masked ?? input.requisite
      if (masked === maskCard(TEST_CARD_DECLINED)) return { status: 'failed', reference, failureCode: 'declined' }
    }
    // The sandbox pays out at once; a real provider may answer pending and send a webhook.
    return { status: 'success', reference }
  }

  /**
   * The card fields' answer for a number (Luhn-valid, 12 to 19 digits): a token carrying the mask
   * and brand, signed. Null for a number that is not a card number.
   */
  vaultCard(digits: string): ({ token: string } & TokenizedCard) | null {
    if (!luhnValid(digits)) return null
    const card = { masked: maskCard(digits), brand: cardBrand(digits) }
    const payload = Buffer.from(`${card.masked}|${card.brand}`).toString('base64url')
    return { token: `sbcard_${payload}.${this.vaultSignature(payload)}`, ...card }
  }

  async readCardToken(token: string): Promise<TokenizedCard | null> {
    return this.cardOfToken(token)
  }

  private cardOfToken(token: string): TokenizedCard | null {
    const match = VAULT_TOKEN_RE.exec(token)
    if (!match) return null
    const expected = Buffer.from(this.vaultSignature(match[1]!))
    const given = Buffer.from(match[2]!)
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null
    const [masked, brand, ...rest] = Buffer.from(match[1]!, 'base64url').toString('utf8').split('|')
    if (rest.length || !masked || !brand || !/^\d{6}\.{3}\d{4}$/.test(masked)) return null
    return { masked, brand }
  }

  private knowsToken(token: string): boolean {
    return token.startsWith(CHARGED_TOKEN_PREFIX) || this.cardOfToken(token) !== null
  }

  private vaultSignature(payload: string): string {
    return createHmac('sha256', this.secret).update(`card-vault:${payload}`).digest('base64url').slice(0, 22)
  }

  verifyWebhook(rawBody: string, headers: Record<string, string | string[] | undefined>, now: Date): WebhookEvent {
    checkTimestamped(headers[SANDBOX_SIGNATURE_HEADER], this.secret, rawBody, now)
    let body: Record<string, unknown>
    try {
      const parsed: unknown = JSON.parse(rawBody)
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object')
      body = parsed as Record<string, unknown>
    } catch {
      throw new WebhookRejected('malformed')
    }
    const { event_id, transaction_id, status, failure_code, reference } = body
    if (typeof event_id !== 'string' || !/^[A-Za-z0-9_-]{8,64}$/.test(event_id)) throw new WebhookRejected('malformed')
    if (typeof transaction_id !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(transaction_id)) throw new WebhookRejected('malformed')
    if (status !== 'success' && status !== 'failed' && status !== 'cancelled') throw new WebhookRejected('malformed')
    if (failure_code !== undefined && (typeof failure_code !== 'string' || failure_code.length > 64)) throw new WebhookRejected('malformed')
    return {
      eventId: event_id,
      transactionId: transaction_id,
      status,
      reference: typeof reference === 'string' ? reference.slice(0, 128) : null,
      failureCode: status === 'success' ? null : (failure_code as string | undefined) ?? (status === 'failed' ? 'declined' : null),
    }
  }
}
