import { GENERATED_ID_LENGTH } from '../../shared/constants'

// URL-safe alphabet of 64 symbols, so a random byte masked to 6 bits picks one without bias.
const ALPHABET = 'useandom-26T198340PX75pxJACKVERYMINDBUSHWOLF_GQZbfghjklqvwyzrict'

/** The id generator machines are given for toasts and dialogs: SPEC §9, 21 characters. */
export type IdGenerator = () => string

/**
 * A random id of SPEC §9's length. Uses Web Crypto, which Node 20 and every browser expose as
 * `globalThis.crypto`, so the same code runs during SSR and after hydration.
 */
export function createId(size: number = GENERATED_ID_LENGTH): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(size))
  let id = ''
  for (const byte of bytes) id += ALPHABET[byte & 63]
  return id
}
