import { useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import { css } from 'styled-system/css'
import { selectLocale } from '../../machines/app/app.selectors'
import { isLocale, LOCALE_NAMES, LOCALES } from '../../shared/locales'
import { useAppActor, useAppSelector } from '../app/AppProviders'
import { VisuallyHidden } from '../kit/VisuallyHidden'

const select = css({
  h: '10', px: '2', borderRadius: 'md', bg: 'surfaceRaised', color: 'text', border: '1px solid', borderColor: 'border', cursor: 'pointer',
  _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' },
})

export function LocaleSwitcher({ id: idProp }: { id?: string }) {
  const { t } = useLingui()
  const generated = useId()
  const id = idProp ?? generated
  const actor = useAppActor()
  const locale = useAppSelector(selectLocale)
  return (
    <>
      <VisuallyHidden>
        <label htmlFor={id}>{t`Language`}</label>
      </VisuallyHidden>
      <select
        id={id}
        className={select}
        data-testid="locale-switcher"
        value={locale}
        onChange={(e) => {
          const next = e.currentTarget.value
          if (isLocale(next)) actor.send({ type: 'locale.change', locale: next })
        }}
      >
        {LOCALES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LOCALE_NAMES[l]}
          </option>
        ))}
      </select>
    </>
  )
}
