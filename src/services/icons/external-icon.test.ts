import { describe, expect, it, vi } from 'vitest'
import { isExternalIcon, loadExternalIcon } from './external-icon'

describe('loadExternalIcon', () => {
  it('sanitises what the server sent before anyone inlines it, fetching each icon once', async () => {
    const fetcher = vi.fn(async () => new Response('<svg onload="alert(1)"><script>alert(2)</script><path d="M0 0h4"/></svg>', { status: 200 }))
    const first = await loadExternalIcon('/icons/a.svg', fetcher as unknown as typeof fetch)
    expect(first).toBe('<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0h4"/></svg>')
    await loadExternalIcon('/icons/a.svg', fetcher as unknown as typeof fetch)
    expect(fetcher).toHaveBeenCalledTimes(1)
    expect(fetcher).toHaveBeenCalledWith('/_icons/external?src=%2Ficons%2Fa.svg', { credentials: 'same-origin' })
  })

  it('forgets a failure, so the next view tries again', async () => {
    const fetcher = vi.fn(async () => new Response('{"error":{}}', { status: 403 }))
    await expect(loadExternalIcon('https://cdn.example/b.svg', fetcher as unknown as typeof fetch)).rejects.toThrow('403')
    await expect(loadExternalIcon('https://cdn.example/b.svg', fetcher as unknown as typeof fetch)).rejects.toThrow('403')
    expect(fetcher).toHaveBeenCalledTimes(2)
  })

  it('refuses markup the server should never have passed', async () => {
    const fetcher = vi.fn(async () => new Response('<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><svg>&e;</svg>'))
    await expect(loadExternalIcon('/icons/c.svg', fetcher as unknown as typeof fetch)).rejects.toThrow(/refused/)
  })

  it('tells an SVG file from a sprite name', () => {
    expect(isExternalIcon('user')).toBe(false)
    expect(isExternalIcon('/icons/google.svg')).toBe(true)
    expect(isExternalIcon('https://cdn.example/g.svg')).toBe(true)
    expect(isExternalIcon('javascript:alert(1)//.svg')).toBe(false)
  })
})
