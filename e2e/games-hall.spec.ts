// The games hall and the game page (docs/games.md#the-hall): a visitor finds a game by a typo'd
// search, narrows the hall to one studio, opens the game and plays it for fun inside the site; a
// visitor asking for real money is asked to register; a player plays for real money and the
// header's balance follows the game; a player narrows the hall to their favourites.
import { registerLoggedInPlayer } from './accounts'
import { expect, gotoHydrated, seriousA11yViolations, test } from './fixtures'
import { credit } from './games'

test.describe('the games hall', () => {
  test('a visitor searches with a typo, filters by studio, and the address reproduces the view', async ({ page, errors }) => {
    await gotoHydrated(page, '/gamehall')
    const hall = page.getByTestId('games-hall')
    await expect(page.getByTestId('game-card').first()).toBeVisible()
    // The first page is in the server's HTML: a crawler sees the games.
    const html = await (await page.request.get('/gamehall')).text()
    expect(html).toContain('data-testid="game-card"')

    await page.getByTestId('hall-search').fill('auroa lantrens')
    await expect(page).toHaveURL(/query=auroa\+lantrens/)
    await expect(page.getByTestId('game-card').first()).toHaveAttribute('data-game', 'aurora-lanterns')
    await expect(page.getByTestId('hall-count')).toContainText('for “auroa lantrens”')

    await page.getByTestId('hall-search-clear').click()
    await page.getByTestId('hall-provider').selectOption('redfox')
    await expect(page).toHaveURL(/providers=redfox/)
    await expect(hall).toHaveAttribute('data-view', 'games')
    // The previous games stay on show, dimmed, until the studio's arrive: read the grid once it is not busy.
    await expect(page.getByTestId('hall-grid')).toHaveAttribute('aria-busy', 'false')
    const studios = await page.getByTestId('game-card').locator('p').allTextContents()
    expect(new Set(studios)).toEqual(new Set(['Red Fox Games']))

    // A link reproduces the view; the back button undoes the filter.
    await gotoHydrated(page, `/gamehall?providers=redfox&sort=name&order=asc`)
    await expect(page.getByTestId('hall-sort')).toHaveValue('name:asc')
    const titles = await page.getByTestId('game-card').locator('h3').allTextContents()
    expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b)))

    // A search that finds nothing offers the way back.
    await page.getByTestId('hall-search').fill('zzqxw')
    await expect(page.getByTestId('hall-empty')).toContainText('No games match “zzqxw”.')
    await page.getByTestId('hall-reset').click()
    await expect(page.getByTestId('game-card').first()).toBeVisible()
    await expect(page).toHaveURL(/\/gamehall$/)
    expect(await seriousA11yViolations(page)).toEqual([])
    expect(errors).toEqual([])
  })

  test('garbage in the address is a sensible hall, an unknown category the whole hall, an unknown game a 404', async ({ page }) => {
    await gotoHydrated(page, '/gamehall?sort=drop&order=sideways&offset=-4&count=abc&providers=%00,BAD,redfox&types=nope')
    await expect(page.getByTestId('games-hall')).toHaveAttribute('data-view', 'games')
    await expect(page.getByTestId('hall-provider')).toHaveValue('redfox')
    // A search pasted 10,000 characters long is sent cut to 100; the field keeps what was pasted.
    await page.getByTestId('hall-search').fill('x'.repeat(10_000))
    await expect(page).toHaveURL(new RegExp(`query=${'x'.repeat(100)}(&|$)`))
    await expect(page.getByTestId('hall-empty')).toBeVisible()
    // An address past 2,048 characters is the site's own "address too long" page, never a 500.
    const long = await page.request.get(`/gamehall?query=${'x'.repeat(10_000)}`)
    expect(long.status()).toBe(414)
    await gotoHydrated(page, '/gamehall/no-such-category')
    await expect(page).toHaveURL(/\/gamehall$/)
    await gotoHydrated(page, '/gamehall?category=slots')
    await expect(page).toHaveURL(/\/gamehall\/slots$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Slots')
    const missing = await page.request.get('/game/no-such-game')
    expect(missing.status()).toBe(404)
  })
})

test.describe('the games search popup', () => {
  test('the header’s search finds games as the player types, opens one, or the hall with the search', async ({ page }) => {
    await gotoHydrated(page, '/promotions')
    await page.getByTestId('header-search').click()
    const popup = page.getByRole('dialog', { name: 'Search games' })
    await expect(popup.getByTestId('games-search-input')).toBeFocused()
    await popup.getByTestId('games-search-input').fill('rocket crsh')
    await expect(popup.getByTestId('games-search-result').first()).toHaveAttribute('data-game', 'rocket-crash')
    await popup.getByTestId('games-search-input').press('Enter')
    await expect(page).toHaveURL(/\/gamehall\?query=rocket\+crsh$/)
    await expect(page.getByTestId('game-card').first()).toHaveAttribute('data-game', 'rocket-crash')
    await page.getByTestId('header-search').click()
    await page.getByTestId('games-search-input').fill('dice clasic')
    await page.locator('[data-testid="games-search-result"][data-game="dice-classic"]').click()
    await expect(page).toHaveURL(/\/game\/dice-classic#real$/)
  })
})

test.describe('favourites', () => {
  test('a player hearts a game and finds it hearted after a reload; a visitor is asked to log in', async ({ page, baseURL }) => {
    await gotoHydrated(page, '/gamehall')
    await page.locator('[data-game="thin-ice"]').getByTestId('favourite-toggle').click()
    await expect(page.getByRole('dialog')).toBeVisible()
    await page.keyboard.press('Escape')

    await registerLoggedInPlayer(page.request, baseURL!, 'favourites')
    await gotoHydrated(page, '/gamehall')
    const heart = page.locator('[data-game="thin-ice"]').getByTestId('favourite-toggle')
    await heart.click()
    await expect(heart).toHaveAttribute('aria-pressed', 'true')
    await expect.poll(async () => ((await (await page.request.get('/api/games/getLikes')).json()) as { data: string[] }).data).toEqual(['thin-ice'])
    await page.reload()
    await expect(page.locator('[data-game="thin-ice"]').getByTestId('favourite-toggle')).toHaveAttribute('aria-pressed', 'true')
    await page.locator('[data-game="thin-ice"]').getByTestId('favourite-toggle').click()
    await expect.poll(async () => ((await (await page.request.get('/api/games/getLikes')).json()) as { data: string[] }).data).toEqual([])
  })
})

test.describe('the favourites filter', () => {
  test('a visitor’s ?favourites=1 is every game; a player’s shows how to add favourites, then only their likes, from a link too', async ({ page, baseURL, errors }) => {
    await gotoHydrated(page, '/gamehall?favourites=1')
    const hall = page.getByTestId('games-hall')
    await expect(hall).toHaveAttribute('data-view', 'games')
    await expect(page.getByTestId('hall-favourites')).toHaveCount(0)

    await registerLoggedInPlayer(page.request, baseURL!, 'favourites-filter')
    await gotoHydrated(page, '/gamehall')
    const toggle = page.getByRole('button', { name: 'My favourites' })
    await expect(toggle).toHaveAttribute('aria-pressed', 'false')
    await toggle.click()
    await expect(page).toHaveURL(/\/gamehall\?favourites=1$/)
    await expect(toggle).toHaveAttribute('aria-pressed', 'true')
    const empty = page.getByTestId('hall-empty')
    await expect(empty).toHaveAttribute('data-reason', 'favourites')
    await expect(empty).toContainText('Tap the heart')
    expect(await seriousA11yViolations(page)).toEqual([])

    // Back to every game, one hearted, and the filter keeps it alone.
    await page.getByTestId('hall-reset').click()
    await expect(page).toHaveURL(/\/gamehall$/)
    const card = page.getByTestId('game-card').nth(1)
    const liked = (await card.getAttribute('data-game'))!
    await card.getByTestId('favourite-toggle').click()
    await expect.poll(async () => ((await (await page.request.get('/api/games/getLikes')).json()) as { data: string[] }).data).toEqual([liked])
    await toggle.click()
    await expect(page).toHaveURL(/\/gamehall\?favourites=1$/)
    await expect(page.getByTestId('hall-count')).toHaveText('1 game')
    await expect(page.getByTestId('game-card')).toHaveCount(1)
    await expect(page.getByTestId('game-card')).toHaveAttribute('data-game', liked)

    // A link reproduces it, rendered on the server for the player; with a studio it narrows further.
    const html = await (await page.request.get('/gamehall?favourites=1')).text()
    expect(html.match(/data-testid="game-card"/g)).toHaveLength(1)
    expect(html).toContain(`data-game="${liked}"`)
    await gotoHydrated(page, '/gamehall?favourites=1')
    await expect(page.getByTestId('game-card')).toHaveCount(1)
    await expect(toggle).toHaveAttribute('aria-pressed', 'true')
    await toggle.click()
    await expect(page).toHaveURL(/\/gamehall$/)
    // Every game again, once they have come.
    await expect.poll(() => page.getByTestId('game-card').count()).toBeGreaterThan(1)
    expect(errors).toEqual([])
  })
})

test.describe('the game page', () => {
  test('a visitor opens a game from the hall and plays five rounds for fun inside the site @phone', async ({ page, errors }) => {
    await gotoHydrated(page, '/gamehall?query=dice%20classic')
    await page.locator('[data-game="dice-classic"]').getByTestId('game-card-demo').click()
    await expect(page).toHaveURL(/\/game\/dice-classic$/)
    await expect(page.getByTestId('game-page')).toHaveAttribute('data-mode', 'demo')
    await expect(page.getByTestId('bottom-bar')).toHaveCount(0)
    const game = page.frameLocator('[data-testid="game-frame"]')
    await expect(game.getByTestId('game-client')).toHaveAttribute('data-state', 'game.idle')
    for (let round = 1; round <= 5; round++) {
      await game.getByTestId('spin-button').click()
      await expect(game.getByTestId('game-client')).toHaveAttribute('data-state', 'game.result')
    }
    await expect(game.getByTestId('history-round')).toHaveCount(5)
    expect(errors).toEqual([])
  })

  test('a visitor asking for real money gets the registration popup, and goes home on closing it', async ({ page }) => {
    await gotoHydrated(page, '/game/aurora-lanterns#real')
    const popup = page.getByRole('dialog')
    await expect(popup).toBeVisible()
    await expect(page.getByTestId('game-frame')).toHaveCount(0)
    await popup.getByRole('button', { name: /close/i }).first().click()
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/)
  })

  test('a player short of funds is offered the cashier; with money, plays for real and the header balance follows', async ({ page, baseURL }) => {
    await registerLoggedInPlayer(page.request, baseURL!, 'game-page')
    await gotoHydrated(page, '/game/dice-classic#real')
    await expect(page.getByTestId('game-needs-deposit')).toBeVisible()
    await expect(page.getByTestId('game-deposit')).toHaveAttribute('href', '/cashier/deposit')
    await credit(page.request, '25')
    await page.getByRole('button', { name: 'I have deposited: check again' }).click()
    await expect(page.getByTestId('game-page')).toHaveAttribute('data-mode', 'real')
    const header = page.getByTestId('header-balance')
    await expect(header).toContainText('25.00')
    const game = page.frameLocator('[data-testid="game-frame"]')
    await game.getByTestId('spin-button').click()
    await expect(game.getByTestId('game-client')).toHaveAttribute('data-state', 'game.result')
    const shown = (await game.getByTestId('game-balance-amount').textContent())!
    // The game tells the page its balance moved; the header reads the wallet again.
    await expect(header).toContainText(shown.replace('$', ''))
  })
})
