import { useLingui } from '@lingui/react/macro'
import { useId, useRef } from 'react'
import { css } from 'styled-system/css'
import { selectAccount } from '../../machines/app/app/app.selectors'
import { useAppSelector } from '../app/AppProviders'
import { Icon } from '../icons/Icon'
import { PopoverPanel, popoverAnchor, useHeaderMenu, usePopoverDismiss } from './HeaderPopover'
import { PlayerMenuLinks } from './PlayerMenuLinks'

const avatar = css({
  display: 'inline-grid', placeItems: 'center', w: '9', h: '9', borderRadius: 'full', cursor: 'pointer', flexShrink: 0,
  bg: 'accent', color: 'accentText', fontWeight: 'semibold', fontSize: 'md', border: '2px solid transparent',
  '&[aria-expanded=true]': { borderColor: 'text' },
  _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' },
})
const who = css({ px: '3', pb: '3', mb: '2', borderBottom: '1px solid token(colors.border)', display: 'grid', gap: '0.5', minW: '0' })
const whoLabel = css({ fontSize: 'xs', color: 'textMuted' })
const whoName = css({ fontWeight: 'semibold', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' })

/** The first letter of the player's nickname or login (an e-mail's local part), for the avatar; null when it has none. */
export function initialOf(account: { fakename: string | null; login: string }): string | null {
  const name = (account.fakename || account.login).split('@')[0] ?? ''
  const letter = /\p{L}/u.exec(name)?.[0]
  return letter ? letter.toLocaleUpperCase() : null
}

/** DESIGN 'Layout': a player's profile menu in the header, an avatar that opens their own pages. */
export function AccountMenu() {
  const { t } = useLingui()
  const account = useAppSelector(selectAccount)
  const { open, toggle, close } = useHeaderMenu('account')
  const triggerRef = useRef<HTMLButtonElement>(null)
  const panelRef = useRef<HTMLDivElement>(null)
  const panelId = useId()
  usePopoverDismiss({ open, onClose: close, triggerRef, panelRef, focus: 'first' })
  const initial = initialOf(account)
  const name = account.fakename || account.login
  return (
    <div className={popoverAnchor}>
      <button
        ref={triggerRef}
        type="button"
        className={avatar}
        aria-label={t`Account menu`}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        data-testid="account-menu-button"
        onClick={toggle}
      >
        {initial ? <span aria-hidden="true">{initial}</span> : <Icon name="user" />}
      </button>
      {open ? (
        <PopoverPanel panelRef={panelRef} id={panelId} data-testid="account-menu">
          <nav aria-label={t`Account`}>
            <p className={who}>
              <span className={whoLabel}>{t`Logged in as`}</span>
              <span className={whoName}>{name}</span>
            </p>
            <PlayerMenuLinks onChoose={close} />
          </nav>
        </PopoverPanel>
      ) : null}
    </div>
  )
}
