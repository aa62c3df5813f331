import { ICONS, type IconName } from './icons'

/**
 * The site's icons as one SVG sprite file (DESIGN 'Icons come from one SVG sprite'): the server
 * serves it at SPRITE_URL, named by a hash of its content so browsers keep it for a year, and the
 * Icon component draws from it with <use href="SPRITE_URL#icon-name">. Pure, so both sides derive
 * the same name from the same icons.
 */

const symbol = (name: string, body: string) =>
  `<symbol id="icon-${name}" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${body}</symbol>`

export function spriteMarkup(icons: Readonly<Record<string, string>> = ICONS): string {
  const symbols = Object.entries(icons)
    .map(([name, body]) => symbol(name, body))
    .join('')
  return `<svg xmlns="http://www.w3.org/2000/svg">${symbols}</svg>`
}

/** FNV-1a, 32 bits, in base 36: a content hash that needs no crypto API on either side. */
export function contentHash(text: string): string {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return hash.toString(36).padStart(7, '0')
}

// Written in by the build (vite.config.ts); undefined in development and under tsx, where it is worked out.
declare const __ICON_SPRITE_HASH__: string | undefined

export const SPRITE_HASH: string = typeof __ICON_SPRITE_HASH__ === 'string' ? __ICON_SPRITE_HASH__ : contentHash(spriteMarkup())
export const SPRITE_URL = `/_icons/sprite-${SPRITE_HASH}.svg`

export const iconHref = (name: IconName) => `${SPRITE_URL}#icon-${name}`

/** The address the client asks for an external SVG icon, sanitised by the server. */
export const externalIconUrl = (src: string) => `/_icons/external?src=${encodeURIComponent(src)}`
