import { describe, expect, it } from 'vitest'
import {
  afterImageError,
  formatModifiers,
  IMAGE_MAX_DIMENSION,
  IMAGE_RETRY_LIMIT,
  imageCandidates,
  ipxUrl,
  isProxyableSource,
  parseModifiers,
  retryUrl,
  splitIpxPath,
} from './images'

describe('image modifiers', () => {
  it('reads every SPEC §7 modifier and writes them back in one order', () => {
    const read = parseModifiers('q_80&w_640&f_webp&fit_contain&b_ffffff')
    expect(read).toEqual({ ok: true, modifiers: { q: 80, w: 640, f: 'webp', fit: 'contain', b: 'ffffff' } })
    expect(formatModifiers(read.ok ? read.modifiers : {})).toBe('f_webp&fit_contain&w_640&q_80&b_ffffff')
    expect(parseModifiers('s_320x240&h_10')).toEqual({ ok: false, problem: 's cannot be combined with w or h' })
    expect(parseModifiers('s_320x240')).toEqual({ ok: true, modifiers: { s: [320, 240] } })
    expect(parseModifiers('f_jpg')).toEqual({ ok: true, modifiers: { f: 'jpeg' } })
    expect(parseModifiers('_')).toEqual({ ok: true, modifiers: {} })
  })

  it.each([
    ['w_0', 'whole number'],
    ['w_-5', 'whole number'],
    ['w_1e9', 'whole number'],
    [`w_${IMAGE_MAX_DIMENSION + 1}`, 'at most'],
    ['s_99999x1', 'at most'],
    ['s_10x', 'whole number'],
    ['h_abc', 'whole number'],
    ['q_0', 'q must'],
    ['q_101', 'q must'],
    ['f_svg', 'f must'],
    ['fit_crop', 'fit must'],
    ['b_red;', 'hex'],
    ['rotate_90', 'unknown modifier'],
    ['w_10&w_20', 'twice'],
  ])('refuses %s', (text, problem) => {
    const read = parseModifiers(text)
    expect(read.ok).toBe(false)
    expect(read.ok ? '' : read.problem).toContain(problem)
  })
})

describe('image sources', () => {
  it.each(['images/a.svg', '/images/a.png', 'media/2024/x-1_b.webp', 'https://cdn.example/a.png'])('takes %s', (src) => {
    expect(isProxyableSource(src)).toBe(true)
  })
  it.each(['../etc/passwd', 'images/../../x.png', 'images/.env', 'images/a.png?x=1', 'a\\b.png', 'images/%2e%2e/x', 'data:image/png;base64,AA', '', 'https://user:pw@cdn.example/a.png'])(
    'refuses %s',
    (src) => {
      expect(isProxyableSource(src)).toBe(false)
    },
  )
  it('leaves data URIs alone and puts the SPEC §9 defaults on proxied ones', () => {
    expect(ipxUrl('data:image/svg+xml,<svg/>', { w: 10 })).toBeNull()
    expect(ipxUrl('/images/a.svg', { w: 10 })).toBe('/_ipx/f_webp&w_10&q_95/images/a.svg')
    expect(ipxUrl('https://cdn.example/a.png', {})).toBe('/_ipx/f_webp&q_95/https://cdn.example/a.png')
  })
  it('splits an address back, mending a merged https:/', () => {
    expect(splitIpxPath('w_10/images/a.svg')).toEqual({ modifiers: 'w_10', source: 'images/a.svg' })
    expect(splitIpxPath('w_10/https:/cdn.example/a.png')).toEqual({ modifiers: 'w_10', source: 'https://cdn.example/a.png' })
    expect(splitIpxPath('w_10')).toBeNull()
    expect(splitIpxPath('/images/a.svg')).toBeNull()
  })
})

describe('image candidates', () => {
  it('gives a fixed-size image 1x and 2x candidates with its aspect ratio', () => {
    const c = imageCandidates({ src: '/images/card.svg', width: 48, height: 32 })
    expect(c.src).toBe('/_ipx/f_webp&fit_cover&s_48x32&q_95/images/card.svg')
    expect(c.srcSet).toBe('/_ipx/f_webp&fit_cover&s_48x32&q_95/images/card.svg 1x, /_ipx/f_webp&fit_cover&s_96x64&q_95/images/card.svg 2x')
    expect(c.sizes).toBeUndefined()
  })

  it('gives a fluid image the SPEC §9 screens at both densities, capped at twice its widest', () => {
    const c = imageCandidates({ src: 'images/hero.svg', width: 1200, height: 400, maxWidth: 1200 })
    const widths = c.srcSet!.split(', ').map((s) => Number(s.split(' ')[1]!.replace('w', '')))
    expect(widths).toEqual([320, 640, 768, 1024, 1280, 1536, 2048, 2400])
    expect(c.srcSet).toContain('s_640x213')
    expect(c.sizes).toBe('(min-width: 1200px) 1200px, 100vw')
    // Every candidate is an address the server accepts.
    for (const candidate of c.srcSet!.split(', ')) {
      const split = splitIpxPath(candidate.split(' ')[0]!.slice('/_ipx/'.length))!
      expect(parseModifiers(split.modifiers).ok).toBe(true)
    }
  })

  it('never asks for more than the largest dimension', () => {
    const c = imageCandidates({ src: 'images/tall.svg', width: 2000, height: 4000 })
    for (const candidate of c.srcSet!.split(', ')) {
      const [w, h] = /s_(\d+)x(\d+)/.exec(candidate)!.slice(1).map(Number)
      expect(Math.max(w!, h!)).toBeLessThanOrEqual(IMAGE_MAX_DIMENSION)
    }
  })

  it('uses sources the proxy does not take as they are', () => {
    expect(imageCandidates({ src: 'data:image/svg+xml,%3Csvg/%3E', width: 48, height: 48 })).toEqual({ src: 'data:image/svg+xml,%3Csvg/%3E' })
  })

  it('marks a retry in every candidate so no cache hands back the failure', () => {
    const c = imageCandidates({ src: '/images/card.svg', width: 48, height: 48 }, 2)
    expect(c.src.endsWith('?retry=2')).toBe(true)
    expect(c.srcSet!.split(', ').every((s) => s.includes('?retry=2 '))).toBe(true)
    expect(retryUrl('/a?retry=1&x=2', 3)).toBe('/a?x=2&retry=3')
  })
})

describe('after an image error', () => {
  it('retries once per SPEC §9 breakpoint, then falls back, then gives up', () => {
    expect(IMAGE_RETRY_LIMIT).toBe(8)
    const outcomes = Array.from({ length: IMAGE_RETRY_LIMIT + 1 }, (_, i) => afterImageError(i + 1, false))
    expect(outcomes.filter((o) => o === 'retry')).toHaveLength(IMAGE_RETRY_LIMIT)
    expect(outcomes.at(-1)).toBe('fallback')
    expect(afterImageError(1, true)).toBe('give-up')
  })
})
