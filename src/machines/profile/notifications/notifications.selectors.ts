// What the notifications page reads (tags and context, never state names in the view).
import type { SnapshotFrom } from 'xstate'
import { NOTIFICATIONS_TAGS, type notificationsMachine } from './notifications.machine'
import type { Contact, NotificationsMessageId } from './notifications.types'

export type NotificationsSnapshot = SnapshotFrom<typeof notificationsMachine>

export const selectContacts = (s: NotificationsSnapshot): readonly Contact[] | null => s.context.contacts
export const selectLoading = (s: NotificationsSnapshot): boolean => s.hasTag(NOTIFICATIONS_TAGS.loading)
export const selectSavingContact = (s: NotificationsSnapshot): string | null => s.context.saving?.contact ?? null
export const selectNotificationsAlert = (s: NotificationsSnapshot): NotificationsMessageId | null => s.context.alert
export const selectSavedContact = (s: NotificationsSnapshot): string | null => s.context.saved
export const selectNotificationsDataState = (s: NotificationsSnapshot): string => `notifications.${String(s.value)}`
