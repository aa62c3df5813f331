import { describe, expect, it } from 'vitest'
import { GAME_STATE_ID, serializeGameState } from './game-state'
import { renderGamePage } from './render-game-page'

const ssr = { appEnv: 'demo', localePreloads: (locale: string) => [`/assets/chunks/catalog.${locale}-x.js`] }
const page = (url: string, headers: Record<string, string> = {}) =>
  renderGamePage({ urlOriginal: url, sysname: url.split('/')[3] ?? '', headers, ssr, nonce: 'n0nce' })

function stateOf(html: string) {
  const match = new RegExp(`<script type="application/json" id="${GAME_STATE_ID}" nonce="n0nce">(.*?)</script>`).exec(html)
  return JSON.parse(match![1]!) as { title: { sysname: string } | null; locale: string; mode: string }
}

describe('the game client page (/platform/game/{sysname}/play)', () => {
  it('renders the title’s table, loading, in the locale of ?locale= or the cookie, and the theme of its cookie', async () => {
    const result = await page('/platform/game/dice-classic/play?locale=es', { cookie: 'locale=de; theme=light' })
    expect(result.kind).toBe('html')
    if (result.kind !== 'html') return
    expect(result.status).toBe(200)
    expect(result.html).toContain('<html lang="es" data-theme="light"')
    expect(result.html).toContain('<title>Dados Clásico · Royal Ace</title>')
    expect(result.html).toContain('data-state="game.loading"')
    expect(result.html).toContain('<link rel="modulepreload" href="/assets/chunks/catalog.es-x.js" />')
    expect(result.html).toContain('<meta name="robots" content="noindex, nofollow" />')
    expect(stateOf(result.html)).toMatchObject({ title: { sysname: 'dice-classic' }, locale: 'es', mode: 'real' })
    const cookieOnly = await page('/platform/game/dice-classic/play?mode=fun', { cookie: 'locale=pt' })
    expect(cookieOnly.kind === 'html' && cookieOnly.html).toContain('<html lang="pt" data-theme="dark"')
    expect(cookieOnly.kind === 'html' && stateOf(cookieOnly.html).mode).toBe('fun')
  })

  it('draws the one-row header from the first paint when the site’s game page frames it (?in=site)', async () => {
    const inSite = await page('/platform/game/dice-classic/play?locale=en&in=site', {})
    const alone = await page('/platform/game/dice-classic/play?locale=en', {})
    if (inSite.kind !== 'html' || alone.kind !== 'html') throw new Error('expected pages')
    expect(JSON.parse(/"inSite":(true|false)/.exec(inSite.html)![1]!)).toBe(true)
    expect(inSite.html).toContain('data-testid="close-button"')
    expect(alone.html).not.toContain('data-testid="close-button"')
  })

  it('answers an unknown title with a 404 page in the player’s language', async () => {
    const result = await page('/platform/game/no-such-game/play', { cookie: 'locale=de' })
    expect(result).toMatchObject({ kind: 'html', status: 404 })
    if (result.kind !== 'html') return
    expect(result.html).toContain('<title>Spiel nicht gefunden · Royal Ace</title>')
    expect(result.html).toContain('data-testid="game-not-found"')
    expect(stateOf(result.html).title).toBeNull()
  })

  it('gives a crawler the 404 status and no page (SPEC §2.5)', async () => {
    const result = await page('/platform/game/no-such-game/play', { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' })
    expect(result).toEqual({ kind: 'crawler-error', status: 404, path: '/platform/game/no-such-game/play' })
  })

  it('keeps a title’s text from closing its script', () => {
    const text = serializeGameState({ title: null, locale: 'en', mode: 'real', inSite: false, appEnv: '</script><script>alert(1)</script>\u2028' })
    expect(text).not.toContain('<')
    expect(JSON.parse(text).appEnv).toBe('</script><script>alert(1)</script>\u2028')
  })
})
