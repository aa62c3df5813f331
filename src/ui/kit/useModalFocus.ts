import { useEffect, useEffectEvent, type RefObject } from 'react'

const FOCUSABLE = 'a[href], button, input, select, textarea, iframe, summary, [tabindex], [contenteditable="true"]'

// Modals can stack (a confirm over a curtain): only the top one answers Escape and Tab.
const openModals: object[] = []
let scrollLocks = 0
let restoreScroll = () => {}

export function tabbables(root: ParentNode | null): HTMLElement[] {
  if (!root) return []
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) =>
      el.tabIndex >= 0 &&
      !(el as HTMLButtonElement).disabled &&
      (el as HTMLInputElement).type !== 'hidden' &&
      !el.closest('[inert], [hidden]'),
  )
}

/**
 * Modal keyboard behaviour for an open Dialog or Curtain, run while the panel is mounted: moves focus in
 * (initialFocusRef, else the first control in the body, else the panel), keeps Tab inside, answers Escape,
 * locks page scroll, and gives focus back to where it was on close.
 */
export function useModalFocus(
  panelRef: RefObject<HTMLElement | null>,
  bodySelector: string,
  initialFocusRef: RefObject<HTMLElement | null> | undefined,
  onEscape: () => void,
) {
  const escape = useEffectEvent(onEscape)

  useEffect(() => {
    const panel = panelRef.current
    if (!panel) return
    const entry = {}
    openModals.push(entry)
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null
    const target = initialFocusRef?.current ?? tabbables(panel.querySelector(bodySelector))[0] ?? panel
    target.focus()
    const unlockScroll = lockScroll()

    const onKeyDown = (event: KeyboardEvent) => {
      // defaultPrevented: an inner widget (a combobox, a nested menu) already used this Escape.
      if (openModals.at(-1) !== entry || event.defaultPrevented) return
      if (event.key === 'Escape') {
        event.preventDefault()
        escape()
      } else if (event.key === 'Tab') {
        trapTab(event, panel)
      }
    }
    document.addEventListener('keydown', onKeyDown)

    return () => {
      document.removeEventListener('keydown', onKeyDown)
      openModals.splice(openModals.indexOf(entry), 1)
      unlockScroll()
      if (previous?.isConnected) previous.focus()
    }
  }, [panelRef, bodySelector, initialFocusRef])
}

function trapTab(event: KeyboardEvent, panel: HTMLElement) {
  const items = tabbables(panel)
  const first = items[0]
  const last = items.at(-1)
  const active = document.activeElement
  // Focus can leave the panel without a Tab (a click on the overlay when closing is prevented).
  const outside = active === panel || !panel.contains(active)
  if (!first || !last) {
    event.preventDefault()
    panel.focus()
  } else if (event.shiftKey && (active === first || outside)) {
    event.preventDefault()
    last.focus()
  } else if (!event.shiftKey && (active === last || outside)) {
    event.preventDefault()
    first.focus()
  }
}

function lockScroll() {
  if (scrollLocks++ === 0) {
    const style = document.body.style
    const { overflow, paddingRight } = style
    // Pad by the scrollbar's width so the page behind does not shift sideways.
    const gap = window.innerWidth - document.documentElement.clientWidth
    style.overflow = 'hidden'
    if (gap > 0) style.paddingRight = `${gap}px`
    restoreScroll = () => {
      style.overflow = overflow
      style.paddingRight = paddingRight
    }
  }
  return () => {
    if (--scrollLocks === 0) restoreScroll()
  }
}
