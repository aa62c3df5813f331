import { gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { StaticParts, StoredPage, acceptsGzip } from './stored-page'

const PLACEHOLDER = 'PLACEHOLDER0123456789abcdef'

describe('StoredPage', () => {
  const css = 'body{color:red}'.repeat(4000)
  const body = `<!doctype html><style nonce="${PLACEHOLDER}">${css}</style><p>Olá €</p><script nonce="${PLACEHOLDER}">go()</script>${PLACEHOLDER}${PLACEHOLDER}`
  const page = new StoredPage(200, [['content-type', 'text/html']], body, PLACEHOLDER)

  it('gives each answer its nonce in every place', () => {
    const a = page.identity('AAAAAAAAAAAAAAAAAAAAAA==')
    const b = page.identity('BBBBBBBBBBBBBBBBBBBBBB==')
    expect(a.toString('utf8')).toBe(body.replaceAll(PLACEHOLDER, 'AAAAAAAAAAAAAAAAAAAAAA=='))
    expect(b.toString('utf8')).toBe(body.replaceAll(PLACEHOLDER, 'BBBBBBBBBBBBBBBBBBBBBB=='))
  })

  it('gzips to exactly those bytes, checksum and length included, and much smaller', () => {
    for (const nonce of ['Zm9vYmFyYmF6cXV4cXV1eA==', 'x']) {
      const zipped = page.gzip(nonce)
      expect(gunzipSync(zipped).toString('utf8')).toBe(body.replaceAll(PLACEHOLDER, nonce))
      expect(zipped.length).toBeLessThan(Buffer.byteLength(body) / 20)
    }
  })

  it('gzips a page with no placeholder and one that is only placeholders', () => {
    expect(gunzipSync(new StoredPage(200, [], 'plain', PLACEHOLDER).gzip('n')).toString()).toBe('plain')
    expect(gunzipSync(new StoredPage(200, [], PLACEHOLDER.repeat(3), PLACEHOLDER).gzip('n')).toString()).toBe('nnn')
    expect(gunzipSync(new StoredPage(200, [], '', PLACEHOLDER).gzip('n')).toString()).toBe('')
  })
})

describe('static parts', () => {
  it('go out as their text and share their compressed bytes between pages', () => {
    const statics = new StaticParts()
    const css = 'a{color:blue}'.repeat(2000)
    const token = statics.token(css)
    expect(statics.token(css)).toBe(token)
    const pages = ['one', 'two'].map((name) => new StoredPage(200, [], `<style nonce="${PLACEHOLDER}">${token}</style><p>${name}</p>`, PLACEHOLDER, statics))
    for (const [i, page] of pages.entries()) {
      const want = `<style nonce="N${i}">${css}</style><p>${i ? 'two' : 'one'}</p>`
      expect(page.identity(`N${i}`).toString()).toBe(want)
      expect(gunzipSync(page.gzip(`N${i}`)).toString()).toBe(want)
    }
    expect(statics.parts.get(token)!.deflated()).toBe(statics.parts.get(token)!.deflated())
  })

  it('leave a token of another registry as text', () => {
    const other = new StaticParts().token('x')
    const page = new StoredPage(200, [], `a${other}b`, PLACEHOLDER, new StaticParts())
    expect(page.identity('n').toString()).toBe(`a${other}b`)
  })
})

describe('acceptsGzip', () => {
  it.each([
    ['gzip, deflate, br', true],
    ['br;q=1.0, gzip;q=0.8', true],
    ['br', false],
    ['gzip;q=0', false],
    ['*', true],
    ['*;q=0, br', false],
    ['br, *;q=0.1', true],
    ['identity', false],
    [undefined, false],
  ] as const)('%s → %s', (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected)
  })
})
