// What views read from the dialog stack (ARCHITECTURE §7 rule 4: selectors, never state strings).
import type { SnapshotFrom } from 'xstate'
import type { dialogStackMachine } from './dialog-stack.machine'
import type { Dialog } from './dialog-stack.types'

export type DialogStackSnapshot = SnapshotFrom<typeof dialogStackMachine>

/** Open dialogs, bottom first; render them in this order so the top one paints last. */
export const selectOpenDialogs = (snapshot: DialogStackSnapshot): readonly Dialog[] => snapshot.context.stack

/** The dialog that receives Escape and overlay clicks, if any. */
export const selectTopDialog = (snapshot: DialogStackSnapshot): Dialog | undefined => snapshot.context.stack.at(-1)

/** Page scroll is locked exactly while a dialog is open; SSR reads this to render the locked body. */
export const selectIsScrollLocked = (snapshot: DialogStackSnapshot): boolean => snapshot.matches('open')

/** Whether a dialog is showing (queued ones are not). */
export const selectIsDialogOpen =
  (id: string) =>
  (snapshot: DialogStackSnapshot): boolean =>
    snapshot.context.stack.some((d) => d.id === id)

/** Whether the close button may show and Escape works for this dialog (SPEC §2.3). */
export const selectCanDismiss =
  (id: string) =>
  (snapshot: DialogStackSnapshot): boolean =>
    snapshot.context.stack.some((d) => d.id === id && !d.preventClose)
