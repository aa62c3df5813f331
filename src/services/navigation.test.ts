import { describe, expect, it, vi } from 'vitest'
import { createNavigate, ExternalNavigationError } from './navigation'

function setup() {
  const routerNavigate = vi.fn()
  const assign = vi.fn()
  return { routerNavigate, assign, navigate: createNavigate({ routerNavigate, assign, origin: 'https://casino.test' }) }
}

describe('the navigate helper', () => {
  it('moves the router for paths and same-origin addresses', () => {
    const { navigate, routerNavigate, assign } = setup()
    navigate('/promotions?x=1#top')
    navigate('https://casino.test/about', { replace: true })
    expect(routerNavigate.mock.calls).toEqual([
      ['/promotions?x=1#top', { replace: undefined }],
      ['/about', { replace: true }],
    ])
    expect(assign).not.toHaveBeenCalled()
  })

  it('refuses another site without the external option, and leaves with a full load with it', () => {
    const { navigate, routerNavigate, assign } = setup()
    for (const to of ['https://partners.example/x', '//evil.example', '/\\evil.example']) expect(() => navigate(to), to).toThrow(ExternalNavigationError)
    expect(() => navigate('javascript:alert(1)', { external: true })).toThrow(ExternalNavigationError)
    navigate('https://partners.example/x', { external: true })
    expect(assign).toHaveBeenCalledWith('https://partners.example/x')
    expect(routerNavigate).not.toHaveBeenCalled()
  })
})
