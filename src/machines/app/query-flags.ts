/**
 * SPEC §2.2 query flags: show_popup_reg=1 opens registration, show_popup_auth opens authorization,
 * prevent_close=1 makes the popup non-closable. Pure, so the rule is tested without a browser.
 */
export type AuthView = 'authorization' | 'registration' | 'restore' | 'twofa' | 'socialRegistration'

export const AUTH_QUERY_FLAGS = ['show_popup_reg', 'show_popup_auth', 'prevent_close'] as const

export interface AuthPopupRequest {
  view: Extract<AuthView, 'authorization' | 'registration'>
  preventClose: boolean
}

const truthy = (value: string | null) => value !== null && value !== '0' && value.toLowerCase() !== 'false'

export function authPopupFromQuery(params: URLSearchParams): AuthPopupRequest | null {
  const preventClose = params.get('prevent_close') === '1'
  if (params.get('show_popup_reg') === '1') return { view: 'registration', preventClose }
  if (truthy(params.get('show_popup_auth'))) return { view: 'authorization', preventClose }
  return null
}

/** The query without the popup flags, for clearing them when the popup closes. */
export function withoutAuthFlags(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params)
  for (const flag of AUTH_QUERY_FLAGS) next.delete(flag)
  return next
}
