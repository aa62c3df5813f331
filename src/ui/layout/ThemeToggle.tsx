import { useLingui } from '@lingui/react/macro'
import { css } from 'styled-system/css'
import { selectTheme } from '../../machines/app/app.selectors'
import { useAppActor, useAppSelector } from '../app/AppProviders'
import { Icon } from '../icons/Icon'

const button = css({
  display: 'inline-grid', placeItems: 'center', w: '10', h: '10', borderRadius: 'md', color: 'text', bg: 'transparent', cursor: 'pointer',
  _hover: { bg: 'surfaceRaised' }, _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' },
})

export function ThemeToggle() {
  const { t } = useLingui()
  const actor = useAppActor()
  const theme = useAppSelector(selectTheme)
  const next = theme === 'dark' ? 'light' : 'dark'
  return (
    <button
      type="button"
      className={button}
      data-testid="theme-toggle"
      data-theme-current={theme}
      aria-label={next === 'light' ? t`Switch to light theme` : t`Switch to dark theme`}
      onClick={() => actor.send({ type: 'theme.toggle' })}
    >
      <Icon name={theme === 'dark' ? 'sun' : 'moon'} />
    </button>
  )
}
