import { sql, type Kysely } from 'kysely'
import { toMinor } from '../../src/shared/money'
import type { DB } from '../db/schema'
import { runTransaction } from '../db/transaction'
import { lockPaymentCurrency, recordSettledDeposit } from '../domain/payments/cashier'
import { methodsFor } from '../domain/payments/methods'
import { SANDBOX } from '../domain/payments/sandbox/provider'
import { requireCurrency } from '../domain/wallet/currencies'
import { ensureWallet, lockWallets } from '../domain/wallet/ledger'
import type { SeedPlayer } from './data'

/** The method's art in public/images/payments, drawn at any size by the /_ipx proxy. */
const icon = (kind: string, variant: 'light' | 'dark') => `/images/payments/${kind}-${variant}.svg`

/** Per currency: the factor over USD bounds for demo methods (whole, readable numbers). */
const FIAT: Record<string, bigint> = { USD: 1n, EUR: 1n, GBP: 1n, BRL: 5n, MXN: 20n, JPY: 150n }

/**
 * The demo methods (provider 'sandbox'); a PAYMENT_PROVIDER other than sandbox does not offer
 * them. Amounts in minor units; JPY has no minor unit.
 */
export async function seedPaymentMethodsIfEmpty(db: Kysely<any>): Promise<void> {
  const any = await sql<{ n: string }>`select count(*)::text as n from payment_methods`.execute(db)
  if (any.rows[0]!.n !== '0') return
  const currencies = (await sql<{ code: string; exponent: number }>`select code, exponent from currencies`.execute(db)).rows
  const exp = new Map(currencies.map((c) => [c.code, Number(c.exponent)]))
  const methods = [
    {
      sysname: 'card', kind: 'card', name: 'Visa / Mastercard', sort: 10, fee_percent: '0', processing_minutes: 0,
      description_short: 'Instant, no fee', description_full: 'Pay with a debit or credit card on the secure payment page. Saved cards are charged again without re-entering the number.',
      deposit_requisites: [{ name: 'card_number', input: 'card', rules: ['required'] }],
      withdrawal_requisites: [{ name: 'card_number', input: 'card', rules: ['required'] }],
      bounds: { min: 10n, max: 5000n, fixed: 0n }, crypto: false,
    },
    {
      sysname: 'ewallet', kind: 'ewallet', name: 'E-wallet', sort: 20, fee_percent: '1.5', processing_minutes: 5,
      description_short: '1.5 % fee', description_full: 'Pay from your e-wallet account.',
      deposit_requisites: [{ name: 'wallet_email', input: 'email', rules: ['required', 'email'] }],
      withdrawal_requisites: [{ name: 'wallet_email', input: 'email', rules: ['required', 'email'] }],
      bounds: { min: 5n, max: 2000n, fixed: 0n }, crypto: false,
    },
    {
      sysname: 'banktransfer', kind: 'bank', name: 'Bank transfer', sort: 30, fee_percent: '0', processing_minutes: 1440,
      description_short: 'Up to one business day', description_full: 'A SEPA or local bank transfer to or from your own IBAN.',
      deposit_requisites: [{ name: 'iban', input: 'iban', rules: ['required', 'iban'], mask: null }],
      withdrawal_requisites: [{ name: 'iban', input: 'iban', rules: ['required', 'iban'], mask: null }],
      bounds: { min: 20n, max: 20000n, fixed: 1n }, crypto: false,
    },
    {
      sysname: 'bitcoin', kind: 'crypto', name: 'Bitcoin', sort: 40, fee_percent: '0', processing_minutes: 30,
      description_short: 'About 30 minutes', description_full: 'Send bitcoin from your own wallet; withdrawals go to the address you give.',
      deposit_requisites: [],
      withdrawal_requisites: [{ name: 'wallet_address', input: 'crypto_address', rules: ['required', 'cryptoAddress'], network: 'bitcoin' }],
      bounds: { min: 20n, max: 5000n, fixed: 0n }, crypto: true,
    },
  ] as const
  for (const m of methods) {
    const [row] = (
      await sql<{ id: number }>`
        insert into payment_methods (sysname, kind, provider, name, sort, icon_light, icon_dark, description_short, description_full, fee_percent, processing_minutes, deposit_requisites, withdrawal_requisites)
        values (${m.sysname}, ${m.kind}, 'sandbox', ${m.name}, ${m.sort}, ${icon(m.kind, 'light')}, ${icon(m.kind, 'dark')},
                ${m.description_short}, ${m.description_full}, ${m.fee_percent}::numeric, ${m.processing_minutes},
                ${JSON.stringify(m.deposit_requisites)}::jsonb, ${JSON.stringify(m.withdrawal_requisites)}::jsonb)
        returning id`.execute(db)
    ).rows
    const id = row!.id
    if (m.crypto && exp.has('BTC')) {
      // 0.0001 to 1 BTC (8 decimals). Fiat players pay in their own currency too: the amount is
      // theirs, the coin amount is quoted at the rate (server/domain/payments/cashier.ts).
      await sql`insert into payment_method_currencies (method_id, currency, min_amount, max_amount, fee_fixed) values (${id}, 'BTC', 10000, 100000000, 0)`.execute(db)
    }
    for (const [code, factor] of Object.entries(FIAT)) {
      const e = exp.get(code)
      if (e === undefined) continue
      const unit = 10n ** BigInt(e)
      const b = m.bounds!
      await sql`insert into payment_method_currencies (method_id, currency, min_amount, max_amount, fee_fixed)
                values (${id}, ${code}, ${String(b.min * factor * unit)}::bigint, ${String(b.max * factor * unit)}::bigint, ${String(b.fixed * factor * unit)}::bigint)`.execute(db)
    }
  }
}

/**
 * Deposit offers (SPEC §3 'Deposit offer'): what the demo shows, per audience. Minimums and bonus
 * caps (max_usd) in USD, scaled per currency. 'welcome-double' is the offer the registration
 * banner advertises (content/<locale>/registration.json names it).
 */
export const DEMO_OFFERS = [
  {
    sysname: 'welcome-double', audience: 'first_deposit', exclude_methods: ['bitcoin'], min_usd: 20n, sort: 10,
    promotions: [{ type: 'bonus_percent', value: '100', max_usd: 500n }],
    title: { en: '100% first deposit bonus', es: 'Bono del 100% en tu primer depósito', pt: 'Bônus de 100% no primeiro depósito', de: '100 % Bonus auf die erste Einzahlung' },
    text: {
      en: 'We double your first deposit as bonus money. Not with bitcoin.',
      es: 'Duplicamos tu primer depósito con dinero de bono. No con bitcoin.',
      pt: 'Dobramos seu primeiro depósito em dinheiro de bônus. Não com bitcoin.',
      de: 'Wir verdoppeln Ihre erste Einzahlung als Bonusgeld. Nicht mit Bitcoin.',
    },
  },
  {
    sysname: 'reload-quarter', audience: 'returning', exclude_methods: [], min_usd: 10n, sort: 20,
    promotions: [{ type: 'bonus_percent', value: '25' }],
    title: { en: '25% reload bonus', es: 'Bono de recarga del 25%', pt: 'Bônus de recarga de 25%', de: '25 % Reload-Bonus' },
    text: {
      en: 'A quarter of your deposit on top, as bonus money.',
      es: 'Un cuarto de tu depósito extra, como dinero de bono.',
      pt: 'Um quarto do seu depósito a mais, em dinheiro de bônus.',
      de: 'Ein Viertel Ihrer Einzahlung obendrauf, als Bonusgeld.',
    },
  },
  {
    sysname: 'fifty-spins', audience: 'everyone', exclude_methods: ['banktransfer'], min_usd: null, sort: 30,
    promotions: [{ type: 'freespins', value: '50' }],
    title: { en: '50 free spins', es: '50 giros gratis', pt: '50 giros grátis', de: '50 Freispiele' },
    text: {
      en: 'Fifty free spins with any deposit, except by bank transfer.',
      es: 'Cincuenta giros gratis con cualquier depósito, salvo transferencia bancaria.',
      pt: 'Cinquenta giros grátis com qualquer depósito, exceto transferência bancária.',
      de: 'Fünfzig Freispiele zu jeder Einzahlung, außer per Banküberweisung.',
    },
  },
] as const

/** The demo deposit offers, once: a database whose offers table is empty gets them. */
export async function seedDepositOffersIfEmpty(db: Kysely<any>): Promise<void> {
  const any = await sql<{ n: string }>`select count(*)::text as n from deposit_offers`.execute(db)
  if (any.rows[0]!.n !== '0') return
  const currencies = (await sql<{ code: string; exponent: number }>`select code, exponent from currencies`.execute(db)).rows
  for (const o of DEMO_OFFERS) {
    const mins: Record<string, string> = {}
    if (o.min_usd !== null) {
      for (const c of currencies) {
        const factor = FIAT[c.code]
        if (factor !== undefined) mins[c.code] = String(o.min_usd * factor * 10n ** BigInt(Number(c.exponent)))
      }
    }
    const promotions = o.promotions.map(({ type, value, ...rest }) => {
      const maxUsd = 'max_usd' in rest ? rest.max_usd : null
      if (maxUsd === null) return { type, value }
      const caps: Record<string, string> = {}
      for (const c of currencies) {
        const factor = FIAT[c.code]
        if (factor !== undefined) caps[c.code] = String(maxUsd * factor * 10n ** BigInt(Number(c.exponent)))
      }
      return { type, value, max_amounts: caps }
    })
    await sql`
      insert into deposit_offers (sysname, audience, exclude_methods, min_amounts, title, text, promotions, sort)
      values (${o.sysname}, ${o.audience}, ${JSON.stringify(o.exclude_methods)}::jsonb, ${JSON.stringify(mins)}::jsonb,
              ${JSON.stringify(o.title)}::jsonb, ${JSON.stringify(o.text)}::jsonb, ${JSON.stringify(promotions)}::jsonb, ${o.sort})
      on conflict (sysname) do nothing`.execute(db)
  }
}

/** The card the demo deposits were paid with, masked as the provider gives it (SPEC §5 card mask). */
export const DEMO_DEPOSIT_CARD = '424242...4242'

/** The key of a demo player's n-th deposit (from 1): the same on every start, so a re-seed adds nothing. */
export const demoDepositKey = (n: number) => `seed-deposit-${n}`

/**
 * The demo players' main balances, as deposits: each a card deposit of the sandbox, settled as a
 * player's deposit is (recordSettledDeposit: a payment transaction and its 'deposit' ledger
 * entry), so the history lists what the balance is made of and the balance is the sum of the
 * ledger. Idempotent by each deposit's key. A database seeded before, whose main balance was
 * written as an opening 'adjustment' (key seed:<login>:<currency>:main, listed in the history as
 * such), gets none: that would double the money.
 */
export async function seedDemoDeposits(db: Kysely<DB>, players: readonly SeedPlayer[]): Promise<void> {
  for (const player of players) {
    const account = await db.selectFrom('accounts').select(['id', 'currency']).where('login', '=', player.login).executeTakeFirst()
    if (!account) continue
    const legacy = await db.selectFrom('ledger_entries').select('id').where('idempotency_key', '=', `seed:${player.login}:${account.currency}:main`).executeTakeFirst()
    if (legacy) continue
    const card = (await methodsFor(db, SANDBOX, 'deposit', account.currency)).find((m) => m.kind === 'card')
    if (!card) continue
    const currency = await requireCurrency(db, account.currency)
    for (const [i, amount] of player.deposits.entries()) {
      await runTransaction(db, async (trx) => {
        // The locks a deposit takes, in the order it takes them (cashier.ts).
        await lockPaymentCurrency(trx, account.id, currency)
        await lockWallets(trx, [await ensureWallet(trx, account.id, currency.code, 'main')])
        await recordSettledDeposit(trx, {
          playerId: account.id,
          method: card,
          currency,
          amount: toMinor(amount, currency.code),
          requisite: DEMO_DEPOSIT_CARD,
          idempotencyKey: demoDepositKey(i + 1),
          reference: `seed_${i + 1}`,
          now: new Date(),
        })
      })
    }
  }
}
