import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { StaticParts } from './http/stored-page'
import { createStyleInliner } from './inline-styles'
import { TEST_TMPDIR } from './test/harness'

const clientDir = mkdtempSync(join(TEST_TMPDIR, 'casino-styles-'))
mkdirSync(join(clientDir, 'assets/static'), { recursive: true })
const CSS = '@layer reset, base;body{color:#eef1f6}.quote::after{content:"</style><script>alert(1)</script>"}'
writeFileSync(join(clientDir, 'assets/static/index-Abc12345.css'), CSS)
writeFileSync(join(clientDir, 'assets/static/big-Def67890.css'), 'a{color:red}'.repeat(100))
writeFileSync(join(TEST_TMPDIR, 'outside-styles.css'), 'secret{}')
afterAll(() => {
  rmSync(clientDir, { recursive: true, force: true })
  rmSync(join(TEST_TMPDIR, 'outside-styles.css'), { force: true })
})

const page = (links: string) => `<!doctype html>
<html lang="en">
  <head>
    ${links}
    <meta charset="utf-8" />
    <title>Casino</title>
  </head>
  <body><div id="root">Hello</div></body>
</html>`

describe('the stylesheet carried in the page', () => {
  const inline = createStyleInliner(clientDir, 1000)

  it('replaces the link with a <style> carrying the nonce, at the end of the head', () => {
    const html = inline(page('<link rel="stylesheet" type="text/css" href="/assets/static/index-Abc12345.css">'), 'n0nce')
    // The link stays, disabled: never fetched, and it tells Vite's loader the rules are here.
    expect(html).toContain('<link rel="stylesheet" href="/assets/static/index-Abc12345.css" disabled />')
    expect(html.match(/<link rel="stylesheet"/g)).toHaveLength(1)
    expect(html).toContain('<style nonce="n0nce">@layer reset, base;body{color:#eef1f6}')
    // <meta charset> stays ahead of the stylesheet, within the first 1024 bytes.
    expect(html.indexOf('<meta charset')).toBeLessThan(html.indexOf('<style'))
    expect(html.indexOf('<style')).toBeLessThan(html.indexOf('</head>'))
    // Nothing in the stylesheet can close the <style> element and start a script.
    expect(html.match(/<\/style/gi)).toHaveLength(1)
    expect(html).toContain('<div id="root">Hello</div>')
  })

  it('keeps the link for a stylesheet too large, missing, or outside the build', () => {
    for (const href of ['/assets/static/big-Def67890.css', '/assets/static/gone-00000000.css', '/assets/../../outside-styles.css']) {
      const link = `<link rel="stylesheet" type="text/css" href="${href}">`
      const html = inline(page(link), 'n0nce')
      expect(html, href).toContain(link)
      expect(html, href).not.toContain('<style')
    }
  })

  it('puts a static part token in place of the text when given a registry', () => {
    const statics = new StaticParts()
    const html = createStyleInliner(clientDir, 1000, statics)(page('<link rel="stylesheet" href="/assets/static/index-Abc12345.css">'), 'n0nce')
    const token = /<style nonce="n0nce">([^<]+)<\/style>/.exec(html)?.[1]
    expect(token).toMatch(statics.pattern)
    expect(statics.parts.get(token!)!.bytes.toString()).toContain('@layer reset, base;body{color:#eef1f6}')
  })

  it('leaves a page without a head or without stylesheets as it was', () => {
    expect(inline('<p>plain</p>', 'n')).toBe('<p>plain</p>')
    expect(inline(page(''), 'n')).toBe(page(''))
  })
})
