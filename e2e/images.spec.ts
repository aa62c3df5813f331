import type { Page, Response } from '@playwright/test'
import { FALLBACK_IMAGE, IMAGE_RETRY_LIMIT } from '../src/shared/images'
import { SPRITE_URL } from '../src/shared/icon-sprite'
import { expect, gotoHydrated, test } from './fixtures'

/** The home banner once the browser has drawn a candidate: which one, and the answer it came in. */
async function loadedHero(page: Page, responses: Response[]) {
  const hero = page.getByTestId('home-hero')
  await expect.poll(() => hero.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))).toBeGreaterThan(0)
  const current = await hero.evaluate((img: HTMLImageElement) => img.currentSrc)
  const response = responses.find((r) => r.url() === current)
  return { hero, current: new URL(current).pathname, response }
}

const watchImages = (page: Page) => {
  const responses: Response[] = []
  page.on('response', (r) => {
    if (new URL(r.url()).pathname.startsWith('/_ipx/')) responses.push(r)
  })
  return responses
}

test.describe('images on a phone screen (360 px)', () => {
  test.use({ viewport: { width: 360, height: 780 }, deviceScaleFactor: 1 })

  test('the home banner loads the 640 px webp from /_ipx, not a larger one', async ({ page }) => {
    const responses = watchImages(page)
    await page.goto('/')
    const { current, response } = await loadedHero(page, responses)
    expect(current).toBe('/_ipx/f_webp&fit_cover&s_640x200&q_95/images/home-hero.svg')
    expect(response?.status()).toBe(200)
    expect(response?.headers()['content-type']).toBe('image/webp')
    expect(response?.headers()['cache-control']).toMatch(/max-age=\d{6,}/)
    // Nothing wider was fetched alongside it.
    expect(responses.filter((r) => r.url().includes('home-hero')).map((r) => new URL(r.url()).pathname)).toEqual([current])
  })
})

test.describe('images on a desktop screen (1440 px)', () => {
  test.use({ viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 })

  test('the home banner loads the 1280 px webp, keeps its box, and the page draws icons from the sprite file', async ({ page }) => {
    const responses = watchImages(page)
    const sprite = page.waitForResponse((r) => new URL(r.url()).pathname === SPRITE_URL)
    await page.goto('/')
    const { hero, current, response } = await loadedHero(page, responses)
    expect(current).toBe('/_ipx/f_webp&fit_cover&s_1280x400&q_95/images/home-hero.svg')
    expect(response?.headers()['content-type']).toBe('image/webp')
    const box = await hero.boundingBox()
    expect(Math.round(box!.width / box!.height)).toBe(Math.round(1152 / 360))
    expect((await sprite).headers()['cache-control']).toContain('immutable')
  })

  test('a broken image is retried at most once per breakpoint, then the fallback shows in its box', async ({ page }) => {
    const tried: string[] = []
    await page.route('**/_ipx/**/images/home-hero.svg*', (route) => {
      tried.push(route.request().url())
      return route.fulfill({ status: 404, contentType: 'application/json', body: '{"error":{"code":"image_not_found"}}' })
    })
    await gotoHydrated(page, '/')
    const hero = page.getByTestId('home-hero')
    await expect(hero).toHaveAttribute('data-image', 'fallback')
    await expect.poll(() => hero.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))).toBeGreaterThan(0)
    expect(new URL(await hero.evaluate((img: HTMLImageElement) => img.currentSrc)).pathname).toBe(FALLBACK_IMAGE)
    // The first try, then at most one retry per breakpoint.
    expect(tried.length).toBeGreaterThan(1)
    expect(tried.length).toBeLessThanOrEqual(1 + IMAGE_RETRY_LIMIT)
    const box = await hero.boundingBox()
    expect(box!.width).toBeGreaterThan(300)
    // Settled: no more tries after the fallback.
    const settled = tried.length
    await page.waitForTimeout(500)
    expect(tried.length).toBe(settled)
  })

  test('bad image requests get a clear 4xx, never a 5xx', async ({ request }) => {
    const cases: [string, number][] = [
      ['/_ipx/w_99999/images/home-hero.svg', 400],
      ['/_ipx/rotate_90/images/home-hero.svg', 400],
      ['/_ipx/w_64/humans.txt', 422],
      ['/_ipx/w_64/images/nope.png', 404],
      ['/_ipx/w_64/https://evil.example/a.png', 403],
      ['/_icons/external?src=https%3A%2F%2Fevil.example%2Fx.svg', 403],
    ]
    for (const [url, status] of cases) {
      const res = await request.get(url)
      expect(res.status(), url).toBe(status)
      expect((await res.json()).error.code, url).toMatch(/^image_/)
    }
  })
})
