// Actors of push notifications: the defaults use the browser's push subscription (services/push)
// and the account's push calls; tests swap them with `.provide({ actors })`.
import { fromPromise } from 'xstate'
import { browserApiClient } from '../../../services/api/browser-client'
import { getPushSettings, setPushTopics, subscribePush, unsubscribePush, type PushSettings } from '../../../services/api/contract/push'
import { currentPushEndpoint, pushPermission, PushRefused, subscribeBrowser, unsubscribeBrowser } from '../../../services/push/browser-push'
import type { PushResult, PushState, PushTopic } from './push.types'

async function stateOf(settings: PushSettings, here: boolean): Promise<PushState> {
  return { publicKey: settings.public_key, topics: settings.topics, devices: settings.devices, permission: pushPermission(), here }
}

async function settled(run: () => Promise<PushState>): Promise<PushResult> {
  try {
    return { ok: true, push: await run() }
  } catch (err) {
    if (err instanceof PushRefused && err.reason === 'denied') return { ok: false, reason: 'denied' }
    return { ok: false, reason: 'failed' }
  }
}

/** GET account/getPushSettings and this browser's subscription. */
export const loadPush = fromPromise<PushResult>(() =>
  settled(async () => {
    const settings = await browserApiClient().call(getPushSettings, {})
    return stateOf(settings, (await currentPushEndpoint()) !== null)
  }),
)

/** Asks the browser (permission, subscription), then POST account/subscribePush. */
export const enablePush = fromPromise<PushResult, { publicKey: string }>(({ input }) =>
  settled(async () => {
    const subscription = await subscribeBrowser(input.publicKey)
    return stateOf(await browserApiClient().call(subscribePush, subscription), true)
  }),
)

/** Drops this browser's subscription, then POST account/unsubscribePush. */
export const disablePush = fromPromise<PushResult>(() =>
  settled(async () => {
    const endpoint = await unsubscribeBrowser()
    const settings = endpoint ? await browserApiClient().call(unsubscribePush, { endpoint }) : await browserApiClient().call(getPushSettings, {})
    return stateOf(settings, false)
  }),
)

/** POST account/setPushTopics. */
export const savePushTopics = fromPromise<PushResult, { topics: readonly PushTopic[]; here: boolean }>(({ input }) =>
  settled(async () => stateOf(await browserApiClient().call(setPushTopics, { topics: input.topics.join(',') }), input.here)),
)
