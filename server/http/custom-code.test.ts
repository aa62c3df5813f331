import { describe, expect, it } from 'vitest'
import type { CustomCodeEntry } from '../domain/content/custom-code-schema'
import { injectCustomCode } from './custom-code'

const PAGE = '<!doctype html><html><head><title>x</title></head><body class="a"><div id="root"></div><script type="application/json">{}</script></body></html>'
const entry = (over: Partial<CustomCodeEntry>): CustomCodeEntry => ({ id: 'e', isEnabled: true, position: 'head', code: '<meta name="a" content="b" />', consentCategory: 'necessary', ...over })

describe('custom code', () => {
  it('puts enabled entries at head, bodyStart and bodyEnd, scripts with the nonce and consent category', () => {
    const { html, problems } = injectCustomCode(
      PAGE,
      [
        entry({ id: 'verify' }),
        entry({ id: 'gtm', position: 'bodyStart', code: '<noscript><iframe src="https://gtm.example/ns"></iframe></noscript>', consentCategory: 'analytics' }),
        entry({ id: 'chat', position: 'bodyEnd', code: '<script src="https://chat.example/w.js" async></script><script>window.chat=1</script>', consentCategory: 'marketing' }),
        entry({ id: 'off', isEnabled: false, position: 'bodyEnd', code: '<script>disabled()</script>' }),
      ],
      'N0NCE',
      { analytics: true, marketing: true },
    )
    expect(problems).toEqual([])
    expect(html).toContain('<meta name="a" content="b" /></head>')
    expect(html).toContain('<body class="a"><noscript><iframe src="https://gtm.example/ns"></iframe></noscript><div id="root">')
    expect(html).toContain(
      '<script type="application/json">{}</script><script nonce="N0NCE" data-consent="marketing" data-custom-code="chat" src="https://chat.example/w.js" async></script><script nonce="N0NCE" data-consent="marketing" data-custom-code="chat">window.chat=1</script></body>',
    )
    expect(html).not.toContain('disabled()')
  })

  it('leaves out an entry that cannot go in, reporting it with its position, and keeps the others', () => {
    const { html, problems } = injectCustomCode(
      PAGE,
      [
        entry({ id: 'unclosed', position: 'bodyEnd', code: '<script>alert(1)' }),
        entry({ id: 'div-in-head', code: '<div>hello</div>' }),
        entry({ id: 'closes-body', position: 'bodyStart', code: '</body><script>x()</script>' }),
        entry({ id: 'own-nonce', position: 'bodyEnd', code: '<script nonce="guess">x()</script>' }),
        entry({ id: 'fine', position: 'bodyEnd', code: '<script>ok()</script>' }),
      ],
      'N',
      null,
    )
    expect(problems.map((p) => [p.position, p.entry])).toEqual([
      ['head', 'div-in-head'],
      ['bodyStart', 'closes-body'],
      ['bodyEnd', 'unclosed'],
      ['bodyEnd', 'own-nonce'],
    ])
    expect(html).toContain('ok()</script></body>')
    expect(html).not.toContain('alert(1)')
    expect(html).not.toContain('<div>hello')
  })

  it('puts in only the entries whose category the visitor granted; no choice yet is necessary only', () => {
    const entries = [
      entry({ id: 'always', position: 'bodyEnd', code: '<script>always()</script>' }),
      entry({ id: 'stats', position: 'bodyEnd', code: '<script>stats()</script>', consentCategory: 'analytics' }),
      entry({ id: 'ads', position: 'bodyEnd', code: '<script>ads()</script>', consentCategory: 'marketing' }),
    ]
    const page = (choice: Parameters<typeof injectCustomCode>[3]) => injectCustomCode(PAGE, entries, 'N', choice).html
    expect(page(null)).toContain('always()')
    expect(page(null)).not.toMatch(/stats\(\)|ads\(\)/)
    expect(page({ analytics: true, marketing: false })).toContain('stats()')
    expect(page({ analytics: true, marketing: false })).not.toContain('ads()')
    expect(page({ analytics: false, marketing: true })).toMatch(/always\(\)[\s\S]*ads\(\)/)
  })
})
