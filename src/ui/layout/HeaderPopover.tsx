import { useEffect, useEffectEvent, useRef, type ComponentPropsWithoutRef, type RefObject } from 'react'
import { useLocation } from 'react-router'
import { css, cx } from 'styled-system/css'
import { selectMenusRef } from '../../machines/app/app/app.selectors'
import { selectIsMenuOpen } from '../../machines/app/header-menus/header-menus.selectors'
import type { HeaderMenu } from '../../machines/app/header-menus/header-menus.types'
import { useSelector } from '@xstate/react'
import { useAppActor, useAppSelector } from '../app/AppProviders'
import { tabbables } from '../kit/useModalFocus'

/** Whether the header menu is open, and the events its views send (they never decide it themselves). */
export function useHeaderMenu(menu: HeaderMenu) {
  const app = useAppActor()
  const menus = useAppSelector(selectMenusRef)
  if (!menus) throw new Error("the root actor has no 'menus' child")
  const open = useSelector(menus, selectIsMenuOpen(menu))
  return {
    open,
    toggle: () => app.send({ type: 'menu.toggle', menu }),
    close: () => app.send({ type: 'menu.close' }),
  }
}

/** A new page (a link, back, a redirect) closes whichever header menu was open over the old one. */
export function useCloseMenusOnNavigation() {
  const app = useAppActor()
  const { key } = useLocation()
  const shown = useRef(key)
  useEffect(() => {
    if (key === shown.current) return
    shown.current = key
    app.send({ type: 'menu.close' })
  }, [app, key])
}

/**
 * A non-modal popover's keyboard and pointer behaviour, while it is open: focus moves in (the panel
 * itself, or its first control), Escape closes it and gives focus back to the trigger, and a click
 * or focus anywhere outside the trigger and the panel closes it.
 */
export function usePopoverDismiss({
  open,
  onClose,
  triggerRef,
  panelRef,
  focus,
}: {
  open: boolean
  onClose: () => void
  triggerRef: RefObject<HTMLElement | null>
  panelRef: RefObject<HTMLElement | null>
  focus: 'panel' | 'first'
}) {
  const close = useEffectEvent(onClose)
  useEffect(() => {
    if (!open) return
    const panel = panelRef.current
    const trigger = triggerRef.current
    if (!panel) return
    ;(focus === 'first' ? (tabbables(panel)[0] ?? panel) : panel).focus()
    const inside = (target: EventTarget | null) => target instanceof Node && (panel.contains(target) || Boolean(trigger?.contains(target)))
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return
      event.preventDefault()
      close()
      trigger?.focus()
    }
    const onOutside = (event: Event) => {
      if (!inside(event.target)) close()
    }
    document.addEventListener('keydown', onKeyDown)
    document.addEventListener('pointerdown', onOutside)
    document.addEventListener('focusin', onOutside)
    return () => {
      document.removeEventListener('keydown', onKeyDown)
      document.removeEventListener('pointerdown', onOutside)
      document.removeEventListener('focusin', onOutside)
    }
  }, [open, focus, panelRef, triggerRef])
}

// Phones: a sheet across the width just under the sticky header; wider: a card under its trigger.
const panel = css({
  position: { base: 'fixed', tablet: 'absolute' },
  top: { base: 'calc(token(sizes.14) + env(safe-area-inset-top, 0px) + token(spacing.1))', tablet: 'calc(100% + token(spacing.2))' },
  left: { base: '2', tablet: 'auto' },
  right: { base: '2', tablet: '0' },
  w: { tablet: '20rem' },
  maxH: 'calc(100dvh - token(sizes.14) - token(spacing.4))',
  overflowY: 'auto',
  zIndex: 'dialog',
  p: '4',
  bg: 'surfaceRaised',
  color: 'text',
  border: '1px solid',
  borderColor: 'border',
  borderRadius: 'lg',
  boxShadow: 'raised',
  _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' },
  _motionSafe: { animation: 'toastIn token(durations.fast) token(easings.standard)' },
})

export const popoverAnchor = css({ position: { tablet: 'relative' }, display: 'flex', alignItems: 'center' })

/** The popover's box, rendered right after its trigger so the tab order runs from one into the other. */
export function PopoverPanel({ panelRef, className, ...rest }: Omit<ComponentPropsWithoutRef<'div'>, 'ref'> & { panelRef: RefObject<HTMLDivElement | null> }) {
  return <div ref={panelRef} className={cx(panel, className)} {...rest} />
}
