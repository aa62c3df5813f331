import { css } from 'styled-system/css'
import type { ConfirmProps } from '../../../machines/app/dialog-stack/dialog-stack.types'
import { Button } from '../../kit/Button'
import { Dialog } from '../../kit/Dialog'
import { VisuallyHidden } from '../../kit/VisuallyHidden'

const actions = css({ display: 'flex', gap: '3', justifyContent: 'flex-end', mt: '6' })

/** SPEC §2.4 generic confirm: agree answers true; reject, overlay and Escape answer false. */
export function ConfirmDialog({ props, preventClose, onAnswer }: { props: ConfirmProps; preventClose: boolean; onAnswer: (answer: boolean) => void }) {
  return (
    <Dialog open size="sm" title={<VisuallyHidden>{props.content}</VisuallyHidden>} onClose={() => onAnswer(false)} preventClose={preventClose} hideClose>
      <p>{props.content}</p>
      <div className={actions}>
        <Button variant="secondary" onClick={() => onAnswer(false)}>
          {props.textReject}
        </Button>
        <Button variant="primary" onClick={() => onAnswer(true)}>
          {props.textAgree}
        </Button>
      </div>
    </Dialog>
  )
}
