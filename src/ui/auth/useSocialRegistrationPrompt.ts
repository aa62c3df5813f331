import { useSelector } from '@xstate/react'
import { useEffect, useRef } from 'react'
import { selectAccount, selectIsLoggedIn } from '../../machines/app/app.selectors'
import { selectIsDialogOpen } from '../../machines/app/dialog-stack.selectors'
import { useAppSelector, useDialogs } from '../app/AppProviders'
import { AUTH_DIALOG_ID } from './AuthPopupShell.ids'

const selectAuthOpen = selectIsDialogOpen(AUTH_DIALOG_ID)

/**
 * SPEC §2.3: the popup for social registration with completion required opens by itself when the
 * logged-in account has is_registration_completed false: on a page load, or right after a social
 * login closed the popup. Once per page: a player who closes it is asked again on the next page.
 */
export function useSocialRegistrationPrompt(): void {
  const dialogs = useDialogs()
  const loggedIn = useAppSelector(selectIsLoggedIn)
  const completed = useAppSelector((s) => selectAccount(s).is_registration_completed)
  const authOpen = useSelector(dialogs, selectAuthOpen)
  const asked = useRef(false)
  useEffect(() => {
    if (!loggedIn || completed || authOpen || asked.current) return
    asked.current = true
    dialogs.send({ type: 'dialog.open', dialog: { id: AUTH_DIALOG_ID, kind: 'auth', props: { view: 'socialRegistration' } } })
  }, [loggedIn, completed, authOpen, dialogs])
}
