// Actors of the support chat; the defaults call this browser page's API client, settling API
// errors as values (api-result.ts). Tests swap them with `.provide({ actors })`.
import { fromPromise } from 'xstate'
import { browserApiClient } from '../../../services/api/browser-client'
import { settleDetailedCall } from '../../api-result'
import type { LoadThreadInput, LoadThreadResult, MarkReadInput, MarkReadResult, SendChatInput, SendChatResult } from './chat.types'

// The chat's calls load with its first use: a page that never opens the chat does not carry them.
const calls = () => import('../../../services/api/contract/support')

/** GET support/getChat: the whole conversation, or what came after `after`. */
export const loadThread = fromPromise<LoadThreadResult, LoadThreadInput>(({ input }) =>
  settleDetailedCall(async () => browserApiClient().call((await calls()).getChat, input.after === null ? {} : { after: input.after })),
)

/** POST support/sendChatMessage with the message's own key: a resend is kept once. */
export const sendMessage = fromPromise<SendChatResult, SendChatInput>(({ input }) =>
  settleDetailedCall(async () => browserApiClient().call((await calls()).sendChatMessage, { key: input.key, body: input.body })),
)

/** POST support/readChat: what the panel showed has been read. */
export const markRead = fromPromise<MarkReadResult, MarkReadInput>(({ input }) => settleDetailedCall(async () => browserApiClient().call((await calls()).readChat, { through: input.through })))
