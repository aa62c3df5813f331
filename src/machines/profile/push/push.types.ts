// Types of push notifications on /profile/notification (docs/push.md): this browser's permission
// and subscription, and the kinds of notice the player wants by push.
import type { PushTopic } from '../../../services/api/contract/push'
import type { PushPermission } from '../../../services/push/browser-push'

export type { PushPermission, PushTopic }

export interface PushState {
  /** The site's application server key; '' where the site has no push. */
  readonly publicKey: string
  readonly topics: readonly PushTopic[]
  /** The player's subscribed browsers, this one included. */
  readonly devices: number
  readonly permission: PushPermission
  /** Whether this browser is one of them. */
  readonly here: boolean
}

export type PushMessageId = 'loadFailed' | 'denied' | 'enableFailed' | 'saveFailed'

export interface PushContext {
  readonly push: PushState | null
  readonly alert: PushMessageId | null
  /** The kind being switched; null when none. */
  readonly saving: { readonly topic: PushTopic; readonly on: boolean } | null
}

export type PushEvent =
  | { type: 'push.enable' }
  | { type: 'push.disable' }
  | { type: 'push.topic.toggle'; topic: PushTopic; on: boolean }
  | { type: 'push.retry' }

/** Every call answers the state as it now stands, or why it failed (denied: the browser's permission). */
export type PushResult = { readonly ok: true; readonly push: PushState } | { readonly ok: false; readonly reason: 'denied' | 'failed' }

export interface PushActionParams {
  readonly reportError: { readonly error: unknown }
}
