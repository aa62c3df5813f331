import { describe, expect, it } from 'vitest'
import type { PageSeo } from '../services/seo/page-seo'
import { headTags } from './head'

const seo: PageSeo = { title: 'Royal Ace', description: '', canonical: 'https://casino.example/', alternates: [], robots: null, meta: [], jsonLd: [] }
const base = { seo }

describe('head favicon links', () => {
  it('writes one link per favicon, with the sizes its file name gives', () => {
    const head = headTags(base)
    expect(head).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml" sizes="any" />')
    expect(head).toContain('<link rel="icon" href="/favicon-32x32.png" type="image/png" sizes="32x32" />')
    expect(head).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon-180x180.png" type="image/png" sizes="180x180" />')
  })

  it('takes another list in one argument, dropping what is no icon', () => {
    const head = headTags({ ...base, favicons: ['/brand/icon-48x48.png', '/x" onerror="alert(1).png', '/readme.txt'] })
    expect(head).toContain('<link rel="icon" href="/brand/icon-48x48.png" type="image/png" sizes="48x48" />')
    expect(head).not.toContain('onerror')
    expect(head).not.toContain('readme')
    expect(head).not.toContain('/favicon.svg')
  })
})
