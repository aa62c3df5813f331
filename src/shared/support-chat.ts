// The built-in support chat's rules, shared so the chat panel, the operator page and the server
// (support/sendChatMessage, operator/answerChat) refuse the same messages with the same codes.
// The core rules only: the chat's machine runs on every page, and the whole rule set is a large
// module the first load does not otherwise need.
import { checkMaxLength, checkRequired, type RuleResult } from './validation/core'

/** Characters in one message: a long explanation fits, a pasted log does not. */
export const CHAT_MESSAGE_MAX = 2000
/** Messages a chat answers at once, newest last. */
export const CHAT_PAGE = 100

/**
 * The text as it is kept: control characters (other than line breaks and tabs) dropped, line
 * breaks made plain, and the ends trimmed. Markup stays text; nothing renders it as HTML.
 */
export function normalizeChatMessage(body: string): string {
  // eslint-disable-next-line no-control-regex
  return body.replace(/\r\n?/g, '\n').replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2066-\u2069\ufeff]/g, '').trim()
}

/** Why a message cannot be sent, after normalizing; null when it can. Lengths count characters. */
export function chatMessageError(body: string): RuleResult {
  const text = normalizeChatMessage(body)
  return checkRequired(text) ?? checkMaxLength(text, CHAT_MESSAGE_MAX)
}
