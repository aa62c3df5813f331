import { useSelector } from '@xstate/react'
import { useEffect, useRef } from 'react'
import { useSearchParams } from 'react-router'
import { selectIsDialogOpen } from '../../../machines/app/dialog-stack/dialog-stack.selectors'
import { authPopupFromQuery, withoutAuthFlags } from '../../../machines/app/query-flags'
import { useDialogs } from '../../app/AppProviders'
import { AUTH_DIALOG_ID } from './AuthPopupShell.ids'
import { useSocialRegistrationPrompt } from '../social-registration-prompt/useSocialRegistrationPrompt'

const selectAuthOpen = selectIsDialogOpen(AUTH_DIALOG_ID)

/** SPEC §2.2: the query flags open the auth popup; closing it clears them from the address. */
export function useAuthPopupFlags() {
  useSocialRegistrationPrompt()
  const [params, setParams] = useSearchParams()
  const dialogs = useDialogs()
  const isOpen = useSelector(dialogs, selectAuthOpen)
  const request = authPopupFromQuery(params)
  const wasOpen = useRef(false)

  useEffect(() => {
    if (!request || dialogs.getSnapshot().context.stack.some((d) => d.id === AUTH_DIALOG_ID)) return
    dialogs.send({ type: 'dialog.open', dialog: { id: AUTH_DIALOG_ID, kind: 'auth', props: { view: request.view }, preventClose: request.preventClose } })
    // Only a change of the flags themselves reopens the popup.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [request?.view, request?.preventClose])

  useEffect(() => {
    if (isOpen) {
      wasOpen.current = true
      return
    }
    if (!wasOpen.current) return
    wasOpen.current = false
    if (authPopupFromQuery(params)) setParams(withoutAuthFlags(params), { replace: true, preventScrollReset: true })
  }, [isOpen, params, setParams])
}
