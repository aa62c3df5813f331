// The cover art in public/images/games and the studio logos in public/images/providers are what
// scripts/games-art.ts writes from today's catalogue (run `npm run games:art` when this fails),
// one per title and studio, small, safe and text-free where the page writes the words.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { STUDIO_TITLES, STUDIOS } from '../src/shared/games/catalogue'
import { ART_QUALITY, gameImage, providerImage } from '../src/shared/games/art'
import { IMAGE_FORMAT, IPX_PREFIX, parseModifiers, splitIpxPath } from '../src/shared/images'
import { sanitizeSvg } from '../src/shared/svg-sanitize'
import { ART_DIRS, artFiles, HUES, STUDIO_COLOURS } from './games-art'

const root = fileURLToPath(new URL('..', import.meta.url))
const read = (path: string) => readFileSync(join(root, path), 'utf8')
const files = artFiles()
const studios = Object.keys(STUDIOS) as (keyof typeof STUDIOS)[]
const gamePath = (sysname: string) => `public/images/games/${sysname}.svg`
const providerPath = (studio: string) => `public/images/providers/${studio}.svg`

describe('games art', () => {
  it('has one cover per title and one logo per studio, and nothing else', () => {
    const expected = [...STUDIO_TITLES.map((t) => gamePath(t.sysname)), ...studios.map(providerPath)].sort()
    expect([...files.keys()].sort()).toEqual(expected)
    const onDisk = ART_DIRS.flatMap((dir) => (existsSync(join(root, dir)) ? readdirSync(join(root, dir)).map((f) => `${dir}/${f}`) : []))
    expect(onDisk.sort()).toEqual(expected)
  })

  it.each([...files.keys()])('%s is what the generator writes now (npm run games:art)', (path) => {
    expect(read(path)).toBe(files.get(path))
  })

  it('gives every title its own hue', () => {
    const hues = STUDIO_TITLES.map((t) => HUES[t.sysname])
    expect(hues.every((h) => typeof h === 'number')).toBe(true)
    expect(new Set(hues).size).toBe(STUDIO_TITLES.length)
  })

  it('is the same every run', () => {
    expect(artFiles()).toEqual(files)
  })

  describe.each([...files.keys()])('%s', (path) => {
    const svg = files.get(path)!
    const game = path.startsWith('public/images/games/')

    it('is a small, self-contained SVG', () => {
      expect(Buffer.byteLength(svg)).toBeLessThan(12 * 1024)
      expect(svg).toMatch(game ? /^<svg [^>]*viewBox="0 0 480 480"/ : /^<svg [^>]*viewBox="0 0 320 160"/)
      expect(svg).not.toMatch(/<script|<foreignObject|<image|<style|\son\w+=/i)
      // References stay inside the file: href="#id" and url(#id) only.
      for (const [, href] of svg.matchAll(/href="([^"]*)"/g)) expect(href).toMatch(/^#[\w-]+$/)
      for (const [url] of svg.matchAll(/url\([^)]*\)/g)) expect(url).toMatch(/^url\(#[\w-]+\)$/)
      // Every reference names something defined here.
      const ids = new Set([...svg.matchAll(/\bid="([^"]+)"/g)].map((m) => m[1]))
      for (const [, id] of svg.matchAll(/(?:href="#|url\(#)([\w-]+)/g)) expect(ids, id).toContain(id)
    })

    it('passes the site SVG sanitiser unchanged', () => {
      expect(sanitizeSvg(svg)).toBe(svg.trimEnd())
    })

    if (game) {
      it('has no text (the page writes the title in the player language)', () => {
        expect(svg).not.toMatch(/<text|<tspan/)
      })
    }

    it('is drawn by sharp at its size', async () => {
      const { width, height, hasAlpha } = await sharp(Buffer.from(svg)).metadata()
      expect([width, height]).toEqual(game ? [480, 480] : [320, 160])
      expect(hasAlpha).toBe(true)
    })
  })

  it('draws covers edge to edge and logos on a transparent background', async () => {
    const cover = await sharp(Buffer.from(files.get(gamePath(STUDIO_TITLES[0]!.sysname))!)).raw().toBuffer({ resolveWithObject: true })
    expect(cover.data[3]).toBe(255)
    const logo = await sharp(Buffer.from(files.get(providerPath(studios[0]!))!)).raw().toBuffer({ resolveWithObject: true })
    expect(logo.data[3]).toBe(0)
  })

  it('writes studio names readable on the dark and the light theme (3:1, large text)', () => {
    const luminance = (hex: string) => {
      const v = Number.parseInt(hex.slice(1), 16)
      const [r, g, b] = [v >> 16, (v >> 8) & 255, v & 255].map((c) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4)) as [number, number, number]
      return 0.2126 * r + 0.7152 * g + 0.0722 * b
    }
    const contrast = (a: string, b: string) => {
      const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
      return (hi + 0.05) / (lo + 0.05)
    }
    // The site's surfaces (src/ui/theme/tokens.ts: bg, surface, surfaceRaised in both themes).
    const surfaces = ['#0f1218', '#171b23', '#1f2430', '#f5f6f8', '#ffffff']
    for (const studio of studios)
      for (const colour of [STUDIO_COLOURS[studio].name, STUDIO_COLOURS[studio].sub])
        for (const surface of surfaces) expect(contrast(colour, surface), `${studio} ${colour} on ${surface}`).toBeGreaterThanOrEqual(3)
  })

  it('is what the site addresses through /_ipx (src/shared/games/art.ts)', () => {
    const check = (address: string, path: string, size: [number, number]) => {
      expect(address.startsWith(IPX_PREFIX)).toBe(true)
      const split = splitIpxPath(address.slice(IPX_PREFIX.length))!
      expect(`public/${split.source}`).toBe(path)
      const parsed = parseModifiers(split.modifiers)
      expect(parsed.ok && parsed.modifiers).toMatchObject({ f: IMAGE_FORMAT, q: ART_QUALITY, s: size })
      expect(existsSync(join(root, path))).toBe(true)
    }
    for (const title of STUDIO_TITLES) {
      const { x1, x2 } = gameImage(title.sysname)
      check(x1, gamePath(title.sysname), [240, 180])
      check(x2, gamePath(title.sysname), [480, 360])
    }
    for (const studio of studios) {
      const { x1, x2 } = providerImage(studio)
      check(x1, providerPath(studio), [160, 80])
      check(x2, providerPath(studio), [320, 160])
    }
  })
})
