import { Trans } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { css } from 'styled-system/css'
import { charactersMachine } from '../../../machines/auth/characters/characters.machine'
import { selectCharacters } from '../../../machines/auth/characters/characters.selectors'
import type { LoyaltyCharacter } from '../../../machines/auth/characters/characters.types'
import { useServices } from '../../app/AppProviders'
import { useFlowActor } from '../../app/useFlowActor'

const fieldset = css({ border: 'none', p: '0', m: '0', minW: '0' })
const legend = css({ textStyle: 'label', color: 'text', mb: '1.5' })
const grid = css({ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: '2' })
const card = css({
  position: 'relative', display: 'grid', justifyItems: 'center', gap: '1', p: '2', borderRadius: 'md', cursor: 'pointer',
  border: '2px solid', borderColor: 'border', bg: 'surface', color: 'text', textStyle: 'small', fontWeight: 'semibold',
  '&:has(input:checked)': { borderColor: 'accent', bg: 'surfaceRaised' },
  '&:has(input:focus-visible)': { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' },
})
const radio = css({ position: 'absolute', opacity: 0, w: '1px', h: '1px', m: '0' })
const picture = css({ w: '14', h: '14', objectFit: 'contain' })
const errorLine = css({ textStyle: 'small', color: 'danger', mt: '1' })

/**
 * The picker with its characters: the characters flow loads them once when the settings turn the
 * picker on; while loading, with none or after a failed call it shows nothing (picking is optional).
 */
export function CharacterPicker({ shown, ...props }: { shown: boolean; value: number | null; error?: string; onSelect: (id: number) => void }) {
  const { api } = useServices()
  const flow = useFlowActor(charactersMachine, { input: { api } })
  const characters = useSelector(flow, selectCharacters)
  return shown && characters.length > 0 ? <CharacterSelect characters={characters} {...props} /> : null
}

/** SPEC §2.3 character select: radio cards, one per loyalty character; picking none is allowed. */
export function CharacterSelect({
  characters,
  value,
  error,
  onSelect,
}: {
  characters: readonly LoyaltyCharacter[]
  value: number | null
  error?: string
  onSelect: (id: number) => void
}) {
  return (
    <fieldset className={fieldset} data-testid="character-select" aria-describedby={error ? 'character-error' : undefined}>
      <legend className={legend}>
        <Trans>Choose your character</Trans>
      </legend>
      <div className={grid}>
        {characters.map((c) => (
          <label key={c.id} className={card}>
            <input type="radio" name="character_id" value={c.id} className={radio} checked={value === c.id} onChange={() => onSelect(c.id)} />
            <img src={c.image} alt="" className={picture} width={56} height={56} />
            <span>{c.name}</span>
          </label>
        ))}
      </div>
      {error ? (
        <p id="character-error" className={errorLine}>
          {error}
        </p>
      ) : null}
    </fieldset>
  )
}
