import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { PGLITE_ONLY, useTestApp } from '../test/harness'
import { iconOf } from './manifest'

describe('GET /manifest.webmanifest', () => {
  const t = useTestApp(PGLITE_ONLY[0]!)

  it('makes the site installable: name, standalone, 192 and 512 px PNG icons that exist, dark colours by default', async () => {
    const res = await t.app.inject('/manifest.webmanifest')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/)
    const manifest = res.json()
    expect(manifest).toMatchObject({ name: 'Royal Ace', short_name: 'Royal Ace', start_url: '/', display: 'standalone', theme_color: '#0f1218', background_color: '#0f1218' })
    const pngs = manifest.icons.filter((i: { type: string }) => i.type === 'image/png')
    for (const size of ['192x192', '512x512']) {
      const icon = pngs.find((i: { sizes: string; purpose?: string }) => i.sizes === size && !i.purpose)
      expect(icon, size).toBeTruthy()
      expect(existsSync(join('public', icon.src)), icon.src).toBe(true)
    }
  })

  it('takes the light theme and the locale from the query, and ignores anything else', async () => {
    expect((await t.app.inject('/manifest.webmanifest?theme=light&locale=de')).json()).toMatchObject({ theme_color: '#f5f6f8', start_url: '/de', lang: 'de' })
    const odd = await t.app.inject('/manifest.webmanifest?theme=%00&locale=xx')
    expect(odd.statusCode).toBe(200)
    expect(odd.json()).toMatchObject({ theme_color: '#0f1218', lang: 'en' })
  })

  it('reads icon sizes from the file names', () => {
    expect(iconOf('/icons/icon-192x192.png')).toEqual({ src: '/icons/icon-192x192.png', sizes: '192x192', type: 'image/png' })
    expect(iconOf('/icons/maskable-512x512.png')).toMatchObject({ sizes: '512x512', purpose: 'maskable' })
    expect(iconOf('/favicon.svg')).toMatchObject({ sizes: 'any' })
    expect(iconOf('/icons/icon.png')).toBeNull()
    expect(iconOf('/icons/icon-16x32.png')).toBeNull()
  })
})
