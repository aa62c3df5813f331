// The home page's games (DESIGN: home): a visitor lands on rails of games, the first one above a
// phone's fold, and each rail's "See all" and each studio's logo lead into the games hall.
import { expect, gotoHydrated, seriousA11yViolations, test } from './fixtures'

test.describe('home games', () => {
  test('a visitor sees rails of games, the first card above the fold, and "See all" opens the category @phone', async ({ page, errors }) => {
    await gotoHydrated(page, '/')
    await expect(page.getByTestId('page-index')).toHaveAttribute('data-emphasis', 'casino')
    const rails = page.getByTestId('home-rail')
    // Popular leads once four games have plays (other journeys play them), featured before that.
    const categories = (await (await page.request.get('/api/games/getCategories')).json()) as { data: { sysname: string; games: number }[] }
    const popular = categories.data.find((c) => c.sysname === 'popular')?.games ?? 0
    await expect(rails.first()).toHaveAttribute('data-category', popular >= 4 ? 'popular' : 'featured')
    expect(await rails.count()).toBeGreaterThanOrEqual(3)
    // No live games: no empty rail for them.
    await expect(page.locator('[data-testid=home-rail][data-category=live]')).toHaveCount(0)
    const first = rails.first()
    await expect(first.getByRole('list')).toBeVisible()
    expect(await first.getByTestId('game-card').count()).toBeGreaterThan(2)
    await expect(first.getByTestId('game-card').first()).toBeInViewport({ ratio: 1 })

    const slots = page.locator('[data-testid=home-rail][data-category=slots]')
    const seeAll = slots.getByTestId('home-rail-see-all')
    await expect(seeAll).toHaveText(/\d+/)
    await seeAll.click()
    await expect(page).toHaveURL(/\/gamehall\/slots$/)
    await expect(page.getByTestId('games-hall')).toBeVisible()
    await expect(page.getByTestId('hall-grid').getByTestId('game-card').first()).toBeVisible()
    expect(errors).toEqual([])
  })

  test('a studio logo opens the hall filtered by that studio, and the page has no serious a11y violations', async ({ page, errors }) => {
    await gotoHydrated(page, '/')
    await expect(page.getByTestId('home-rail').first().getByTestId('game-card').first()).toBeVisible()
    expect(await seriousA11yViolations(page)).toEqual([])
    // The arrows: at the start of a row that holds more than a screen, back is off and forward on.
    const featured = page.locator('[data-testid=home-rail][data-category=featured]')
    await expect(featured.getByTestId('home-rail-prev')).toBeDisabled()
    await expect(featured.getByTestId('home-rail-next')).toBeEnabled()

    const studio = page.getByTestId('home-provider').first()
    const sysname = await studio.getAttribute('data-provider')
    await studio.scrollIntoViewIfNeeded()
    await studio.click()
    await expect(page).toHaveURL(new RegExp(`/gamehall\\?providers=${sysname}$`))
    const cards = page.getByTestId('hall-grid').getByTestId('game-card')
    await expect(cards.first()).toBeVisible()
    expect(errors).toEqual([])
  })

  test('a player who chose betting at registration finds the live events before the games', async ({ page, baseURL, errors }) => {
    const email = `bettor-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`
    const res = await page.request.post('/api/auth/register', {
      form: { login: email, email, password: 'Orig1nal-Pass', currency: 'EUR', notify: '0', is_betting: '1' },
      headers: { origin: baseURL! },
    })
    expect(res.status(), await res.text()).toBe(200)
    await gotoHydrated(page, '/')
    const home = page.getByTestId('page-index')
    await expect(home).toHaveAttribute('data-emphasis', 'betting')
    // In the server's HTML already: the live events come before the first rail of games.
    const order = await home.evaluate((el) => {
      const live = el.querySelector('[data-testid=live-rail]')
      const games = el.querySelector('[data-testid=home-rail]')
      return live && games ? live.compareDocumentPosition(games) & Node.DOCUMENT_POSITION_FOLLOWING : -1
    })
    expect(order).toBeGreaterThan(0)
    expect(errors).toEqual([])
  })
})
