// The player's own pages at phone width. Their flows (password, limits, exclusion, verification,
// chat and the rest) run once, on desktop; what a phone changes is the layout, checked here page by
// page: the page's own section shows, nothing pushes the page sideways, and axe finds nothing serious.
import { registerLoggedInPlayer } from './accounts'
import { expect, gotoHydrated, seriousA11yViolations, test } from './fixtures'

const PAGES: ReadonlyArray<{ path: string; sections: readonly string[] }> = [
  { path: '/profile/settings', sections: ['profile-details'] },
  { path: '/profile/security', sections: ['change-password'] },
  { path: '/profile/notification', sections: ['notifications'] },
  { path: '/profile/responsible-game', sections: ['session-limit', 'time-out', 'self-exclusion'] },
  { path: '/profile/verification', sections: ['verification'] },
  { path: '/cashier/withdraw', sections: ['cashier-method'] },
  { path: '/support', sections: ['support-chat', 'feedback'] },
]

test('a player’s own pages fit a phone and are accessible @phone', async ({ page, baseURL, errors }, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'a layout check for phone width; the desktop flows cover these pages at 1440 px')
  await registerLoggedInPlayer(page.request, baseURL!, 'phone-pages')
  for (const { path, sections } of PAGES) {
    await gotoHydrated(page, path)
    for (const id of sections) await expect(page.getByTestId(id).first(), `${path} ${id}`).toBeVisible()
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(page.viewportSize()!.width)
    expect(await seriousA11yViolations(page), path).toEqual([])
    await page.screenshot({ path: testInfo.outputPath(`${path.slice(1).replaceAll('/', '-')}.png`), fullPage: true })
  }
  expect(errors).toEqual([])
})
