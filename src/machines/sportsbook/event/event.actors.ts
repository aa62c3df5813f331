// Actors of the sportsbook event page: sportsbook/event through the page's API client (an API error
// comes back as a value) and the public topic `sb.event.{id}`. Tests swap them with `.provide()`.
import { fromCallback, fromPromise } from 'xstate'
import { browserApiClient } from '../../../services/api/browser-client'
import type { ApiClient } from '../../../services/api/client'
import { settleApiCall } from '../../api-result'
import { followPublicTopic } from '../../../services/socket/topics'
import { parseChange } from '../live.rules'
import type { LoadEventResult, SbEventEvent } from './event.types'

/** One event with every market, through `api` (the browser's client, or the server's in SSR). */
export function readEvent(api: ApiClient, id: string): Promise<LoadEventResult> {
  return settleApiCall(async () => {
    const { getSportsEvent } = await import('../../../services/api/contract/sportsbook')
    return { event: await api.call(getSportsEvent, { id }) }
  })
}

export const loadEvent = fromPromise<LoadEventResult, { id: string }>(({ input }) => readEvent(browserApiClient(), input.id))

/** Follows `sb.event.{id}` while the event is open. */
export const followEvent = fromCallback<SbEventEvent, { id: string }>(({ input, sendBack }) =>
  followPublicTopic(`sb.event.${input.id}`, (data) => {
    const change = parseChange(data)
    if (change && change.id === input.id) sendBack({ type: 'event.live', change })
  }),
)
