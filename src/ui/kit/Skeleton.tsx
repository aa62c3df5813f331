import { cx } from 'styled-system/css'
import { skeleton } from 'styled-system/recipes'

export type SkeletonProps = {
  /** A number is pixels. Defaults to the full width. */
  width?: number | string
  /** A number is pixels. Defaults to one line of text. */
  height?: number | string
  radius?: 'sm' | 'md' | 'lg' | 'full'
  className?: string
}

/**
 * A placeholder that holds the space of content still loading, so nothing jumps when it arrives.
 * Hidden from assistive tech: mark the loading container aria-busy instead.
 */
export function Skeleton({ width = '100%', height = '1em', radius, className }: SkeletonProps) {
  return <span aria-hidden="true" className={cx(skeleton({ radius }), className)} style={{ width, height }} />
}
