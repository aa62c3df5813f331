import { isFormsPath } from '../../shared/forms-pages'
import { describe, expect, it } from 'vitest'
import {
  allowedParentOrigins,
  parentOrigin,
  parseFrameMessage,
  pickBackUrl,
  postToParent,
  registrationRedirectUrl,
  type FrameWindow,
} from './frame-messages'

const OWN = 'https://casino.example'
const PARTNER = 'https://partner.example'

function fakeWindow(opts: { framed?: boolean; ancestors?: string[]; referrer?: string }) {
  const posted: { message: unknown; origin: string }[] = []
  const parent = { postMessage: (message: unknown, origin: string) => void posted.push({ message, origin }) }
  const win: FrameWindow & { self: unknown } = {
    location: { origin: OWN, ...(opts.ancestors ? { ancestorOrigins: Object.assign([...opts.ancestors], { length: opts.ancestors.length }) } : {}) },
    document: { referrer: opts.referrer ?? '' },
    parent: null,
    self: null,
  }
  // Not framed: the window is its own parent.
  ;(win as { parent: unknown }).parent = opts.framed ? parent : win
  win.self = win
  return { win, posted }
}

describe('frame messages (SPEC §2.3)', () => {
  const allowed = allowedParentOrigins(OWN, [PARTNER, 'https://bad.example/path', 'not a url'])

  it('allows our origin and well-formed allowlist origins only', () => {
    expect(allowed).toEqual([OWN, PARTNER])
    expect(allowedParentOrigins(OWN, null)).toEqual([OWN])
  })

  it('posts to an allowed parent, naming its exact origin', () => {
    const { win, posted } = fakeWindow({ framed: true, ancestors: [PARTNER] })
    expect(postToParent(win, { type: 'refresh_user' }, allowed)).toBe(PARTNER)
    expect(posted).toEqual([{ message: { type: 'refresh_user' }, origin: PARTNER }])
  })

  it('posts nothing to a parent that is not allowed, nor when not framed, nor when the parent is unknown', () => {
    const evil = fakeWindow({ framed: true, ancestors: ['https://evil.example'] })
    expect(postToParent(evil.win, { type: 'refresh_user' }, allowed)).toBeNull()
    expect(evil.posted).toEqual([])
    const top = fakeWindow({ framed: false, ancestors: [] })
    expect(postToParent(top.win, { type: 'refresh_user' }, allowed)).toBeNull()
    expect(top.posted).toEqual([])
    const unknown = fakeWindow({ framed: true })
    expect(postToParent(unknown.win, { type: 'refresh_user' }, allowed)).toBeNull()
    expect(unknown.posted).toEqual([])
  })

  it('falls back to the referrer where the browser keeps no ancestor origins', () => {
    expect(parentOrigin(fakeWindow({ framed: true, referrer: `${PARTNER}/landing?x=1` }).win)).toBe(PARTNER)
    expect(parentOrigin(fakeWindow({ framed: true, referrer: 'garbage' }).win)).toBeNull()
    // ancestorOrigins wins over a referrer that says otherwise.
    expect(parentOrigin(fakeWindow({ framed: true, ancestors: ['https://evil.example'], referrer: `${PARTNER}/` }).win)).toBe('https://evil.example')
  })

  it('reads only well-formed messages', () => {
    expect(parseFrameMessage({ type: 'refresh_user' })).toEqual({ type: 'refresh_user' })
    expect(parseFrameMessage({ type: 'redirect', url: `${OWN}/?show_popup_reg=1` })).toEqual({ type: 'redirect', url: `${OWN}/?show_popup_reg=1` })
    expect(parseFrameMessage({ type: 'checkIframe', path: '/cashier/paysuccess' })).toEqual({ type: 'checkIframe', path: '/cashier/paysuccess' })
    for (const junk of [null, 'refresh_user', { type: 'redirect' }, { type: 'checkIframe', path: 'https://evil.example' }, { type: 'other' }]) {
      expect(parseFrameMessage(junk)).toBeNull()
    }
  })

  it('builds the registration redirect: the root with show_popup_reg=1 and a backUrl', () => {
    const url = new URL(registrationRedirectUrl(OWN, '/es', `${PARTNER}/promo`))
    expect(url.origin + url.pathname).toBe(`${OWN}/es`)
    expect(url.searchParams.get('show_popup_reg')).toBe('1')
    expect(url.searchParams.get('backUrl')).toBe(`${PARTNER}/promo`)
    expect(new URL(registrationRedirectUrl(OWN, '/', null)).search).toBe('?show_popup_reg=1')
  })

  it('picks a backUrl only on an allowed origin: the query first, then the framing page', () => {
    expect(pickBackUrl(`${PARTNER}/a`, `${OWN}/b`, allowed)).toBe(`${PARTNER}/a`)
    expect(pickBackUrl('https://evil.example/a', `${PARTNER}/`, allowed)).toBe(`${PARTNER}/`)
    expect(pickBackUrl('javascript:alert(1)', 'https://evil.example/', allowed)).toBeNull()
    expect(pickBackUrl(null, '', allowed)).toBeNull()
  })

  it('knows the forms paths, bare and under a locale', () => {
    expect(['/forms/sign_in', '/es/forms/sign_up', '/forms'].every(isFormsPath)).toBe(true)
    expect(['/cashier/paysuccess', '/platforms', '/es/cashier'].some(isFormsPath)).toBe(false)
  })
})
