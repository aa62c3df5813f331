import { SystemPageView } from '../system/SystemPageView'

/** The unsubscribe route shows the unsubscribe system page of SPEC §2.5. */
export function UnsubscribePage() {
  return <SystemPageView type="unsubscribe" />
}
