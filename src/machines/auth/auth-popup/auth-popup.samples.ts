// The auth popup's sample events: its model test walks them, and so does the flows registry.
import { defineEntry, type SampleTable } from '../../flow-entry'
import { authPopupMachine } from './auth-popup.machine'
import type { AuthPopupEvent } from './auth-popup.types'

// Every event type needs samples, or this does not compile.
export const authPopupSamples = {
  'popup.login': [{ type: 'popup.login' }],
  'popup.registration': [{ type: 'popup.registration' }],
  'popup.restore': [{ type: 'popup.restore' }],
} satisfies SampleTable<AuthPopupEvent>

export const authPopupEntry = defineEntry({
  name: 'auth-popup',
  area: 'auth',
  spec: '§2.3 auth popup',
  description: 'The auth popup: the view it opens at (login, sign-up, password reset, social completion) and the links between them',
  machine: authPopupMachine,
  input: { view: 'authorization' },
  // Social completion is only ever opened at: no link leads to it.
  otherInputs: [{ view: 'socialRegistration' }],
  events: authPopupSamples,
})
