import { iconHref } from '../../shared/icon-sprite'
import type { IconName } from '../../shared/icons'

/**
 * One icon from the sprite file (/_icons/sprite-<hash>.svg, cached for a year): the HTML carries
 * a reference, not the drawing. Decorative by default; pass `label` when the icon is the only
 * content of a control. Width and height are set, so nothing moves when the sprite arrives.
 */
export function Icon({ name, size = 20, label }: { name: IconName; size?: number; label?: string }) {
  return (
    <svg width={size} height={size} aria-hidden={label ? undefined : true} role={label ? 'img' : undefined} aria-label={label} focusable="false">
      <use href={iconHref(name)} />
    </svg>
  )
}
