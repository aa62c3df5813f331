// Actors of the operators' chat page: the operator API with the token the operator typed, sent as
// a bearer header (never a cookie, so no other page can ride it). Tests swap them with `.provide`.
import { fromPromise } from 'xstate'
import { browserApiClient } from '../../../services/api/browser-client'
import { answerChat, getPlayerChat, listChats as listChatsCall, readPlayerChat } from '../../../services/api/contract/operator'
import { settleDetailedCall } from '../../api-result'
import type { AnswerInput, AnswerResult, ListChatsInput, ListChatsResult, LoadConversationInput, LoadConversationResult } from './operator-chat.types'

const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } })

export const listChats = fromPromise<ListChatsResult, ListChatsInput>(({ input }) => settleDetailedCall(() => browserApiClient().call(listChatsCall, { limit: 100 }, bearer(input.token))))

/** The conversation, then its read mark moved to the newest player message: showing it is reading it. */
export const loadConversation = fromPromise<LoadConversationResult, LoadConversationInput>(({ input }) =>
  settleDetailedCall(async () => {
    const api = browserApiClient()
    const { login, thread } = await api.call(getPlayerChat, { player_id: input.playerId }, bearer(input.token))
    if (thread.unread > 0) {
      const newest = thread.messages.at(-1)?.id ?? 0
      await api.call(readPlayerChat, { player_id: input.playerId, through: newest }, bearer(input.token))
    }
    return { login, messages: thread.messages }
  }),
)

export const answer = fromPromise<AnswerResult, AnswerInput>(({ input }) =>
  settleDetailedCall(() => browserApiClient().call(answerChat, { player_id: input.playerId, key: input.key, body: input.body }, bearer(input.token))),
)
