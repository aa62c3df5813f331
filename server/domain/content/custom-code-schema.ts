import { array, boolean, enums, object, size, string, type Infer } from 'superstruct'
import { CONSENT_CATEGORIES } from '../../../src/services/api/contract/content'

/** Where an entry goes in the page (SPEC §3 'custom code entries'). */
export const CUSTOM_CODE_POSITIONS = ['head', 'bodyStart', 'bodyEnd'] as const
export type CustomCodePosition = (typeof CUSTOM_CODE_POSITIONS)[number]

/**
 * content/<locale>/custom-code.json: snippets an operator adds to every page (a tag manager, a
 * verification meta tag). Server-only: the server puts them into the HTML with the request's nonce.
 */
export const CustomCodeSchema = object({
  entries: array(
    object({
      id: size(string(), 1, 64),
      isEnabled: boolean(),
      position: enums(CUSTOM_CODE_POSITIONS),
      /** HTML: script, noscript, meta, link and style elements. */
      code: size(string(), 1, 20_000),
      /** What a player must agree to before it runs (the consent banner's categories). */
      consentCategory: enums(CONSENT_CATEGORIES),
    }),
  ),
})
export type CustomCode = Infer<typeof CustomCodeSchema>
export type CustomCodeEntry = CustomCode['entries'][number]
