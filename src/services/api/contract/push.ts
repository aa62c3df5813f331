// Web push on /profile/notification (ours; docs/push.md): the application server key a browser
// subscribes with, the browsers kept for the player, and the kinds of notice they want by push.
import { array, enums, integer, min, object, pattern, size, string, type Infer } from 'superstruct'
import { defineCall } from './define'

/** The kinds of notice sent by push: security (password or e-mail changed), payments (money in or out). */
export const PUSH_TOPICS = ['security', 'payments'] as const
export type PushTopic = (typeof PUSH_TOPICS)[number]

export const PushSettingsSchema = object({
  /** The VAPID public key (base64url) for PushManager.subscribe; '' when push is not set up here. */
  public_key: string(),
  topics: array(enums(PUSH_TOPICS)),
  /** How many of the player's browsers are subscribed. */
  devices: min(integer(), 0),
})
export type PushSettings = Infer<typeof PushSettingsSchema>

/**
 * Why a subscription was refused, in `error.code` (InvalidParameterException, invalid_parameters
 * naming the field): push_endpoint_refused (not a push service we send to), push_key_invalid.
 */
export const PUSH_ERROR_CODE = { endpoint: 'push_endpoint_refused', key: 'push_key_invalid', unavailable: 'push_unavailable' } as const

/** GET /api/account/getPushSettings. */
export const getPushSettings = defineCall({
  area: 'account',
  name: 'getPushSettings',
  method: 'GET',
  access: 'player',
  request: object({}),
  response: PushSettingsSchema,
})

/**
 * POST /api/account/subscribePush: keeps this browser's subscription (PushSubscription.toJSON():
 * endpoint and keys) for the player; the same endpoint moves from any other login. Answers the
 * settings. ApplicationUnavailableException push_unavailable where the server has no push key.
 */
export const subscribePush = defineCall({
  area: 'account',
  name: 'subscribePush',
  method: 'POST',
  access: 'player',
  request: object({
    endpoint: size(string(), 1, 2048),
    p256dh: pattern(size(string(), 1, 200), /^[A-Za-z0-9_-]+$/),
    auth: pattern(size(string(), 1, 100), /^[A-Za-z0-9_-]+$/),
  }),
  response: PushSettingsSchema,
})

/** POST /api/account/unsubscribePush: forgets this browser (the player's own subscription only). */
export const unsubscribePush = defineCall({
  area: 'account',
  name: 'unsubscribePush',
  method: 'POST',
  access: 'player',
  request: object({ endpoint: size(string(), 1, 2048) }),
  response: PushSettingsSchema,
})

/** POST /api/account/setPushTopics: the kinds wanted by push, comma-separated ('' for none). */
export const setPushTopics = defineCall({
  area: 'account',
  name: 'setPushTopics',
  method: 'POST',
  access: 'player',
  request: object({ topics: pattern(size(string(), 0, 100), /^(?:(?:security|payments)(?:,(?:security|payments))*)?$/) }),
  response: PushSettingsSchema,
})
