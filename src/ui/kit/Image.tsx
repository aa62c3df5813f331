import { useCallback, useEffect, useRef, useState, type CSSProperties } from 'react'
import { afterImageError, FALLBACK_IMAGE, imageCandidates, IPX_PREFIX, type ImageFit } from '../../shared/images'

export interface ImageProps {
  /** A path in our storage (`/images/x.svg`), an allowlisted URL, or a data: URI (used as it is). */
  src: string
  /** Empty for decoration. */
  alt: string
  /** Rendered size in CSS pixels: always set, so the page keeps the image's box while it loads. */
  width: number
  height: number
  /** For an image that shrinks with the viewport: the widest it is laid out (see imageCandidates). */
  maxWidth?: number
  fit?: ImageFit
  /** Above the fold: loaded at once and first. Everything else loads lazily, near the viewport. */
  priority?: boolean
  className?: string
  style?: CSSProperties
  'data-testid'?: string
}

type Shown = { kind: 'image'; attempt: number } | { kind: 'fallback' } | { kind: 'none' }

/**
 * An image through the /_ipx proxy (SPEC §7, §9): webp candidates at 1x and 2x for a fixed size,
 * or per SPEC §9 screen for a fluid one. When it fails it is tried again, at most once per
 * breakpoint (SPEC §8), then the fallback image shows in the same box; if even that fails the box
 * stays empty. The rules live in shared/images.ts; this only keeps count.
 */
export function Image({ src, alt, width, height, maxWidth, fit, priority = false, className, style, 'data-testid': testId }: ImageProps) {
  const [shown, setShown] = useState<Shown>({ kind: 'image', attempt: 0 })
  const ref = useRef<HTMLImageElement>(null)
  useEffect(() => setShown({ kind: 'image', attempt: 0 }), [src])

  const onError = useCallback(() => {
    setShown((current) => {
      if (current.kind === 'none') return current
      const attempt = current.kind === 'image' ? current.attempt + 1 : 0
      const next = afterImageError(attempt, current.kind === 'fallback')
      return next === 'retry' ? { kind: 'image', attempt } : next === 'fallback' ? { kind: 'fallback' } : { kind: 'none' }
    })
  }, [])

  // An image that failed before hydration fired no React handler: look at it once mounted. Only
  // proxied images: they are rasters, so a loaded one always has a width.
  useEffect(() => {
    const img = ref.current
    if (img && img.currentSrc.includes(IPX_PREFIX) && img.complete && img.naturalWidth === 0) onError()
  }, [onError])

  const candidates =
    shown.kind === 'image' ? imageCandidates({ src, width, height, maxWidth, fit }, shown.attempt) : { src: FALLBACK_IMAGE, srcSet: undefined, sizes: undefined }
  return (
    <img
      ref={ref}
      key={shown.kind}
      src={candidates.src}
      srcSet={candidates.srcSet}
      sizes={candidates.sizes}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      onError={onError}
      className={className}
      style={shown.kind === 'none' ? { ...style, visibility: 'hidden' } : style}
      data-testid={testId}
      data-image={shown.kind}
      data-attempt={shown.kind === 'image' ? shown.attempt : undefined}
    />
  )
}
