import { describe, expect, it } from 'vitest'
import { authPopupFromQuery, withoutAuthFlags } from './query-flags'

describe('auth popup query flags (SPEC §2.2)', () => {
  it('opens registration on show_popup_reg=1', () => {
    expect(authPopupFromQuery(new URLSearchParams('show_popup_reg=1'))).toEqual({ view: 'registration', preventClose: false })
  })
  it('opens authorization on show_popup_auth and honours prevent_close=1', () => {
    expect(authPopupFromQuery(new URLSearchParams('show_popup_auth=1&prevent_close=1'))).toEqual({ view: 'authorization', preventClose: true })
    expect(authPopupFromQuery(new URLSearchParams('show_popup_auth=true'))).toEqual({ view: 'authorization', preventClose: false })
  })
  it('ignores absent, zero and garbage flags', () => {
    expect(authPopupFromQuery(new URLSearchParams(''))).toBeNull()
    expect(authPopupFromQuery(new URLSearchParams('show_popup_reg=yes'))).toBeNull()
    expect(authPopupFromQuery(new URLSearchParams('show_popup_auth=0'))).toBeNull()
  })
  it('clears only the popup flags', () => {
    const cleared = withoutAuthFlags(new URLSearchParams('a=1&show_popup_reg=1&prevent_close=1&redirectUrl=%2Fx'))
    expect(cleared.toString()).toBe('a=1&redirectUrl=%2Fx')
  })
})
