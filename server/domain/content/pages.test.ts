import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { LOCALES } from '../../../src/shared/locales'
import { readContentPage } from './pages'

/** The content the repository ships, CONTENT_DIR's default. */
const SHIPPED = resolve('content')

describe('content pages', () => {
  it('reads a page of the locale and answers null for a missing one', async () => {
    const root = mkdtempSync(join(tmpdir(), 'content-'))
    mkdirSync(join(root, 'es', 'pages'), { recursive: true })
    writeFileSync(join(root, 'es', 'pages', 'about.json'), JSON.stringify({ title: 'Quiénes somos', body: ['Hola'] }))
    expect(await readContentPage('es', 'about', root)).toEqual({ slug: 'about', title: 'Quiénes somos', body: ['Hola'] })
    expect(await readContentPage('de', 'about', root)).toBeNull()
    expect(await readContentPage('es', 'nope', root)).toBeNull()
  })

  it('never reads outside the content folder', async () => {
    for (const slug of ['../secret', '..', 'a/b', 'UPPER', '', 'x'.repeat(80)]) {
      expect(await readContentPage('en', slug, SHIPPED)).toBeNull()
    }
  })

  it('the shipped content has the footer pages in every locale', async () => {
    for (const locale of LOCALES) {
      for (const slug of ['about', 'terms', 'privacy', 'responsible-gaming']) {
        const page = await readContentPage(locale, slug, SHIPPED)
        expect(page?.title, `${locale}/${slug}`).toBeTruthy()
      }
    }
  })
})
