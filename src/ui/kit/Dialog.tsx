import { dialog } from 'styled-system/recipes'
import { ModalFrame, type ModalProps } from './ModalFrame'

export type DialogProps = ModalProps & { size?: 'sm' | 'md' | 'lg' }

/** Modal dialog (SPEC §2.4): a full-height sheet on phones, a centred card from the tablet breakpoint. */
export function Dialog({ size = 'md', ...props }: DialogProps) {
  return <ModalFrame {...props} classes={dialog({ size })} />
}
