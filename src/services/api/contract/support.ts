// SPEC §7 'Support': the support page's feedback form (sendFeedback), the chat settings
// (getsettings) and our own support chat (docs/support-chat.md).
import { array, boolean, enums, integer, number, object, optional, record, size, string, union, type Infer } from 'superstruct'
import { CONSENT_CATEGORIES } from '../../../shared/consent'
import { CHAT_MESSAGE_MAX } from '../../../shared/support-chat'
import { FEEDBACK_EMAIL_MAX, FEEDBACK_TOPICS } from '../../../shared/support-feedback'
import { CHAT_KINDS } from './content'
import { defineCall } from './define'
import { wireInteger } from './params'

/**
 * POST /api/support/sendFeedback: a message to the support team, from a player or a visitor. A
 * visitor gives the `email` to be answered at; a player is answered at the account's (any `email`
 * sent is ignored). The message is 10 to 4000 characters of plain text (markup is kept as text,
 * never rendered). Refusals: InvalidParameterException with invalid_parameters
 * { email | topic | message: [rule] } (the rules of src/shared/support-feedback.ts);
 * TooManyRequestsException after 5 messages an hour from one address or one player. Answers the
 * message's reference.
 */
export const sendFeedback = defineCall({
  area: 'support',
  name: 'sendFeedback',
  method: 'POST',
  access: 'anyone',
  request: object({
    email: optional(size(string(), 0, FEEDBACK_EMAIL_MAX)),
    topic: enums(FEEDBACK_TOPICS),
    message: size(string(), 1, 8192),
  }),
  response: object({ reference: string() }),
})
export type SendFeedbackParams = Infer<typeof sendFeedback.request>
export type SendFeedbackResult = Infer<typeof sendFeedback.response>

/**
 * GET /api/support/getsettings (SPEC §7): which chat the site offers and how it loads. `kind`
 * builtin is our own chat (the calls below); a vendor kind names the vendor whose script the page
 * loads, from `config.scriptUrl`, only under `consent_category`, `lazy_load_ms` after the page
 * starts at the latest. The site config's chat section, for the caller's locale.
 */
export const getSettings = defineCall({
  area: 'support',
  name: 'getsettings',
  method: 'GET',
  access: 'anyone',
  request: object({}),
  response: object({
    kind: enums(CHAT_KINDS),
    consent_category: enums(CONSENT_CATEGORIES),
    lazy_load_ms: integer(),
    config: record(string(), union([string(), number(), boolean()])),
  }),
})
export type SupportSettings = Infer<typeof getSettings.response>

export const CHAT_AUTHORS = ['player', 'operator'] as const
export const ChatMessageSchema = object({
  id: integer(),
  author: enums(CHAT_AUTHORS),
  body: string(),
  created_at: string(),
})
export type ChatMessage = Infer<typeof ChatMessageSchema>

/** A player's conversation with support, as the chat panel shows it. */
export const ChatThreadSchema = object({
  /** Oldest first; the last CHAT_PAGE, or those after `after`. */
  messages: array(ChatMessageSchema),
  /** Operator messages the player has not read. */
  unread: integer(),
  /** The newest message the player has read (0: none). */
  read_through: integer(),
})
export type ChatThread = Infer<typeof ChatThreadSchema>

/** The key a sender makes once per message, so a resent message is kept once. */
const sendKey = size(string(), 8, 64)

/**
 * GET /api/support/getChat (builtin chat): the player's conversation, the last CHAT_PAGE messages,
 * or only those after the message id `after` (the live notice's follow-up read).
 */
export const getChat = defineCall({
  area: 'support',
  name: 'getChat',
  method: 'GET',
  access: 'player',
  request: object({ after: optional(wireInteger()) }),
  response: ChatThreadSchema,
})

/**
 * POST /api/support/sendChatMessage: a message to support, 1 to CHAT_MESSAGE_MAX characters of
 * plain text after control characters are dropped (src/shared/support-chat.ts). `key` is made once
 * per message by the sender: the same key sent again answers the message kept the first time.
 * Refusals: InvalidParameterException invalid_parameters { body: ['required' | 'maxLength'] };
 * TooManyRequestsException past 20 messages a minute. The player's other tabs and the operators
 * hear of it at once (the socket's `support` notice).
 */
export const sendChatMessage = defineCall({
  area: 'support',
  name: 'sendChatMessage',
  method: 'POST',
  access: 'player',
  request: object({ body: size(string(), 0, 65_536), key: sendKey }),
  response: object({ message: ChatMessageSchema }),
})

/** POST /api/support/readChat: the player has seen the conversation through message `through`. Answers what is still unread. */
export const readChat = defineCall({
  area: 'support',
  name: 'readChat',
  method: 'POST',
  access: 'player',
  request: object({ through: wireInteger() }),
  response: object({ unread: integer() }),
})

export const CHAT_ERROR_CODE = { tooMany: 'chat_too_many_messages' } as const
export { CHAT_MESSAGE_MAX }
