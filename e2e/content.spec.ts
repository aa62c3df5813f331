import type { APIRequestContext } from '@playwright/test'
import { readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, gotoHydrated, test } from './fixtures'

// The content system (README 'Content'): an operator edits a page file of the running site's
// content, calls the reload, and players see the edit without a restart. scripts/e2e-server.mjs
// serves a copy of content/ with CONTENT_WATCH off, as production runs.

const CONTENT_DIR = join(tmpdir(), `casino-e2e-content-${process.env.E2E_PORT ?? '3100'}`)
const OPERATOR_TOKEN = process.env.OPERATOR_TOKEN ?? 'e2e-operator-token-0123456789abcdef'
const ABOUT = join(CONTENT_DIR, 'en', 'pages', 'about.json')

test.describe.configure({ mode: 'serial' })

const reloadContent = (request: APIRequestContext) => request.post('/api/operator/reloadContent', { headers: { authorization: `Bearer ${OPERATOR_TOKEN}` } })

/**
 * Runs a test that edits one content file, and puts the file back and reloads whatever happened,
 * so the journeys after it see the content as shipped.
 */
async function editing(request: APIRequestContext, file: string, run: (original: string, reload: () => ReturnType<typeof reloadContent>) => Promise<void>) {
  const original = readFileSync(file, 'utf8')
  try {
    await run(original, () => reloadContent(request))
  } finally {
    writeFileSync(file, original)
    await reloadContent(request)
  }
}

test('an operator edits a page and reloads the content; the page shows the edit without a restart', async ({ page, request }) => {
  await editing(request, ABOUT, async (original, reload) => {
    await gotoHydrated(page, '/about')
    const before = await page.getByRole('heading', { level: 1 }).innerText()

    const edited = { ...JSON.parse(original), title: 'About us, freshly edited' }
    writeFileSync(ABOUT, JSON.stringify(edited))
    await gotoHydrated(page, '/about')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(before)

    const res = await reload()
    expect(res.status(), await res.text()).toBe(200)
    await gotoHydrated(page, '/about')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('About us, freshly edited')

    // A broken edit: the operator is told which file and field, players keep the last good page.
    writeFileSync(ABOUT, JSON.stringify({ ...edited, body: 'not a list' }))
    const broken = await reload()
    expect(broken.status()).toBe(400)
    const error = (await broken.json()).error
    expect(error.code).toBe('content_invalid')
    expect(error.message).toContain(`${ABOUT}: body:`)
    await gotoHydrated(page, '/about')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('About us, freshly edited')
  })
})

test('an operator changes the home banner and ends one; the home page follows after the reload', async ({ page, request }) => {
  const BANNERS = join(CONTENT_DIR, 'en', 'banners.json')
  await editing(request, BANNERS, async (original, reload) => {
    await gotoHydrated(page, '/')
    const hero = page.getByTestId('home-hero-banner')
    await expect(hero.getByRole('heading', { level: 2 })).toHaveText('Welcome bonus: 100% up to $500')
    await expect(page.getByTestId('home-strip').getByRole('listitem')).toHaveCount(2)

    const content = JSON.parse(original) as { banners: { id: string; title: string; finishedAt?: string | null }[] }
    for (const banner of content.banners) {
      if (banner.id === 'welcome') banner.title = 'Weekend bonus: 50% up to $200'
      // Ended a minute ago: the server leaves it out from now on.
      if (banner.id === 'live-sport') banner.finishedAt = new Date(Date.now() - 60_000).toISOString()
    }
    writeFileSync(BANNERS, JSON.stringify(content))
    const res = await reload()
    expect(res.status(), await res.text()).toBe(200)
    await gotoHydrated(page, '/')
    await expect(hero.getByRole('heading', { level: 2 })).toHaveText('Weekend bonus: 50% up to $200')
    await expect(page.getByTestId('home-strip').getByRole('listitem')).toHaveCount(1)
    // The call to action is a link of the site, followed by the router.
    await hero.getByRole('link', { name: 'Claim bonus' }).click()
    await expect(page).toHaveURL(/\/promotions$/)

    // A date the operator mistyped is refused with its file and field; the last good banners stay.
    writeFileSync(BANNERS, JSON.stringify({ ...content, banners: content.banners.map((b) => (b.id === 'welcome' ? { ...b, finishedAt: 'tomorrow' } : b)) }))
    const broken = await reload()
    expect(broken.status()).toBe(400)
    expect((await broken.json()).error.message).toContain(`${BANNERS}: banners.0.finishedAt:`)
    await gotoHydrated(page, '/')
    await expect(hero.getByRole('heading', { level: 2 })).toHaveText('Weekend bonus: 50% up to $200')
  })
})

test('a link to an address the redirect table moved follows the redirect after a client-side move', async ({ page, request }) => {
  await editing(request, ABOUT, async (original, reload) => {
    // An old link left in a page: /help moved to /getting-started (content/redirects.json).
    const about = JSON.parse(original) as { body: unknown[] }
    writeFileSync(ABOUT, JSON.stringify({ ...about, body: [...about.body, 'Questions? See the [help page](/help).'] }))
    expect((await reload()).status()).toBe(200)
    await gotoHydrated(page, '/about?from=footer')
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true))
    const link = page.getByTestId('content-page').getByRole('link', { name: 'help page' })
    await expect(link).toBeVisible()
    await link.click()
    await expect(page).toHaveURL(/\/getting-started$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Getting started')
    // No 404 on the way, and no full load: the router asked the server where the address went.
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true)
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/getting-started$/)
  })
})
