import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react'
import { useSelector } from '@xstate/react'
import { css } from 'styled-system/css'
import { selectMode, selectModes, selectShowModeSwitcher } from '../../../machines/auth/registration/registration.selectors'
import type { RegistrationMode } from '../../../machines/auth/registration/registration.types'
import type { RegistrationRef } from './registration-ref'

const segmented = css({ display: 'grid', gridAutoFlow: 'column', gridAutoColumns: '1fr', gap: '1', p: '1', borderRadius: 'md', bg: 'bg', border: '1px solid', borderColor: 'border' })
const segment = css({
  minH: '10', px: '3', borderRadius: 'sm', bg: 'transparent', color: 'textMuted', fontWeight: 'semibold', cursor: 'pointer',
  '&[aria-pressed=true]': { bg: 'surfaceRaised', color: 'text', boxShadow: 'raised' },
  _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' },
})

const MODE_LABELS: Record<RegistrationMode, MessageDescriptor> = {
  form: msg`Full form`,
  fast: msg`Quick`,
  social: msg`Social`,
}

/** The sign-up modes the content system offers (SPEC §2.3), when there is more than one. */
export function ModeSwitcher({ actor }: { actor: RegistrationRef }) {
  const { i18n } = useLingui()
  const mode = useSelector(actor, selectMode)
  const modes = useSelector(actor, selectModes)
  const shown = useSelector(actor, selectShowModeSwitcher)
  if (!shown) return null
  return (
    <div className={segmented} role="group" aria-label={i18n._(msg`How to sign up`)}>
      {modes.map((m) => (
        <button key={m} type="button" className={segment} aria-pressed={m === mode} onClick={() => actor.send({ type: 'reg.mode.select', mode: m })}>
          {i18n._(MODE_LABELS[m])}
        </button>
      ))}
    </div>
  )
}
