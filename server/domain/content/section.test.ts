import { mkdtemp, mkdir, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { array, object, string } from 'superstruct'
import { describe, expect, it } from 'vitest'
import { ContentError, readSection, type ContentSection } from './section'

const banners: ContentSection<{ items: { title: string }[] }> = {
  name: 'banners',
  scope: 'locale',
  file: 'banners.json',
  struct: object({ items: array(object({ title: string() })) }),
  public: true,
}

async function root(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'content-'))
  for (const [path, text] of Object.entries(files)) {
    await mkdir(join(dir, path, '..'), { recursive: true })
    await writeFile(join(dir, path), text)
  }
  return dir
}

describe('readSection', () => {
  it('reads a locale file', async () => {
    const dir = await root({ 'es/banners.json': '{"items":[{"title":"Hola"}]}' })
    expect(await readSection(dir, banners, 'es')).toEqual({ items: [{ title: 'Hola' }] })
  })

  it('names the file and the field of a wrong value', async () => {
    const dir = await root({ 'en/banners.json': '{"items":[{"title":3}]}' })
    const error = await readSection(dir, banners, 'en').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ContentError)
    expect((error as ContentError).field).toBe('items.0.title')
    expect((error as ContentError).message).toContain(join(dir, 'en', 'banners.json'))
  })

  it('names the file of broken JSON and of a missing file without fallback', async () => {
    const dir = await root({ 'en/banners.json': '{"items":' })
    await expect(readSection(dir, banners, 'en')).rejects.toThrow(/banners\.json: not valid JSON/)
    await expect(readSection(dir, banners, 'de')).rejects.toThrow(/de\/banners\.json/)
  })

  it('uses the fallback for a missing file', async () => {
    const dir = await root({})
    expect(await readSection(dir, { ...banners, fallback: { items: [] } }, 'pt')).toEqual({ items: [] })
  })
})
