// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { I18nProvider } from '@lingui/react'
import { setupI18n } from '@lingui/core'
import { CharacterSelect } from './CharacterSelect'

afterEach(cleanup)

const i18n = setupI18n({ locale: 'en', messages: { en: {} } })
const characters = [
  { id: 1, name: 'Nova', image: '/images/characters/nova.svg' },
  { id: 2, name: 'Orion', image: '/images/characters/orion.svg' },
]

describe('CharacterSelect', () => {
  it('is a labelled group of radios, one per character, that reports the pick', () => {
    const onSelect = vi.fn()
    render(
      <I18nProvider i18n={i18n}>
        <CharacterSelect characters={characters} value={2} error="Choose another character." onSelect={onSelect} />
      </I18nProvider>,
    )
    expect(screen.getByRole('group', { name: 'Choose your character' })).toBeTruthy()
    const orion = screen.getByRole('radio', { name: 'Orion' }) as HTMLInputElement
    expect(orion.checked).toBe(true)
    fireEvent.click(screen.getByRole('radio', { name: 'Nova' }))
    expect(onSelect).toHaveBeenCalledWith(1)
    expect(screen.getByText('Choose another character.')).toBeTruthy()
  })
})
