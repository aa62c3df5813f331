import { readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, gotoHydrated, test } from './fixtures'

// The content system (README 'Content'): an operator edits a page file of the running site's
// content, calls the reload, and players see the edit without a restart. scripts/e2e-server.mjs
// serves a copy of content/ with CONTENT_WATCH off, as production runs.

const CONTENT_DIR = join(tmpdir(), `casino-e2e-content-${process.env.E2E_PORT ?? '3100'}`)
const OPERATOR_TOKEN = process.env.OPERATOR_TOKEN ?? 'e2e-operator-token-0123456789abcdef'
const ABOUT = join(CONTENT_DIR, 'en', 'pages', 'about.json')

test.describe.configure({ mode: 'serial' })

test('an operator edits a page and reloads the content; the page shows the edit without a restart', async ({ page, request }) => {
  const original = readFileSync(ABOUT, 'utf8')
  const reload = () => request.post('/api/operator/reloadContent', { headers: { authorization: `Bearer ${OPERATOR_TOKEN}` } })
  try {
    await gotoHydrated(page, '/about')
    const before = await page.getByRole('heading', { level: 1 }).innerText()

    const edited = { ...JSON.parse(original), title: 'About us, freshly edited' }
    writeFileSync(ABOUT, JSON.stringify(edited))
    await gotoHydrated(page, '/about')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(before)

    const res = await reload()
    expect(res.status(), await res.text()).toBe(200)
    await gotoHydrated(page, '/about')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('About us, freshly edited')

    // A broken edit: the operator is told which file and field, players keep the last good page.
    writeFileSync(ABOUT, JSON.stringify({ ...edited, body: 'not a list' }))
    const broken = await reload()
    expect(broken.status()).toBe(400)
    const error = (await broken.json()).error
    expect(error.code).toBe('content_invalid')
    expect(error.message).toContain(`${ABOUT}: body:`)
    await gotoHydrated(page, '/about')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('About us, freshly edited')
  } finally {
    writeFileSync(ABOUT, original)
    await reload()
  }
})
