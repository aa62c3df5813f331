// SPEC §9 input masks: '#' digit, '@' letter, '*' letter or digit; any other mask character is a literal.
// Pure and isomorphic: the kit's Input formats with it as the player types, and the validation rules
// (src/shared/validation) count a mask's slots to check a phone number on either side.
import { INPUT_MASK_TOKENS } from './constants'

const TOKENS: Readonly<Record<string, RegExp>> = INPUT_MASK_TOKENS

function isSlot(maskChar: string | undefined): boolean {
  return maskChar !== undefined && Object.hasOwn(TOKENS, maskChar)
}

/**
 * Fits what the player typed or pasted into `mask`: characters that fit no slot are dropped and literals
 * are inserted. The result ends at the last filled slot or typed literal (so backspace over "12/" works),
 * and gets the mask's closing literals once every slot is filled. Applying it twice changes nothing.
 */
export function applyMask(raw: string, mask: string): string {
  const chars = Array.from(raw)
  let out = ''
  let end = 0
  let i = 0
  for (const m of mask) {
    const token = isSlot(m) ? TOKENS[m] : undefined
    if (!token) {
      out += m
      if (chars[i] === m) {
        i++
        end = out.length
      }
      continue
    }
    while (i < chars.length && !token.test(chars[i]!)) i++
    if (i >= chars.length) return out.slice(0, end)
    out += chars[i++]
    end = out.length
  }
  return out
}

/** The characters that fill the slots of `mask`, without its literals: the value to send. */
export function unmask(value: string, mask: string): string {
  const slots = Array.from(mask)
  return Array.from(applyMask(value, mask))
    .filter((_, index) => isSlot(slots[index]))
    .join('')
}

/** How many characters `mask` takes: a phone mask '(###) ###-####' takes 10 digits. */
export function maskSlotCount(mask: string): number {
  return Array.from(mask).filter(isSlot).length
}
