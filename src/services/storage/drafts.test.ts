// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest'
import { openDraft, saveOpenDrafts, takeDraft } from './drafts'

afterEach(() => window.sessionStorage.clear())

describe('drafts of open forms (kept across the new-build reload)', () => {
  it('saves what an open form hands over and gives it back once', () => {
    const close = openDraft('registration', () => ({ email: 'a@example.com', phone: '' }))
    saveOpenDrafts()
    close()
    expect(takeDraft('registration')).toEqual({ email: 'a@example.com' })
    expect(takeDraft('registration')).toBeNull()
  })

  it('keeps nothing of a form that closed before the reload', () => {
    const close = openDraft('deposit', () => ({ amount: '50' }))
    close()
    saveOpenDrafts()
    expect(takeDraft('deposit')).toBeNull()
  })

  it('reads a damaged store as empty', () => {
    window.sessionStorage.setItem('drafts', '{not json')
    expect(takeDraft('registration')).toBeNull()
    window.sessionStorage.setItem('drafts', JSON.stringify({ registration: { email: 5, name: 'Ana' } }))
    expect(takeDraft('registration')).toEqual({ name: 'Ana' })
  })
})
