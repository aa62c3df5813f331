import { useId, useRef, type ReactNode, type RefObject } from 'react'
import { CloseButton } from './CloseButton'
import { Portal } from './Portal'
import { useModalFocus } from './useModalFocus'

/** What Dialog and Curtain share; they differ only in layout (their slot recipes). */
export type ModalProps = {
  open: boolean
  /** Called on Escape, overlay click and the close button, never while preventClose is set. */
  onClose: () => void
  /** The accessible name; wrap it in VisuallyHidden if the design shows no heading. */
  title: ReactNode
  description?: ReactNode
  children?: ReactNode
  /** The player must answer inside: no Escape, no overlay close, no close button. */
  preventClose?: boolean
  hideClose?: boolean
  /** Focused on open; defaults to the first control in the body, else the panel itself. */
  initialFocusRef?: RefObject<HTMLElement | null>
}

type Slots = Record<'positioner' | 'overlay' | 'panel' | 'header' | 'title' | 'body', string>

export function ModalFrame(props: ModalProps & { classes: Slots }) {
  if (!props.open) return null
  return (
    <Portal>
      <OpenModal {...props} />
    </Portal>
  )
}

const BODY = '[data-modal-body]'

function OpenModal({ onClose, title, description, children, preventClose, hideClose, initialFocusRef, classes }: ModalProps & { classes: Slots }) {
  const panelRef = useRef<HTMLDivElement>(null)
  const titleId = useId()
  const descriptionId = useId()
  const requestClose = () => {
    if (!preventClose) onClose()
  }
  useModalFocus(panelRef, BODY, initialFocusRef, requestClose)

  return (
    <div className={classes.positioner}>
      <div className={classes.overlay} aria-hidden="true" data-testid="modal-overlay" onClick={requestClose} />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        className={classes.panel}
      >
        <div className={classes.header}>
          <h2 id={titleId} className={classes.title}>
            {title}
          </h2>
          {!preventClose && !hideClose && <CloseButton onClick={onClose} />}
        </div>
        <div className={classes.body} data-modal-body="">
          {description && <p id={descriptionId}>{description}</p>}
          {children}
        </div>
      </div>
    </div>
  )
}
