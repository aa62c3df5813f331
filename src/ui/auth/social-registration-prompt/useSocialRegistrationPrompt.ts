import { useSelector } from '@xstate/react'
import { useEffect } from 'react'
import { selectAccount, selectIsLoggedIn } from '../../../machines/app/app/app.selectors'
import { selectIsDialogOpen } from '../../../machines/app/dialog-stack/dialog-stack.selectors'
import { socialRegistrationPromptMachine } from '../../../machines/auth/social-registration-prompt/social-registration-prompt.machine'
import { useAppSelector, useDialogs } from '../../app/AppProviders'
import { useFlowActor } from '../../app/useFlowActor'
import { AUTH_DIALOG_ID } from '../auth-popup/AuthPopupShell.ids'

const selectAuthOpen = selectIsDialogOpen(AUTH_DIALOG_ID)

/**
 * SPEC §2.3: tells the social-registration prompt what the page knows; the prompt's machine decides
 * when social-registration completion opens (social-registration-prompt.machine.ts).
 */
export function useSocialRegistrationPrompt(): void {
  const dialogs = useDialogs()
  const prompt = useFlowActor(socialRegistrationPromptMachine, { input: { dialogs } })
  const loggedIn = useAppSelector(selectIsLoggedIn)
  const completed = useAppSelector((s) => selectAccount(s).is_registration_completed)
  const authOpen = useSelector(dialogs, selectAuthOpen)
  useEffect(() => {
    prompt.send({ type: 'prompt.facts', loggedIn, completed, authOpen })
  }, [prompt, loggedIn, completed, authOpen])
}
