// The auth popup's social-registration completion, opened by itself: SPEC §2.3 (social registration
// with completion required).
//
// Why this shape. The page sends what it knows (logged in, registration completed, auth popup open)
// whenever that changes; the popup opens the first time a logged-in account with
// is_registration_completed false is seen while the auth popup is closed: on a page load, or right
// after a social login closed the popup. Once per page, so `asked` takes no more events: a player
// who closes it is asked again on the next page, which starts a new flow.

import { sendTo, setup } from 'xstate'
import { AUTH_DIALOG_ID } from '../auth-popup/auth-popup.ids'
import type { PromptFacts, SocialRegistrationPromptContext, SocialRegistrationPromptEvent, SocialRegistrationPromptInput } from './social-registration-prompt.types'

export const socialRegistrationPromptMachine = setup({
  types: {
    input: {} as SocialRegistrationPromptInput,
    context: {} as SocialRegistrationPromptContext,
    events: {} as SocialRegistrationPromptEvent,
  },
  actions: {
    /** Opens the auth popup at social-registration completion on the dialog stack. */
    openCompletion: sendTo(({ context }) => context.dialogs, {
      type: 'dialog.open',
      dialog: { id: AUTH_DIALOG_ID, kind: 'auth', props: { view: 'socialRegistration' } },
    }),
  },
  guards: {
    incomplete: (_, facts: PromptFacts) => facts.loggedIn && !facts.completed && !facts.authOpen,
  },
}).createMachine({
  id: 'socialRegistrationPrompt',
  context: ({ input }) => {
    if (!input.dialogs) throw new Error('socialRegistrationPromptMachine: input.dialogs is missing')
    return { dialogs: input.dialogs }
  },
  initial: 'watching',
  states: {
    watching: {
      on: {
        'prompt.facts': {
          guard: {
            type: 'incomplete',
            params: ({ event }) => ({ loggedIn: event.loggedIn, completed: event.completed, authOpen: event.authOpen }),
          },
          target: 'asked',
          actions: 'openCompletion',
        },
      },
    },
    asked: {},
  },
})

export type SocialRegistrationPromptMachine = typeof socialRegistrationPromptMachine
