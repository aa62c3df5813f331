import { Unsubscribe } from '../../ui/profile/unsubscribe/Unsubscribe'

/** SPEC §2.1 /unsubscribe: the mailing-list link of a mail lands here (its `token` query). */
export function UnsubscribePage() {
  return <Unsubscribe />
}
