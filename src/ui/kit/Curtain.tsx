import { curtain } from 'styled-system/recipes'
import { ModalFrame, type ModalProps } from './ModalFrame'

export type CurtainProps = ModalProps & { position?: 'left' | 'right' }

/** Modal side panel (SPEC §2.4, left by default); slides in unless the player prefers reduced motion. */
export function Curtain({ position = 'left', ...props }: CurtainProps) {
  return <ModalFrame {...props} classes={curtain({ position })} />
}
