// Types of the news-and-offers choices on /profile/notification (SPEC §3 'Contact' is_subscribed,
// §7 account getprofileinfo contacts, changeSubscription; §8 errors).
import type { Contact } from '../../../services/api/contract/account'
import type { AuthResult } from '../../auth/auth.types'

export type { Contact }

export type NotificationsMessageId = 'loadFailed' | 'saveFailed'

export interface NotificationsContext {
  /** The player's contacts as last read, with the flags as saved; null before the first answer. */
  readonly contacts: readonly Contact[] | null
  /** The change being saved; null when none. */
  readonly saving: { readonly contact: string; readonly on: boolean } | null
  readonly alert: NotificationsMessageId | null
  /** The contact whose change was last saved, for the confirmation; null before one. */
  readonly saved: string | null
}

export type NotificationsEvent = { type: 'subscription.toggle'; contact: string; on: boolean } | { type: 'notifications.retry' }

export type LoadContactsResult = AuthResult<{ contacts: readonly Contact[] }>
export interface SaveSubscriptionInput {
  readonly contact: string
  readonly on: boolean
}
export type SaveSubscriptionResult = AuthResult

export interface NotificationsActionParams {
  readonly reportError: { readonly error: unknown }
}
