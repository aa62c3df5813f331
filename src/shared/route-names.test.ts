import { describe, expect, it } from 'vitest'
import { isCrawler } from './crawler'
import { baseRouteName, isChatBadgeVisible, isSameRoute } from './route-names'

describe('route names', () => {
  it('are compared without their locale suffix', () => {
    expect(baseRouteName('betting___es')).toBe('betting')
    expect(baseRouteName('betting___xx')).toBe('betting___xx')
    expect(isSameRoute('game.sysname___de', 'game.sysname')).toBe(true)
    expect(isSameRoute('gamehall', 'game')).toBe(false)
  })

  it('hide the chat badge on betting and game pages in every locale', () => {
    for (const name of ['betting', 'betting___pt', 'game.sysname', 'game.sysname___es', 'game.index.sysname___de']) expect(isChatBadgeVisible(name), name).toBe(false)
    for (const name of ['index', 'gamehall', 'bettingx', null]) expect(isChatBadgeVisible(name), String(name)).toBe(true)
  })
})

describe('crawlers', () => {
  it('are told from players by their user agent', () => {
    for (const ua of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
      'Mozilla/5.0 (compatible; YandexBot/3.0)',
      'facebookexternalhit/1.1',
      'Mozilla/5.0 (compatible; AhrefsBot/7.0)',
    ])
      expect(isCrawler(ua), ua).toBe(true)
    for (const ua of ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1', '', undefined])
      expect(isCrawler(ua), String(ua)).toBe(false)
  })
})
