import type { FastifyInstance } from 'fastify'
import { CHAT_EVENT_ERROR_CODE, storeChatEvent } from '../../src/services/api/contract/chat'
import { ApiError } from '../../src/shared/errors'
import { authThrottleMultiplier } from '../config'
import { ThrottledError } from '../domain/auth/errors'
import { storeChatEvent as storeEvent } from '../domain/support/chat-events'
import { playerCalls, registerCall } from './registrar'

/** Chat area (SPEC §7 'Chat'): what a vendor chat widget reports for a logged-in player. */
export function chatCalls(app: FastifyInstance): void {
  playerCalls(app, (players) => {
    registerCall(players, storeChatEvent, async ({ db, playerId, params, config, now }) => {
      try {
        await storeEvent(db, { playerId, vendor: 'freshchat', name: params.name, data: params.data ?? {}, now, multiplier: authThrottleMultiplier(config) })
        return { stored: true }
      } catch (err) {
        if (!(err instanceof ThrottledError)) throw err
        // The throttle's 429 with the chat's own code, not "too many login attempts".
        throw new ApiError({
          type: 'TooManyRequestsException',
          code: CHAT_EVENT_ERROR_CODE.tooMany,
          message: 'Too many chat events, wait a moment',
          resendTime: err.retryAfterSeconds,
          errorData: { retry_after: err.retryAfterSeconds },
        })
      }
    })
  })
}
