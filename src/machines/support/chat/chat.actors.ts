// Actors of the support chat; the defaults call this browser page's API client, settling API
// errors as values (auth.results). Tests swap them with `.provide({ actors })`.
import { fromPromise } from 'xstate'
import { browserApiClient } from '../../../services/api/browser-client'
import { isApiError } from '../../../shared/errors'
import type { ChatResult, LoadThreadInput, LoadThreadResult, MarkReadInput, MarkReadResult, SendChatInput, SendChatResult } from './chat.types'

/** An API error of SPEC §8 as a value; anything else is a bug and stays a rejection. */
export async function settleChatCall<T extends object>(call: () => Promise<T>): Promise<ChatResult<T>> {
  try {
    return { ok: true, ...(await call()) }
  } catch (error) {
    if (!isApiError(error)) throw error
    const retry = error.resendTime ?? Number(error.errorData?.['retry_after'] ?? NaN)
    return {
      ok: false,
      error: {
        type: error.type,
        code: error.code === null || error.code === undefined ? null : String(error.code),
        retryAfterSec: Number.isFinite(retry) && retry >= 0 ? retry : null,
        invalidParameters: error.invalidParameters ?? null,
      },
    }
  }
}

// The chat's calls load with its first use: a page that never opens the chat does not carry them.
const calls = () => import('../../../services/api/contract/support')

/** GET support/getChat: the whole conversation, or what came after `after`. */
export const loadThread = fromPromise<LoadThreadResult, LoadThreadInput>(({ input }) =>
  settleChatCall(async () => browserApiClient().call((await calls()).getChat, input.after === null ? {} : { after: input.after })),
)

/** POST support/sendChatMessage with the message's own key: a resend is kept once. */
export const sendMessage = fromPromise<SendChatResult, SendChatInput>(({ input }) =>
  settleChatCall(async () => browserApiClient().call((await calls()).sendChatMessage, { key: input.key, body: input.body })),
)

/** POST support/readChat: what the panel showed has been read. */
export const markRead = fromPromise<MarkReadResult, MarkReadInput>(({ input }) => settleChatCall(async () => browserApiClient().call((await calls()).readChat, { through: input.through })))
