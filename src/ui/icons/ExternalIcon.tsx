import { useEffect, useState } from 'react'
import { css } from 'styled-system/css'
import { loadExternalIcon } from '../../services/icons/external-icon'
import type { IconName } from '../../shared/icons'
import { Icon } from './Icon'

const box = css({ display: 'inline-flex', flexShrink: 0, '& > svg': { width: '100%', height: '100%' } })

/**
 * An SVG icon from outside the sprite (a provider's logo), inlined once sanitised so it takes the
 * text colour like our own icons. Until it arrives, or when it cannot, a sprite icon holds its place.
 */
export function ExternalIcon({ src, size = 20, label, placeholder = 'globe' }: { src: string; size?: number; label?: string; placeholder?: IconName }) {
  const [markup, setMarkup] = useState<string | null>(null)
  useEffect(() => {
    let live = true
    setMarkup(null)
    loadExternalIcon(src).then(
      (svg) => live && setMarkup(svg),
      () => live && setMarkup(null),
    )
    return () => {
      live = false
    }
  }, [src])
  if (!markup) return <Icon name={placeholder} size={size} label={label} />
  return (
    <span
      className={box}
      style={{ width: size, height: size }}
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      data-testid="external-icon"
      // Sanitised twice (server and loadExternalIcon): only allowlisted SVG elements and attributes.
      dangerouslySetInnerHTML={{ __html: markup }}
    />
  )
}
