// What the unsubscribe page reads.
import type { SnapshotFrom } from 'xstate'
import { UNSUBSCRIBE_TAGS, type unsubscribeMachine } from './unsubscribe.machine'
import type { MailingList } from './unsubscribe.types'

export type UnsubscribeSnapshot = SnapshotFrom<typeof unsubscribeMachine>
export type UnsubscribeView = 'working' | 'done' | 'invalid' | 'missing' | 'failed'

export const selectUnsubscribeView = (snapshot: UnsubscribeSnapshot): UnsubscribeView => {
  if (snapshot.hasTag(UNSUBSCRIBE_TAGS.busy)) return 'working'
  if (snapshot.matches('done')) return 'done'
  if (snapshot.matches('invalid')) return 'invalid'
  if (snapshot.matches('failed')) return 'failed'
  return 'missing'
}
export const selectUnsubscribeDataState = (snapshot: UnsubscribeSnapshot): string => `unsubscribe.${String(snapshot.value)}`
export const selectUnsubscribedList = (snapshot: UnsubscribeSnapshot): MailingList | null => snapshot.context.list
export const selectCanRetry = (snapshot: UnsubscribeSnapshot): boolean => snapshot.can({ type: 'unsubscribe.retry' })
