// The game studios page (SPEC §2.1 /providers; docs/games.md#the-hall-the-game-page-favourites): a
// visitor sees the seeded studios with their logos and counts, in the server's HTML, and a studio
// leads to the hall narrowed to it.
import { STUDIO_TITLES } from '../src/shared/games/catalogue'
import { STUDIOS } from '../src/shared/games/titles/title'
import { expect, gotoHydrated, seriousA11yViolations, test } from './fixtures'

const SEEDED = (['northlight', 'redfox', 'tidewater'] as const).map((sysname) => ({ sysname, name: STUDIOS[sysname].name, games: STUDIO_TITLES.filter((t) => t.studio === sysname).length }))

test.describe('the game studios page', () => {
  test('a visitor sees the seeded studios, opens one and lands on the hall filtered by it @phone', async ({ page, errors }) => {
    // The cards are in the server's HTML: a crawler sees the studios and their links.
    const html = await (await page.request.get('/providers')).text()
    for (const studio of SEEDED) expect(html).toContain(`href="/gamehall?providers=${studio.sysname}"`)

    await gotoHydrated(page, '/providers')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Game providers')
    const list = page.getByRole('list', { name: 'Game providers' })
    const cards = list.getByRole('link')
    await expect(cards).toHaveCount(SEEDED.length)
    for (const studio of SEEDED) {
      const card = list.getByRole('link', { name: `${studio.name} ${studio.games} games` })
      await expect(card).toHaveAttribute('href', `/gamehall?providers=${studio.sysname}`)
      const logo = card.getByRole('img', { name: `${studio.name} logo` })
      await expect(logo).toHaveAttribute('src', /^\/_ipx\/.+images\/providers\/.+\.svg$/)
      // The logo loaded through the image pipeline (a broken one would be the fallback).
      await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0 && !img.currentSrc.includes('fallback'))).toBe(true)
    }
    expect(await seriousA11yViolations(page)).toEqual([])

    // By keyboard: the first card takes the focus and Enter follows it.
    const first = SEEDED[0]!
    await list.getByRole('link').first().focus()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(new RegExp(`/gamehall\\?providers=${first.sysname}$`))
    await expect(page.getByTestId('hall-provider')).toHaveValue(first.sysname)
    await expect(page.getByTestId('hall-count')).toHaveText(`${first.games} games`)
    const studios = await page.getByTestId('game-card').locator('p').allTextContents()
    expect(new Set(studios)).toEqual(new Set([first.name]))

    // Back, and a click on another studio.
    await page.goBack()
    const redfox = SEEDED.find((s) => s.sysname === 'redfox')!
    await page.getByRole('link', { name: `${redfox.name} ${redfox.games} games` }).click()
    await expect(page).toHaveURL(/\/gamehall\?providers=redfox$/)
    await expect(page.getByTestId('games-hall')).toHaveAttribute('data-view', 'games')
    expect(new Set(await page.getByTestId('game-card').locator('p').allTextContents())).toEqual(new Set([redfox.name]))
    expect(errors).toEqual([])
  })
})
