import { useLingui } from '@lingui/react/macro'
import { css } from 'styled-system/css'
import { selectTheme } from '../../machines/app/app/app.selectors'
import { THEME_SWITCH_PATH } from '../../shared/preferences'
import { useAppActor, useAppSelector } from '../app/AppProviders'
import { Icon } from '../icons/Icon'
import { useCurrentHref } from './enhanced-click'

const form = css({ display: 'contents' })

const button = css({
  display: 'inline-grid', placeItems: 'center', w: '10', h: '10', borderRadius: 'md', color: 'text', bg: 'transparent', cursor: 'pointer',
  _hover: { bg: 'surfaceRaised' }, _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' },
})

const withLabel = css({
  display: 'flex', alignItems: 'center', gap: '3', w: 'full', minH: '11', px: '3', borderRadius: 'md', color: 'text', bg: 'transparent',
  cursor: 'pointer', fontSize: 'md', textAlign: 'start', '& svg': { color: 'textMuted' },
  _hover: { bg: 'surface' }, _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '-2px' },
})

/**
 * The theme switch: an icon in the header; with `labelled`, icon and words (the phone's menu sheet).
 * A form posting to the server's switch, so a tap before hydration (or without JavaScript) still
 * switches and comes back; once hydrated the root actor switches in the page instead.
 */
export function ThemeToggle({ labelled = false }: { labelled?: boolean }) {
  const { t } = useLingui()
  const actor = useAppActor()
  const theme = useAppSelector(selectTheme)
  const back = useCurrentHref()
  const next = theme === 'dark' ? 'light' : 'dark'
  const label = next === 'light' ? t`Switch to light theme` : t`Switch to dark theme`
  return (
    <form
      method="post"
      action={THEME_SWITCH_PATH}
      className={form}
      onSubmit={(event) => {
        event.preventDefault()
        actor.send({ type: 'theme.toggle' })
      }}
    >
      <input type="hidden" name="theme" value={next} />
      <input type="hidden" name="back" value={back} />
      <button
        type="submit"
        className={labelled ? withLabel : button}
        data-testid={labelled ? 'menu-theme-toggle' : 'theme-toggle'}
        data-theme-current={theme}
        aria-label={labelled ? undefined : label}
      >
        <Icon name={theme === 'dark' ? 'sun' : 'moon'} />
        {labelled ? <span>{label}</span> : null}
      </button>
    </form>
  )
}
