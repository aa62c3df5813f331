import { describe, expect, it } from 'vitest'
import { CONFIRM_HINT_MS, REGISTRATION_HINT_MS } from '../../../shared/constants'
import { activeHints, loginContactConfirmed, neededFacts, nextHintChange, type HintFacts } from './hints.rules'

const REG = '2030-01-01T10:00:00.000Z'
const t0 = Date.parse(REG)
const fresh: HintFacts = { regTime: REG, hasDeposit: false, loginContactConfirmed: false, confirmSent: false }

describe('hints (SPEC §4 Hints, §9)', () => {
  it('registration hint: 2 hours after registration while there is no deposit', () => {
    expect(activeHints(fresh, t0)).toEqual(['registration', 'confirmContacts'])
    expect(activeHints(fresh, t0 + REGISTRATION_HINT_MS - 1)).toContain('registration')
    expect(activeHints(fresh, t0 + REGISTRATION_HINT_MS)).not.toContain('registration')
    expect(activeHints({ ...fresh, hasDeposit: true }, t0 + 1000)).not.toContain('registration')
    expect(activeHints({ ...fresh, hasDeposit: null }, t0 + 1000)).not.toContain('registration')
  })

  it('confirm hint: 5 days while the login contact is unconfirmed and no confirm_sent flag', () => {
    expect(activeHints(fresh, t0 + CONFIRM_HINT_MS - 1)).toEqual(['confirmContacts'])
    expect(activeHints(fresh, t0 + CONFIRM_HINT_MS)).toEqual([])
    expect(activeHints({ ...fresh, confirmSent: true }, t0 + 1000)).toEqual(['registration'])
    expect(activeHints({ ...fresh, loginContactConfirmed: true }, t0 + 1000)).toEqual(['registration'])
    expect(activeHints({ ...fresh, loginContactConfirmed: null }, t0 + 1000)).toEqual(['registration'])
  })

  it('a visitor or an unreadable date shows nothing and loads nothing', () => {
    expect(activeHints({ ...fresh, regTime: null }, t0)).toEqual([])
    expect(activeHints({ ...fresh, regTime: 'yesterday' }, t0)).toEqual([])
    expect(neededFacts(null, t0)).toEqual({ deposits: false, contacts: false })
    expect(neededFacts(REG, t0 + REGISTRATION_HINT_MS)).toEqual({ deposits: false, contacts: true })
  })

  it('says when a window closes next', () => {
    expect(nextHintChange(REG, t0)).toBe(t0 + REGISTRATION_HINT_MS)
    expect(nextHintChange(REG, t0 + REGISTRATION_HINT_MS)).toBe(t0 + CONFIRM_HINT_MS)
    expect(nextHintChange(REG, t0 + CONFIRM_HINT_MS)).toBeNull()
  })

  it('finds the login contact by its value', () => {
    const contacts = [
      { contact: 'Ace@Example.com', is_confirmed: false },
      { contact: '4915112345678', is_confirmed: true },
    ]
    expect(loginContactConfirmed('ace@example.com', contacts)).toBe(false)
    expect(loginContactConfirmed('+4915112345678', contacts)).toBe(true)
    expect(loginContactConfirmed('other', contacts)).toBeNull()
  })
})
