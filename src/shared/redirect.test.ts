import { describe, expect, it } from 'vitest'
import { safeRedirectPath } from './redirect'

describe('safeRedirectPath', () => {
  it('follows same-origin paths', () => {
    expect(safeRedirectPath('/es/cashier/history?x=1')).toBe('/es/cashier/history?x=1')
  })
  it('refuses other origins, protocol-relative and script targets', () => {
    for (const t of ['https://evil.test/x', '//evil.test', '/\\evil.test', 'javascript:alert(1)', '', null, undefined, '/' + 'a'.repeat(3000)]) {
      expect(safeRedirectPath(t)).toBeNull()
    }
  })
  it('follows an allowlisted origin', () => {
    expect(safeRedirectPath('https://partner.test/back', ['https://partner.test'])).toBe('https://partner.test/back')
  })
})
