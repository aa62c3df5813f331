import { cx } from 'styled-system/css'
import { spinner } from 'styled-system/recipes'

/** Decorative: whatever shows it also says "busy" to assistive tech (aria-busy, a status text). */
export function Spinner({ className }: { className?: string }) {
  return <span aria-hidden="true" className={cx(spinner(), className)} />
}
