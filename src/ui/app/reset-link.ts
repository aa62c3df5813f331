import { useEffect } from 'react'
import { RESET_TOKEN_FRAGMENT } from '../../services/api/contract/auth'
import { RESET_PASSWORD_DIALOG_ID } from '../auth/auth-popup/AuthPopupShell.ids'
import { useDialogs } from './AppProviders'

/**
 * The token of a recovery link, `#reset_token=<token>`; null when the fragment names none. An
 * empty value is '' (the link was cut short): the dialog then says the link is not valid.
 */
export function readResetToken(hash: string): string | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''))
  return params.has(RESET_TOKEN_FRAGMENT) ? (params.get(RESET_TOKEN_FRAGMENT) ?? '') : null
}

/**
 * Opens the reset-password dialog when the page loads from a recovery link (or the fragment
 * changes to one), and takes the token
 * out of the address bar at once, so it is neither bookmarked, shared, nor left in the history.
 */
export function useResetLink(): void {
  const dialogs = useDialogs()
  useEffect(() => {
    const open = () => {
      const token = readResetToken(window.location.hash)
      if (token === null) return
      window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search)
      // A link followed again replaces the dialog of the one before.
      dialogs.send({ type: 'dialog.close', id: RESET_PASSWORD_DIALOG_ID, immediate: true })
      dialogs.send({ type: 'dialog.open', dialog: { id: RESET_PASSWORD_DIALOG_ID, kind: 'reset-password', props: { token } } })
    }
    open()
    // The link opened in a tab already on the site changes only the fragment: no new page load.
    window.addEventListener('hashchange', open)
    return () => window.removeEventListener('hashchange', open)
  }, [dialogs])
}
