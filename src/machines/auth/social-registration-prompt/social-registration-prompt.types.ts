// Types of the prompt that opens social-registration completion by itself (SPEC §2.3).
import type { ActorRefFrom } from 'xstate'
import type { dialogStackMachine } from '../../app/dialog-stack/dialog-stack.machine'

export interface SocialRegistrationPromptInput {
  /** The root actor's dialog stack, where the auth popup opens. */
  readonly dialogs: ActorRefFrom<typeof dialogStackMachine>
}

export interface SocialRegistrationPromptContext {
  readonly dialogs: ActorRefFrom<typeof dialogStackMachine>
}

/** What the page knows now: sent whenever one of them changes. */
export interface PromptFacts {
  readonly loggedIn: boolean
  /** The account's is_registration_completed. */
  readonly completed: boolean
  /** The auth popup is open already (a login in progress, or the prompt itself). */
  readonly authOpen: boolean
}

export type SocialRegistrationPromptEvent = { type: 'prompt.facts' } & PromptFacts
