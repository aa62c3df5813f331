import type { ActorRefFrom } from 'xstate'
import { FOCUS_FIRST_ERROR } from '../../../machines/forms/focus-first-error'
import type { fairnessMachine } from '../../../machines/games/fairness/fairness.machine'
import type { FairnessFormName } from '../../../machines/games/fairness/fairness.types'
import type { ErrorFocusSource } from '../../kit/Form'

export type FairnessRef = ActorRefFrom<typeof fairnessMachine>

/**
 * One of the page's three forms as the kit's Form sees a flow: it hears only the refusals of its
 * own submit, so a refused rotation never moves focus to the manual form's fields.
 */
export function formFlow(actor: FairnessRef, form: FairnessFormName): ErrorFocusSource {
  return {
    on: (type, handler) => actor.on(type, (event) => (event.type === FOCUS_FIRST_ERROR && event.form === form ? handler() : undefined)),
  }
}
