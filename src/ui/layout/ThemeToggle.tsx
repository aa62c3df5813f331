import { useLingui } from '@lingui/react/macro'
import { css } from 'styled-system/css'
import { selectTheme } from '../../machines/app/app.selectors'
import { useAppActor, useAppSelector } from '../app/AppProviders'
import { Icon } from '../icons/Icon'

const button = css({
  display: 'inline-grid', placeItems: 'center', w: '10', h: '10', borderRadius: 'md', color: 'text', bg: 'transparent', cursor: 'pointer',
  _hover: { bg: 'surfaceRaised' }, _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' },
})

const withLabel = css({
  display: 'flex', alignItems: 'center', gap: '3', w: 'full', minH: '11', px: '3', borderRadius: 'md', color: 'text', bg: 'transparent',
  cursor: 'pointer', fontSize: 'md', textAlign: 'start', '& svg': { color: 'textMuted' },
  _hover: { bg: 'surface' }, _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '-2px' },
})

/** The theme switch: an icon in the header; with `labelled`, icon and words (the phone's menu sheet). */
export function ThemeToggle({ labelled = false }: { labelled?: boolean }) {
  const { t } = useLingui()
  const actor = useAppActor()
  const theme = useAppSelector(selectTheme)
  const next = theme === 'dark' ? 'light' : 'dark'
  const label = next === 'light' ? t`Switch to light theme` : t`Switch to dark theme`
  return (
    <button
      type="button"
      className={labelled ? withLabel : button}
      data-testid={labelled ? 'menu-theme-toggle' : 'theme-toggle'}
      data-theme-current={theme}
      aria-label={labelled ? undefined : label}
      onClick={() => actor.send({ type: 'theme.toggle' })}
    >
      <Icon name={theme === 'dark' ? 'sun' : 'moon'} />
      {labelled ? <span>{label}</span> : null}
    </button>
  )
}
