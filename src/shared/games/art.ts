// Addresses of the catalogue's artwork through the /_ipx proxy (SPEC §9 image defaults: webp at
// IMAGE_QUALITY), at 1x and 2x. Pure: the server puts them in games/get and the hall may build the same.
import { ipxUrl } from '../images'

export interface ArtAddresses {
  x1: string
  x2: string
}

/**
 * Thumbnails are drawn flat colours and shapes: at quality 80 they look the same as at the site's
 * default 95 and weigh half (a grid's first rows load at once on a phone's slow link).
 */
export const ART_QUALITY = 80

function art(source: string, width: number, height: number): ArtAddresses {
  const at = (density: number) => ipxUrl(source, { fit: 'cover', s: [width * density, height * density], q: ART_QUALITY })!
  return { x1: at(1), x2: at(2) }
}

/**
 * A game's thumbnail: the square art (public/images/games/{sysname}.svg) cut to the cards' 4:3
 * (DESIGN: game cards) around its centre, where every motif sits: 240 × 180, and 480 × 360 at 2x.
 */
export function gameImage(sysname: string): ArtAddresses {
  return art(`images/games/${sysname}.svg`, 240, 180)
}

/** A provider's logo (public/images/providers/{sysname}.svg): 160 × 80, and 320 × 160 at 2x. */
export function providerImage(sysname: string): ArtAddresses {
  return art(`images/providers/${sysname}.svg`, 160, 80)
}
