import { describe, expect, it } from 'vitest'
import { sanitizeSvg, SvgRejected, SVG_MAX_BYTES } from './svg-sanitize'

const icon = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M4 4h16" stroke="currentColor"/></svg>'

describe('sanitizeSvg', () => {
  it('keeps a plain icon as it was', () => {
    expect(sanitizeSvg(icon)).toBe(icon)
    expect(sanitizeSvg(`<?xml version="1.0"?>\n<!-- made by hand -->\n${icon}\n`)).toBe(icon)
  })

  it('keeps gradients, fragment references and their camel-cased names', () => {
    const svg =
      '<svg viewBox="0 0 10 10"><defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient></defs><rect width="10" height="10" fill="url(#g)"/><use href="#g"/></svg>'
    const out = sanitizeSvg(svg)
    expect(out).toContain('<linearGradient id="g">')
    expect(out).toContain('fill="url(#g)"')
    expect(out).toContain('<use href="#g"/>')
  })

  const hostile: [string, string][] = [
    ['a script element', `<svg><script>alert(1)</script>${'<path d="M0 0"/>'}</svg>`],
    ['an event handler', '<svg onload="alert(1)"><path d="M0 0" onclick="alert(2)" ONMOUSEOVER="x"/></svg>'],
    ['a javascript link', '<svg><a href="javascript:alert(1)"><path d="M0 0"/></a></svg>'],
    ['an external use', '<svg><use href="https://evil.example/s.svg#x"/><use xlink:href="data:image/svg+xml,x"/></svg>'],
    ['a foreignObject', '<svg><foreignObject><iframe src="https://evil.example"></iframe></foreignObject></svg>'],
    ['an external image', '<svg><image href="https://evil.example/track.png"/></svg>'],
    ['a style element', '<svg><style>@import url(https://evil.example/x.css)</style></svg>'],
    ['a style attribute', '<svg><path style="background:url(https://evil.example/x)" d="M0 0"/></svg>'],
    ['an external url() in a fill', '<svg><path fill="url(https://evil.example/p#x)" d="M0 0"/></svg>'],
    ['an encoded javascript: scheme', '<svg><use href="&#106;avascript:alert(1)"/></svg>'],
    ['an animation that sets an href', '<svg><set attributeName="href" to="javascript:alert(1)"/></svg>'],
  ]
  it.each(hostile)('removes %s', (_name, svg) => {
    const out = sanitizeSvg(svg).toLowerCase()
    for (const bad of ['script', 'alert', 'evil.example', 'foreignobject', 'iframe', 'javascript', 'onload', 'onclick', 'onmouseover', 'style', '<image', '<a ', '<set', 'data:']) {
      expect(out).not.toContain(bad)
    }
    expect(out.startsWith('<svg')).toBe(true)
  })

  it.each([
    ['a DOCTYPE with entities', '<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg>&x;</svg>'],
    ['a CDATA section', '<svg><script><![CDATA[alert(1)]]></script></svg>'],
    ['an unknown entity', '<svg><text>&x;</text></svg>'],
    ['an HTML root', '<html><body><svg/></body></html>'],
    ['two roots', '<svg/><svg/>'],
    ['text around the root', 'hello<svg/>'],
    ['unclosed tags', '<svg><g>'],
    ['mismatched tags', '<svg><g></svg></g>'],
    ['unquoted attributes', '<svg width=10/>'],
    ['not markup at all', 'GIF89a\u0000\u0001'],
    ['nothing', ''],
  ])('refuses %s', (_name, svg) => {
    expect(() => sanitizeSvg(svg)).toThrow(SvgRejected)
  })

  it('refuses a huge document instead of reading it', () => {
    expect(() => sanitizeSvg(`<svg>${' '.repeat(SVG_MAX_BYTES)}</svg>`)).toThrow(/too large/)
  })

  it('escapes what it writes, so attribute values cannot break out', () => {
    const out = sanitizeSvg('<svg><text x="1&quot; onload=&quot;alert(1)">&lt;script&gt;</text></svg>')
    expect(out).toBe('<svg xmlns="http://www.w3.org/2000/svg"><text x="1&quot; onload=&quot;alert(1)">&lt;script&gt;</text></svg>')
  })
})
