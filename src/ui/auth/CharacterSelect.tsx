import { Trans } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import { css } from 'styled-system/css'
import { getcharacters, type LoyaltyCharacter } from '../../services/api/contract/loyalty'
import { useServices } from '../app/AppProviders'

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

/** The loyalty characters, loaded once; an empty list (none, or the call failed) hides the picker. */
export function useLoyaltyCharacters(active: boolean): readonly LoyaltyCharacter[] {
  const { api } = useServices()
  const [list, setList] = useState<readonly LoyaltyCharacter[]>([])
  useEffect(() => {
    if (!active) return
    let live = true
    api
      .call(getcharacters)
      .then((items) => live && setList(items))
      .catch((error: unknown) => console.warn('loyalty characters:', error))
    return () => {
      live = false
    }
  }, [api, active])
  return list
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
