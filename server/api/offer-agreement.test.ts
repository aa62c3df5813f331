// What the site promises, the cashier offers: the registration banner names the deposit offer it
// advertises and shows that offer's own data, so in every locale and currency the sign-up banner
// and the cashier's first-deposit offer are the same offer with the same figure and cap.
import { describe, expect, it } from 'vitest'
import { LOCALES, type Locale } from '../../src/shared/locales'
import { createSession } from '../domain/session/sessions'
import { SESSION_COOKIE } from '../http/session'
import { registerApiPlayer } from '../test/api-player'
import { BACKENDS, useTestApp } from '../test/harness'

/** Each locale's demo player (server/seed/data.ts), in that locale's demo currency; the cashier lists the first-deposit offer to them too. */
const PLAYER: Record<Locale, { login: string; currency: string; cap: string; minimum: string }> = {
  en: { login: 'demo@example.com', currency: 'USD', cap: '500.00', minimum: '20.00' },
  es: { login: 'demo-es@example.com', currency: 'MXN', cap: '10000.00', minimum: '400.00' },
  pt: { login: 'demo-pt@example.com', currency: 'BRL', cap: '2500.00', minimum: '100.00' },
  de: { login: 'demo-de@example.com', currency: 'EUR', cap: '500.00', minimum: '20.00' },
}

type Offer = {
  id: number
  audience?: string
  trigger: { user_satisfies_params: boolean; params: { min_amount?: { amount: string; currency: string }[] } }
  description: { title: string; text: string }
  promotions: { type: string; value: string; max_amount?: { amount: string; currency: string }[] }[]
}

describe.each(BACKENDS)('the sign-up banner and the cashier agree on %s', (backend) => {
  const t = useTestApp(backend)

  async function cookieOf(login: string) {
    const player = await t.database.db.selectFrom('accounts').select('id').where('login', '=', login).executeTakeFirstOrThrow()
    const { token } = await createSession(t.database.db, { playerId: player.id, now: new Date(), policy: t.database.config.session })
    return `${SESSION_COOKIE}=${token}`
  }
  const get = async (path: string, locale: Locale, cookie?: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/${path}${path.includes('?') ? '&' : '?'}locale=${locale}`, headers: cookie ? { cookie } : {} })).json()

  it.each(LOCALES)('%s: the banner advertises the first-deposit offer the cashier gives, with its figure and cap', async (locale) => {
    const banner = (await get('account/getRegistrationSettings', locale)).data.sideBanner
    // No figure of its own that could drift: the offer is the banner's figure.
    expect(banner).toMatchObject({ offer_sysname: 'welcome-double', value: null, addition: null })
    const advertised = banner.offer as Offer

    const { login, currency, cap, minimum } = PLAYER[locale]
    const offers = (await get('cashier/getdepositoffers', locale, await cookieOf(login))).data.offers as Offer[]
    // The demo players have deposited (their balances are seeded deposits), so the offer is listed
    // as not theirs; a new player's verdict is the test below.
    const firstDeposit = offers.filter((o) => o.audience === 'first_deposit')
    expect(firstDeposit).toHaveLength(1)
    const cashier = firstDeposit[0]!

    expect(advertised.id).toBe(cashier.id)
    expect(advertised.audience).toBe('first_deposit')
    expect(advertised.description).toEqual(cashier.description)
    expect(advertised.promotions.map((p) => [p.type, p.value])).toEqual(cashier.promotions.map((p) => [p.type, p.value]))
    expect(cashier.promotions[0]).toEqual({ type: 'bonus_percent', value: '100', max_amount: [{ amount: cap, currency }] })
    // The banner carries the cap in every currency a visitor may sign up with; the player's is the cashier's.
    expect(advertised.promotions[0]!.max_amount).toContainEqual({ amount: cap, currency })
    expect(cashier.trigger.params.min_amount).toEqual([{ amount: minimum, currency }])
  })

  it('a new player is offered the advertised offer at the first deposit', async () => {
    const login = await registerApiPlayer(t.app, { prefix: 'offer-new-', currency: 'USD', countryCode: 'US', ip: `10.49.0.${backend === 'pglite' ? 1 : 2}` })
    const advertised = (await get('account/getRegistrationSettings', 'en')).data.sideBanner.offer as Offer
    const offers = (await get('cashier/getdepositoffers', 'en', await cookieOf(login))).data.offers as Offer[]
    expect(offers.filter((o) => o.audience === 'first_deposit' && o.trigger.user_satisfies_params).map((o) => o.id)).toEqual([advertised.id])
  })

  it('an offer that is not running takes the banner away rather than promising it', async () => {
    await t.database.db.updateTable('deposit_offers').set({ is_active: false }).where('sysname', '=', 'welcome-double').execute()
    try {
      for (const locale of LOCALES) expect((await get('account/getRegistrationSettings', locale)).data.sideBanner, locale).toBeNull()
    } finally {
      await t.database.db.updateTable('deposit_offers').set({ is_active: true }).where('sysname', '=', 'welcome-double').execute()
    }
    expect((await get('account/getRegistrationSettings', 'en')).data.sideBanner.offer.promotions[0].value).toBe('100')
  })
})
