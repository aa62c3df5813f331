import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { LOCALES } from '../../../src/shared/locales'
import { readContentPage, type ContentReport } from './pages'
import { createContentStore, fileBackend } from './source'
import type { ContentError } from './section'

/** The content the repository ships, CONTENT_DIR's default. */
const SHIPPED = resolve('content')

function contentRoot(files: Record<string, unknown>): string {
  const root = mkdtempSync(join(tmpdir(), 'content-'))
  for (const [path, value] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true })
    writeFileSync(join(root, path), typeof value === 'string' ? value : JSON.stringify(value))
  }
  return root
}

function collect(): { report: ContentReport; problems: { severity: string; error: ContentError }[] } {
  const problems: { severity: string; error: ContentError }[] = []
  return { report: (error, severity) => problems.push({ error, severity }), problems }
}

describe('content pages', () => {
  it('reads a page of the locale and answers null for a missing one', async () => {
    const root = contentRoot({ 'es/pages/about.json': { title: 'Quiénes somos', body: ['Hola'] } })
    expect(await readContentPage('es', 'about', root)).toEqual({
      slug: 'about',
      title: 'Quiénes somos',
      description: 'Hola',
      body: [{ kind: 'paragraph', spans: [{ text: 'Hola' }] }],
      faq: [],
      breadcrumbs: [{ name: 'Quiénes somos', path: '/about' }],
      article: null,
      locales: ['es'],
    })
    expect(await readContentPage('de', 'about', root)).toBeNull()
    expect(await readContentPage('es', 'nope', root)).toBeNull()
  })

  it('parses marks, headings, lists, FAQ, breadcrumbs and article meta', async () => {
    const root = contentRoot({
      'en/pages/guide.json': {
        title: 'Guide',
        description: 'How it works',
        breadcrumbs: [{ name: 'Support', path: '/support' }],
        body: ['A **bold** and *soft* [link](/terms) and [away](https://example.org/x).', { heading: 'Steps' }, { ordered: ['one', 'two'] }, { list: ['a'] }],
        faq: [{ question: 'Why?', answer: 'Because **so**.' }],
        article: { published: '2026-11-01', author: 'Team' },
      },
      'de/pages/guide.json': { title: 'Anleitung', body: [] },
    })
    const page = (await readContentPage('en', 'guide', root))!
    expect(page.body).toEqual([
      {
        kind: 'paragraph',
        spans: [
          { text: 'A ' },
          { text: 'bold', bold: true },
          { text: ' and ' },
          { text: 'soft', italic: true },
          { text: ' ' },
          { text: 'link', href: '/terms' },
          { text: ' and ' },
          { text: 'away', href: 'https://example.org/x' },
          { text: '.' },
        ],
      },
      { kind: 'heading', spans: [{ text: 'Steps' }] },
      { kind: 'ordered', items: [[{ text: 'one' }], [{ text: 'two' }]] },
      { kind: 'list', items: [[{ text: 'a' }]] },
    ])
    expect(page.faq).toEqual([{ question: 'Why?', answer: [{ text: 'Because ' }, { text: 'so', bold: true }, { text: '.' }] }])
    expect(page.breadcrumbs).toEqual([
      { name: 'Support', path: '/support' },
      { name: 'Guide', path: '/guide' },
    ])
    expect(page.article).toEqual({ published: '2026-11-01', modified: null, author: 'Team' })
    expect(page.locales).toEqual(['en', 'de'])
  })

  it('strips scripts and tags from rich text, drops hostile links, and tells the operator which field', async () => {
    const root = contentRoot({
      'en/pages/x.json': {
        title: 'X<script>alert(1)</script>',
        body: ['Hi <b onclick="steal()">there</b><script>alert(document.cookie)</script>!', '[click](javascript:alert(1)) [far](//evil.example)', '<img src=x onerror=alert(1)>'],
        faq: [{ question: 'Q<iframe src=//evil></iframe>', answer: 'A' }],
      },
    })
    const { report, problems } = collect()
    const page = (await readContentPage('en', 'x', root, report))!
    expect(page.title).toBe('X')
    expect(page.body).toEqual([
      { kind: 'paragraph', spans: [{ text: 'Hi there!' }] },
      { kind: 'paragraph', spans: [{ text: 'click' }, { text: ') ' }, { text: 'far' }] },
    ])
    expect(page.faq[0]!.question).toBe('Q')
    expect(JSON.stringify(page)).not.toMatch(/<|alert|onerror|onclick|javascript:|evil/)
    expect(problems.map((p) => [p.severity, p.error.field])).toEqual([
      ['warn', 'body.0'],
      ['warn', 'body.1'],
      ['warn', 'body.1'],
      ['warn', 'body.2'],
      ['warn', 'faq.0.question'],
      ['warn', 'title'],
    ])
    expect(problems[0]!.error.message).toContain(join(root, 'en/pages/x.json'))
  })

  it('a broken file gives the player no page and the operator the file and field', async () => {
    const root = contentRoot({
      'en/pages/json.json': '{ "title": "x", ',
      'en/pages/shape.json': { title: 'x', body: [{ heading: 3 }] },
      'en/pages/crumb.json': { title: 'x', body: [], breadcrumbs: [{ name: 'a', path: 'https://evil.example' }] },
      'en/pages/date.json': { title: 'x', body: [], article: { published: '2026-13-45', author: 'a' } },
    })
    for (const [slug, field] of [
      ['json', ''],
      ['shape', 'body.0'],
      ['crumb', 'breadcrumbs.0.path'],
      ['date', 'article.published'],
    ] as const) {
      const { report, problems } = collect()
      expect(await readContentPage('en', slug, root, report), slug).toBeNull()
      expect(problems.map((p) => [p.severity, p.error.field]), slug).toEqual([['error', field]])
      expect(problems[0]!.error.file).toBe(join(root, 'en', 'pages', `${slug}.json`))
    }
  })

  it('never reads outside the content folder', async () => {
    for (const slug of ['../secret', '..', 'a/b', 'UPPER', '', 'x'.repeat(80), '%2e%2e', 'about\u0000']) {
      expect(await readContentPage('en', slug, SHIPPED)).toBeNull()
    }
  })

  it('the shipped content has the footer pages and the guide in every locale, each well-formed and free of problems', async () => {
    const store = createContentStore(fileBackend(SHIPPED), { watch: false })
    for (const locale of LOCALES) {
      expect(await store.pageSlugs(locale)).toEqual(['about', 'getting-started', 'privacy', 'responsible-gaming', 'terms'])
      for (const slug of await store.pageSlugs(locale)) {
        const { report, problems } = collect()
        const page = await readContentPage(locale, slug, SHIPPED, report)
        expect(page?.title, `${locale}/${slug}`).toBeTruthy()
        expect(page?.description.length, `${locale}/${slug}`).toBeGreaterThan(40)
        expect(page?.locales).toEqual([...LOCALES])
        expect(problems.map((p) => p.error.message)).toEqual([])
      }
    }
  })

  it('the content store serves pages cleaned, lists what it cleaned, and knows the locales of each page', async () => {
    const root = contentRoot({
      'en/pages/guide.json': { title: 'Guide', body: ['Hi<script>alert(1)</script>'] },
      'de/pages/guide.json': { title: 'Anleitung', body: ['Hallo'] },
      'es/pages/only-es.json': { title: 'Solo', body: ['Hola'] },
    })
    const store = createContentStore(fileBackend(root), { watch: false, sections: [] })
    const summary = await store.load()
    expect(summary.warnings).toEqual([expect.stringContaining(`${join(root, 'en', 'pages', 'guide.json')}: body.0: HTML is not allowed`)])
    const guide = await store.page('en', 'guide')
    expect(guide?.body).toEqual([{ kind: 'paragraph', spans: [{ text: 'Hi' }] }])
    expect(guide?.locales).toEqual(['en', 'de'])
    expect((await store.page('es', 'only-es'))?.locales).toEqual(['es'])
  })
})
