// The social-registration prompt's sample facts: its model test walks them, and so does the flows
// registry.
import { createActor } from 'xstate'
import { dialogStackMachine } from '../../app/dialog-stack/dialog-stack.machine'
import { defineEntry, type SampleTable } from '../../flow-entry'
import { socialRegistrationPromptMachine } from './social-registration-prompt.machine'
import type { SocialRegistrationPromptEvent } from './social-registration-prompt.types'

export const facts = (loggedIn: boolean, completed: boolean, authOpen: boolean) => ({ type: 'prompt.facts' as const, loggedIn, completed, authOpen })

// Every combination of the facts.
export const socialRegistrationPromptSamples = {
  'prompt.facts': [true, false].flatMap((loggedIn) =>
    [true, false].flatMap((completed) => [true, false].map((authOpen) => facts(loggedIn, completed, authOpen))),
  ),
} satisfies SampleTable<SocialRegistrationPromptEvent>

export const socialRegistrationPromptEntry = defineEntry({
  name: 'social-registration-prompt',
  area: 'auth',
  spec: '§2.3 social registration with completion required',
  description: 'Opens social-registration completion once per page for a logged-in account whose registration is not completed',
  machine: socialRegistrationPromptMachine,
  input: { dialogs: createActor(dialogStackMachine) },
  redact: ['dialogs'],
  events: socialRegistrationPromptSamples,
})
