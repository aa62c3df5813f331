// SPEC §7 'Chat': what a vendor chat widget (FreshChat) reports about a logged-in player's
// conversation, kept per player (docs/support-chat.md, 'FreshChat events'; the widget side is
// docs/chat-vendors.md).
import { boolean, number, object, optional, pattern, record, refine, size, string, union, type Infer } from 'superstruct'
import { defineCall } from './define'
import { wireJson } from './params'

/** An event's name: the vendor's own ('widget:opened', 'message:sent'), a letter then letters, digits and _ : . - */
export const CHAT_EVENT_NAME = /^[a-z][a-z0-9_:.-]*$/i
export const CHAT_EVENT_NAME_MAX = 64
/** The most fields an event's data may carry, the longest field name and the longest text value. */
export const CHAT_EVENT_DATA_LIMITS = { keys: 20, keyLength: 64, textLength: 256 } as const

/** Within the limits above (a larger payload is a widget sending what nobody reads). */
function withinLimits(data: Record<string, unknown>): boolean {
  const entries = Object.entries(data)
  if (entries.length > CHAT_EVENT_DATA_LIMITS.keys) return false
  return entries.every(([key, value]) => key.length <= CHAT_EVENT_DATA_LIMITS.keyLength && (typeof value !== 'string' || value.length <= CHAT_EVENT_DATA_LIMITS.textLength))
}

/**
 * An event's data: a flat JSON object of text, finite numbers and flags. Not a list (superstruct's
 * record takes one), and within CHAT_EVENT_DATA_LIMITS, else invalid_parameters { data: ['tooLarge'] }.
 */
const ChatEventData = refine(
  refine(record(string(), union([string(), refine(number(), 'finite', (n) => Number.isFinite(n)), boolean()])), 'invalid', (value) => !Array.isArray(value)),
  'tooLarge',
  (value) => withinLimits(value) || `at most ${CHAT_EVENT_DATA_LIMITS.keys} fields, names to ${CHAT_EVENT_DATA_LIMITS.keyLength} and text to ${CHAT_EVENT_DATA_LIMITS.textLength} characters`,
)

/**
 * POST /api/chat/FreshChat.storeChatEvent (SPEC §7 'Chat', a player only): one event of the vendor
 * chat widget, kept with the player's id. `data` is a JSON object on the wire (the client encodes a
 * plain object so). Refusals: InvalidParameterException invalid_parameters { name: ['required' |
 * 'maxLength' | 'pattern'] } or { data: ['invalid' | 'tooLarge'] } (or `data.<field>: ['invalid']`
 * for a value that is not text, a finite number or a flag); TooManyRequestsException
 * (CHAT_EVENT_ERROR_CODE.tooMany) past 60 events a minute. Answers `stored: true`.
 */
export const storeChatEvent = defineCall({
  area: 'chat',
  name: 'FreshChat.storeChatEvent',
  method: 'POST',
  access: 'player',
  request: object({
    name: pattern(size(string(), 1, CHAT_EVENT_NAME_MAX), CHAT_EVENT_NAME),
    data: optional(wireJson(ChatEventData)),
  }),
  response: object({ stored: boolean() }),
})
export type StoreChatEventParams = Infer<typeof storeChatEvent.request>
export type StoreChatEventResult = Infer<typeof storeChatEvent.response>

export const CHAT_EVENT_ERROR_CODE = { tooMany: 'chat_too_many_events' } as const
