import { expect, gotoHydrated, seriousA11yViolations, test } from './fixtures'

test.describe('foundation journeys', () => {
  test('home renders on the server before any script runs', async ({ request }) => {
    const res = await request.get('/')
    expect(res.status()).toBe(200)
    const html = await res.text()
    expect(html).toContain('data-testid="page-index"')
    expect(html).toMatch(/<h1[^>]*>Casino and sports betting<\/h1>/)
    expect(html).toContain('<link rel="canonical" href="http://127.0.0.1:')
    expect(html).toContain('hreflang="es"')
    expect(html).toContain('rel="manifest"')
    const csp = res.headers()['content-security-policy'] ?? ''
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1]
    expect(nonce, 'CSP carries a nonce').toBeTruthy()
    expect(csp).not.toContain("'unsafe-inline' 'nonce")
    // every script tag in the page carries the nonce, inline or not
    for (const tag of html.match(/<script\b[^>]*>/g) ?? []) expect(tag).toContain(`nonce="${nonce}"`)
  })

  test("a visitor's home page fits the screen in every locale, content banners included", async ({ page }) => {
    for (const path of ['/', '/es', '/pt', '/de']) {
      await gotoHydrated(page, path)
      await expect(page.getByTestId('home-hero-banner').getByRole('heading', { level: 2 })).toBeVisible()
      await expect(page.getByTestId('home-strip').getByRole('listitem')).toHaveCount(2)
      await expect(page.getByRole('link', { name: /Royal Ace/ })).toBeInViewport({ ratio: 1 })
      // 'Iniciar sesión' and 'Registrieren' once pushed a 360 px page sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(page.viewportSize()!.width)
    }
  })

  test('home in a browser hydrates and has no serious a11y violations', async ({ page, errors }) => {
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Casino and sports betting')
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
    expect(await seriousA11yViolations(page)).toEqual([])
    expect(errors).toEqual([])
  })

  test('home arrives compressed, paints with its stylesheet inline, and hydrates with its preloaded catalog', async ({ page, errors }) => {
    const assets: { url: string; encoding?: string; cache?: string }[] = []
    page.on('response', (r) => {
      if (new URL(r.url()).pathname.startsWith('/assets/')) assets.push({ url: r.url(), encoding: r.headers()['content-encoding'], cache: r.headers()['cache-control'] })
    })
    const res = await gotoHydrated(page, '/es/')
    expect(res?.headers()['content-encoding']).toBe('gzip')
    expect(res?.headers()['vary']).toMatch(/accept-encoding/i)
    const html = (await res?.text()) ?? ''
    const nonce = /'nonce-([^']+)'/.exec(res?.headers()['content-security-policy'] ?? '')?.[1]
    // No stylesheet to fetch before the first paint: it is in the page, with the request's nonce.
    // Its link stays, disabled, so the client's chunk loader does not fetch the same rules again.
    expect(html).not.toMatch(/<link rel="stylesheet" href="[^"]+"\s*\/?>/)
    expect(html).toMatch(/<link rel="stylesheet" href="\/assets\/[^"]+\.css" disabled \/>/)
    expect(html).toContain(`<style nonce="${nonce}">`)
    // The catalog is a preloaded, cached chunk rather than JSON inside every page; the page's
    // starter adds its preload (and the scripts') once the page has painted.
    expect(html).not.toMatch(/<link rel="modulepreload"/)
    expect(html).toMatch(/"\/assets\/chunks\/catalog\.es-[^"]+\.js"/)
    expect(html).not.toContain('"messages":')
    // Hydrated in Spanish, styled, and without errors (CSP violations are console errors).
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Casino y apuestas deportivas')
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)')
    expect(assets.filter((a) => a.url.endsWith('.css'))).toEqual([])
    const scripts = assets.filter((a) => a.url.endsWith('.js'))
    expect(scripts.length).toBeGreaterThan(0)
    for (const script of scripts) {
      expect(script.encoding, script.url).toBe('br')
      expect(script.cache, script.url).toBe('public, max-age=31536000, immutable')
    }
    expect(errors).toEqual([])
  })

  test('/es/ is Spanish', async ({ page }) => {
    await page.goto('/es/')
    await expect(page.locator('html')).toHaveAttribute('lang', 'es')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Casino y apuestas deportivas')
    expect(await seriousA11yViolations(page)).toEqual([])
  })

  test('/gamehall shows the games hall', async ({ page }) => {
    const res = await page.goto('/gamehall')
    expect(res?.status()).toBe(200)
    await expect(page.getByTestId('games-hall')).toBeVisible()
    expect(await seriousA11yViolations(page)).toEqual([])
  })

  test('an unknown path is a 404 page with the path', async ({ page }) => {
    const res = await page.goto('/no/such/page')
    expect(res?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found: /no/such/page')
    expect(await seriousA11yViolations(page)).toEqual([])
  })

  test('an unknown slug is a 404, a known content page renders', async ({ page }) => {
    expect((await page.goto('/no-such-slug'))?.status()).toBe(404)
    expect((await page.goto('/about'))?.status()).toBe(200)
    await expect(page.getByTestId('content-page')).toBeVisible()
    expect((await page.goto('/de/about'))?.status()).toBe(200)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Über uns')
  })

  test('/profile as a visitor redirects home with redirectUrl (server and client)', async ({ page, request }) => {
    const res = await request.get('/profile', { maxRedirects: 0 })
    expect(res.status()).toBe(302)
    expect(res.headers()['location']).toBe('/?redirectUrl=%2Fprofile')
    await page.goto('/profile')
    await expect(page).toHaveURL(/\/\?redirectUrl=%2Fprofile$/)
    // client-side navigation hits the same guard
    await gotoHydrated(page, '/gamehall')
    await page.evaluate(() => {
      window.history.pushState({}, '', '/cashier/history')
      window.dispatchEvent(new PopStateEvent('popstate'))
    })
    await expect(page).toHaveURL(/\/\?redirectUrl=%2Fcashier%2Fhistory$/)
  })

  test('theme toggle is kept across reload', async ({ page }) => {
    await gotoHydrated(page, '/')
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
    await page.getByTestId('theme-toggle').click()
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light')
    await page.reload()
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light')
    expect(await seriousA11yViolations(page)).toEqual([])
  })

  test('locale switch moves to the same page in the chosen language and remembers it', async ({ page }) => {
    await gotoHydrated(page, '/gamehall')
    // On phones the header hides its switcher; the footer's is the one a player reaches.
    await page.getByTestId('locale-switcher').filter({ visible: true }).first().getByRole('link', { name: /^(DE|Deutsch)$/ }).click()
    await expect(page).toHaveURL(/\/de\/gamehall$/)
    await expect(page.locator('html')).toHaveAttribute('lang', 'de')
    await page.goto('/promotions')
    await expect(page).toHaveURL(/\/de\/promotions$/)
  })

  test('show_popup_auth opens the auth popup and closing clears the flag', async ({ page }) => {
    // The popup is in the server's HTML: Escape closes it only once the page has come alive.
    await gotoHydrated(page, '/gamehall?show_popup_auth=1&x=2')
    const dialog = page.getByRole('dialog')
    // SPEC §2.3: the popup shows a skeleton, not closable, until its content has loaded.
    await expect(dialog.getByTestId('auth-popup')).toBeVisible()
    // The popup answers Escape once it has taken the focus (on a busy machine, after it is drawn).
    await expect(dialog.locator(':focus')).toHaveCount(1)
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(page).toHaveURL(/\/gamehall\?x=2$/)
  })

  test('prevent_close=1 keeps the popup open on Escape', async ({ page }) => {
    await page.goto('/?show_popup_reg=1&prevent_close=1')
    const dialog = page.getByRole('dialog')
    await expect(dialog.getByTestId('auth-popup')).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(dialog).toBeVisible()
    await expect(dialog.getByRole('button', { name: 'Close' })).toHaveCount(0)
  })

  test('bad input never breaks a page', async ({ request }) => {
    expect((await request.get('/xx/gamehall')).status()).toBe(404)
    expect((await request.get('/EN')).status()).toBe(404)
    expect((await request.get('/' + 'a'.repeat(5000))).status()).toBe(414)
    const garbage = await request.get('/gamehall?show_popup_auth=%E0%A4%A', { headers: { cookie: 'theme=%%%; locale=zz; sid=garbage' } })
    expect(garbage.status()).toBe(200)
    expect(await garbage.text()).toContain('data-theme="dark"')
    expect((await request.get('/en/gamehall', { maxRedirects: 0 })).headers()['location']).toBe('/gamehall')
  })
})
