import type { IconName } from '../../shared/icons'

/** Decorative by default; pass `label` when the icon is the only content of a control. */
export function Icon({ name, size = 20, label }: { name: IconName; size?: number; label?: string }) {
  return (
    <svg width={size} height={size} aria-hidden={label ? undefined : true} role={label ? 'img' : undefined} aria-label={label} focusable="false">
      <use href={`#icon-${name}`} />
    </svg>
  )
}
