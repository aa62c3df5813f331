// The promise side of SPEC §2.4's generic confirm dialog: open it, await true or false.
import type { ActorRefFrom } from 'xstate'
import type { dialogStackMachine } from './dialog-stack.machine'
import type { ConfirmProps } from './dialog-stack.types'
import { createId, type IdGenerator } from '../id'

export type DialogStackRef = ActorRefFrom<typeof dialogStackMachine>

export interface ConfirmRequest {
  readonly props: ConfirmProps
  readonly preventClose?: boolean
  /** Waits for the open dialogs to close first instead of stacking on top. */
  readonly queue?: boolean
  readonly id?: string
}

/**
 * Opens a confirm dialog on the stack and settles with the player's answer: true for agree, false
 * for reject, Escape, overlay click, or any close. Relies on the default `resolveConfirm`, which
 * emits 'dialog.confirm.resolved'. If the stack actor stops first, the answer is false.
 */
export function askConfirm(
  dialogs: DialogStackRef,
  request: ConfirmRequest,
  generateId: IdGenerator = createId,
): Promise<boolean> {
  const id = request.id ?? generateId()
  return new Promise<boolean>((resolve) => {
    const settle = (answer: boolean) => {
      emitted.unsubscribe()
      stopped.unsubscribe()
      resolve(answer)
    }
    const emitted = dialogs.on('dialog.confirm.resolved', (event) => {
      if (event.id === id) settle(event.answer)
    })
    const stopped = dialogs.subscribe({ complete: () => settle(false), error: () => settle(false) })
    dialogs.send({
      type: 'dialog.open',
      dialog: { id, kind: 'confirm', props: request.props, preventClose: request.preventClose ?? false },
      queue: request.queue ?? false,
    })
  })
}
