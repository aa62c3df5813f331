import { describe, expect, it } from 'vitest'
import { LOCALE_SWITCH_PATH, localeSwitchHref, localeSwitchTarget, switchBackTarget } from './preferences'

const HOSTILE = ['//evil.example/x', '/\\evil.example', '/%5Cevil.example', 'https://evil.example/', 'javascript:alert(1)', '/\t/evil.example', '', null, 42, ['/a']]

describe('the no-JavaScript switches', () => {
  it('link to the locale switch with the page to come back to', () => {
    const href = localeSwitchHref('de', '/es/gamehall?category=slots&x=1')
    expect(href.startsWith(`${LOCALE_SWITCH_PATH}?`)).toBe(true)
    const query = new URLSearchParams(href.split('?')[1])
    expect(query.get('locale')).toBe('de')
    expect(query.get('back')).toBe('/es/gamehall?category=slots&x=1')
  })

  it('send a locale switch to the same page in the chosen locale, keeping the query', () => {
    expect(localeSwitchTarget('/es/gamehall?category=slots', 'de')).toBe('/de/gamehall?category=slots')
    expect(localeSwitchTarget('/de/gamehall', 'en')).toBe('/gamehall')
    expect(localeSwitchTarget('/gamehall?x=1', 'pt')).toBe('/pt/gamehall?x=1')
    expect(localeSwitchTarget('/es', 'en')).toBe('/')
    expect(localeSwitchTarget('/', 'es')).toBe('/es')
  })

  it('go home, never elsewhere, for a target the redirect rule refuses', () => {
    for (const back of HOSTILE) {
      expect(switchBackTarget(back), String(back)).toBe('/')
      expect(localeSwitchTarget(back, 'es'), String(back)).toBe('/es')
    }
    expect(switchBackTarget('/promotions?a=1')).toBe('/promotions?a=1')
  })
})
