// Every title of the studio plays in chromium, on a visitor's demo purse and for a player's real
// money: one round each, to its end, through the game client. Forty-odd tables take minutes, so the
// journey is not part of `npm run test:e2e`: `npm run test:e2e:titles` runs it (docs/games.md).
import { registerLoggedInPlayer } from './accounts'
import { expect, gotoHydrated, test } from './fixtures'
import { client, credit, finishRound } from './games'
import { STUDIO_TITLES } from '../src/shared/games/catalogue'

type Round = { game: string; mode: string; status: string }

// Crash is one round shared by everyone: its own journey (crash.spec.ts) bets in it.
const TABLES = STUDIO_TITLES.filter((t) => t.kind !== 'crash').map((t) => t.sysname)

for (const mode of ['demo', 'real'] as const) {
  test(`@all-titles every title plays a round on the ${mode} balance`, async ({ page, baseURL, errors }) => {
    test.setTimeout(TABLES.length * 30_000)
    if (mode === 'real') {
      await registerLoggedInPlayer(page.request, baseURL!, 'all-titles')
      await credit(page.request, '1000')
    }
    for (const game of TABLES) {
      await gotoHydrated(page, `/platform/game/${game}/play`)
      await expect(client(page), game).toHaveAttribute('data-state', 'game.idle')
      if (game === TABLES[0]) await page.getByTestId('turbo-toggle').click()
      await page.getByTestId('spin-button').click()
      await finishRound(page)
      const rounds = (await (await page.request.get(`/api/games/rounds?game=${game}`)).json()) as { data: Round[] }
      expect(rounds.data[0], game).toMatchObject({ game, mode, status: 'settled' })
    }
    expect(errors).toEqual([])
  })
}
