import { describe, expect, it } from 'vitest'
import { CHAT_VENDORS } from './vendors'
import { createLauncherHider } from './launcher'
import { createChatVendorPage } from './widget'
import { createScriptLoader } from '../analytics/script-loader'

/** The parts of a document the hider uses: adopted sheets, and a selector parser that refuses what a browser would. */
function fakeDocument() {
  class Sheet {
    text = ''
    replaceSync(text: string) {
      this.text = text
    }
  }
  const doc = {
    defaultView: { CSSStyleSheet: Sheet },
    adoptedStyleSheets: [] as Sheet[],
    querySelector(selector: string) {
      if (selector.trim() === '' || /[!]|^>|,$/.test(selector)) throw new SyntaxError(`'${selector}' is not a valid selector`)
      return null
    },
  }
  return { doc, css: () => doc.adoptedStyleSheets.map((s) => s.text).join('') }
}

describe('the vendor launcher hider', () => {
  it('hides what the selector matches with one adopted sheet, and shows it again by emptying it', () => {
    const { doc, css } = fakeDocument()
    const hider = createLauncherHider(doc as unknown as Document)
    hider.set('jdiv', true)
    expect(css()).toBe('jdiv { display: none !important; }')
    hider.set('jdiv', true)
    expect(doc.adoptedStyleSheets).toHaveLength(1)
    hider.set('jdiv', false)
    expect(css()).toBe('')
    expect(doc.adoptedStyleSheets).toHaveLength(1)
  })

  it('adds no sheet only to show', () => {
    const { doc } = fakeDocument()
    createLauncherHider(doc as unknown as Document).set('#fc_frame', false)
    expect(doc.adoptedStyleSheets).toEqual([])
  })

  it('refuses a selector that carries rules of its own or does not parse', () => {
    const { doc, css } = fakeDocument()
    const hider = createLauncherHider(doc as unknown as Document)
    for (const bad of ['jdiv { } body', 'x; @import url(//evil)', 'a\\7b', '!!', '']) hider.set(bad, true)
    expect(css()).toBe('')
  })
})

describe('the page chat shows and hides the vendor’s launcher', () => {
  const loader = createScriptLoader({ document: { createElement: () => ({ dataset: {} }) as never, head: { appendChild: () => undefined } as never, querySelector: () => null } })

  it('by the adapter’s selector, or the one the config names', () => {
    const { doc, css } = fakeDocument()
    const page = createChatVendorPage({ win: {}, loader, launchers: createLauncherHider(doc as unknown as Document) })
    page.showLauncher({ kind: 'jivoSite', config: { scriptUrl: '/chat.js' } }, false)
    expect(css()).toBe(`${CHAT_VENDORS.jivoSite.launcherSelector({})} { display: none !important; }`)
    page.showLauncher({ kind: 'jivoSite', config: { scriptUrl: '/chat.js', launcherSelector: '#our-launcher' } }, false)
    expect(css()).toBe('#our-launcher { display: none !important; }')
    page.showLauncher({ kind: 'jivoSite', config: { scriptUrl: '/chat.js' } }, true)
    expect(css()).toBe('')
  })

  it('leaves a vendor with no known launcher alone', () => {
    const { doc } = fakeDocument()
    const page = createChatVendorPage({ win: {}, loader, launchers: createLauncherHider(doc as unknown as Document) })
    page.showLauncher({ kind: 'comm100', config: {} }, false)
    page.showLauncher({ kind: 'verbox', config: { scriptUrl: '/v.js' } }, false)
    expect(doc.adoptedStyleSheets).toEqual([])
  })
})
