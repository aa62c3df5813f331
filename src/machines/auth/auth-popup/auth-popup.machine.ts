// The auth popup's navigation: SPEC §2.3 (one popup, a view at a time, links between them).
//
// Why this shape. One state per view, so the popup can never show two; the links are the events,
// and each view has only the links SPEC §2.3 gives it (social-registration completion has none: the
// player finishes or closes it). The popup opens at the view it was asked for, through `opening`,
// whose guards read the request once; an unknown request, or twofa (a step of the login flow that
// cannot be opened by itself), opens the login view.

import { setup } from 'xstate'
import type { AuthPopupContext, AuthPopupEvent, AuthPopupInput, AuthPopupView } from './auth-popup.types'

export const authPopupMachine = setup({
  types: {
    input: {} as AuthPopupInput,
    context: {} as AuthPopupContext,
    events: {} as AuthPopupEvent,
  },
  guards: {
    requested: ({ context }, params: { view: AuthPopupView }) => context.requested === params.view,
  },
}).createMachine({
  id: 'authPopup',
  context: ({ input }) => ({ requested: input.view }),
  initial: 'opening',
  states: {
    opening: {
      always: [
        { guard: { type: 'requested', params: { view: 'registration' } }, target: 'registration' },
        { guard: { type: 'requested', params: { view: 'restore' } }, target: 'restore' },
        { guard: { type: 'requested', params: { view: 'socialRegistration' } }, target: 'socialRegistration' },
        { target: 'authorization' },
      ],
    },
    authorization: {
      on: { 'popup.registration': 'registration', 'popup.restore': 'restore' },
    },
    registration: {
      on: { 'popup.login': 'authorization' },
    },
    restore: {
      on: { 'popup.login': 'authorization' },
    },
    socialRegistration: {},
  },
})

export type AuthPopupMachine = typeof authPopupMachine
