// After a refused submit (SPEC §5 rules on the client, or field errors from the server) the player
// is taken to the first error: every form flow emits FOCUS_FIRST_ERROR from its `focusFirstError`
// action, and the kit's Form (src/ui/kit/Form.tsx) scrolls to the first invalid field and focuses
// it once the errors are on screen. The machine says when; the view only knows where the fields are.
export const FOCUS_FIRST_ERROR = 'form.focusFirstError' as const

/** What a form flow emits (`types: { emitted: {} as FormEmitted }`). */
export type FormEmitted = { readonly type: typeof FOCUS_FIRST_ERROR }

/**
 * The event of every form flow's named action, made where the machine's types are known:
 * `actions: { focusFirstError: emit(FOCUS_FIRST_ERROR_EVENT) }`.
 */
export const FOCUS_FIRST_ERROR_EVENT: FormEmitted = Object.freeze({ type: FOCUS_FIRST_ERROR })
