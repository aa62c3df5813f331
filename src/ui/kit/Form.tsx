import { useCallback, useEffect, useRef, useState, type ComponentPropsWithRef, type RefCallback, type RefObject } from 'react'
import { FOCUS_FIRST_ERROR } from '../../machines/forms/focus-first-error'

/** A running flow that emits FOCUS_FIRST_ERROR after a refused submit (any XState actor does). */
export interface ErrorFocusSource {
  on(type: typeof FOCUS_FIRST_ERROR, handler: () => void): { unsubscribe(): void }
}

const reducedMotion = (win: Window | null): boolean => win?.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false

/**
 * Scrolls the first invalid control of `root` (document order, `aria-invalid="true"`: what Input,
 * Select and the form's own checkboxes set with their error) into the middle of the view and
 * focuses it, so a screen reader reads its label and error. Returns it, or null when none is.
 */
export function focusFirstInvalid(root: ParentNode): HTMLElement | null {
  const first = root.querySelector<HTMLElement>('[aria-invalid="true"]')
  if (!first) return null
  const win = first.ownerDocument.defaultView
  // The middle, not the top: a sticky header would cover a field scrolled to the top edge.
  first.scrollIntoView?.({ block: 'center', behavior: reducedMotion(win) ? 'auto' : 'smooth' })
  first.focus({ preventScroll: true })
  return first
}

/**
 * Takes the player to the first error of `root` whenever `flow` asks (FOCUS_FIRST_ERROR), once the
 * render that shows the errors has committed. Form uses it; a group of fields that cannot be a
 * form of its own (one nested in another form) uses it on its container.
 */
export function useFirstErrorFocus(flow: ErrorFocusSource | null | undefined, root: RefObject<HTMLElement | null>) {
  const [request, setRequest] = useState(0)
  useEffect(() => {
    if (!flow) return
    const subscription = flow.on(FOCUS_FIRST_ERROR, () => setRequest((n) => n + 1))
    return () => subscription.unsubscribe()
  }, [flow])
  // After the commit of the render the request came with: the errors it announces are in the DOM.
  useEffect(() => {
    if (request > 0 && root.current) focusFirstInvalid(root.current)
  }, [request, root])
}

/**
 * The site's form: every form with field errors uses it, so a refused submit always takes the
 * player to the first error. The flow decides when (its `focusFirstError` action emits
 * FOCUS_FIRST_ERROR); the form only knows where the fields are.
 * `noValidate`: the flows validate with SPEC §5, the browser's own bubbles would get in first.
 * `method="post"` unless told: a submit before hydration (or without JavaScript) is the browser's
 * own, and a GET would put the fields, a password among them, in the address and its history.
 */
export function Form({ flow, ref: outer, ...props }: ComponentPropsWithRef<'form'> & { flow: ErrorFocusSource | null | undefined }) {
  const ref = useRef<HTMLFormElement | null>(null)
  // The view may hold the form too (React 19 passes `ref` as a prop).
  const setRef: RefCallback<HTMLFormElement> = useCallback(
    (node) => {
      ref.current = node
      if (typeof outer === 'function') outer(node)
      else if (outer) outer.current = node
    },
    [outer],
  )
  useFirstErrorFocus(flow, ref)
  return <form ref={setRef} method="post" noValidate {...props} />
}
