import { describe, expect, it, vi } from 'vitest'
import { createProviderWindow } from './popup'

const fakeWindow = () => ({ closed: false, opener: {} as unknown, location: { href: 'about:blank' }, close: vi.fn() }) as unknown as Window & { close: ReturnType<typeof vi.fn> }

describe('createProviderWindow', () => {
  it('navigates the window opened on the click, cut from its opener', () => {
    const w = fakeWindow()
    const open = vi.fn(() => w)
    const pw = createProviderWindow(open)
    pw.prepare()
    expect(open).toHaveBeenCalledWith('about:blank')
    expect(w.opener).toBeNull()
    pw.navigate('https://pay.example/1')
    expect(w.location.href).toBe('https://pay.example/1')
    expect(open).toHaveBeenCalledTimes(1)
  })

  it('closes the prepared window when the answer is not a new window', () => {
    const w = fakeWindow()
    const pw = createProviderWindow(() => w)
    pw.prepare()
    pw.discard()
    expect(w.close).toHaveBeenCalled()
  })

  it('tries to open the page directly when no window is held (blocked)', () => {
    const open = vi.fn(() => null)
    const pw = createProviderWindow(open)
    pw.prepare()
    pw.navigate('https://pay.example/2')
    expect(open).toHaveBeenLastCalledWith('https://pay.example/2')
  })
})
