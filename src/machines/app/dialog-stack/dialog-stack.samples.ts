// Sample events of the dialog stack, walked by its model test and by the flows registry.
import { defineEntry, type SampleTable } from '../../flow-entry'
import { dialogStackMachine } from './dialog-stack.machine'
import type { DialogRequest, DialogStackEvent } from './dialog-stack.types'

export const promoDialog = { id: 'promo', kind: 'promo-activated' } satisfies DialogRequest
export const registrationDialog = {
  id: 'reg',
  kind: 'auth',
  props: { view: 'registration' },
  preventClose: true, // SPEC §2.2 prevent_close=1
} satisfies DialogRequest
export const burnBonusesDialog = {
  id: 'ask',
  kind: 'confirm',
  props: { content: 'Burn your bonuses?', textAgree: 'Continue', textReject: 'Cancel' },
} satisfies DialogRequest

// Every event type needs samples, or this does not compile.
export const dialogStackSamples = {
  'dialog.open': [promoDialog, registrationDialog, burnBonusesDialog].flatMap((dialog) => [
    { type: 'dialog.open' as const, dialog },
    { type: 'dialog.open' as const, dialog, queue: true },
  ]),
  'dialog.close': ['promo', 'reg', 'ask', 'unknown'].flatMap((id) => [
    { type: 'dialog.close' as const, id },
    { type: 'dialog.close' as const, id, immediate: true },
  ]),
  'dialog.closeTop': [{ type: 'dialog.closeTop' }],
  'dialog.confirm.answer': [
    { type: 'dialog.confirm.answer', id: 'ask', answer: true },
    { type: 'dialog.confirm.answer', id: 'ask', answer: false },
    { type: 'dialog.confirm.answer', id: 'promo', answer: true },
  ],
  'app.hydrated': [{ type: 'app.hydrated' }],
} satisfies SampleTable<DialogStackEvent>

export const dialogStackEntry = defineEntry({
  name: 'dialog-stack',
  area: 'app',
  spec: '§4 Dialog stack, §2.3, §2.4',
  description: 'Open, queued and closing dialogs; locks page scroll while any is open; settles confirms',
  machine: dialogStackMachine,
  events: dialogStackSamples,
})
