// The browser's side of web push (docs/push.md): whether it can, whether the player allowed it,
// and this browser's subscription through the service worker's registration (/sw.js).

/** What the browser allows: no push at all, blocked by the player, not asked yet, or allowed. */
export type PushPermission = 'unsupported' | 'denied' | 'default' | 'granted'

function supported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
}

export function pushPermission(): PushPermission {
  if (!supported()) return 'unsupported'
  return Notification.permission
}

/** The site's worker registration, registering /sw.js when the app has not (yet); active within 10 s or an error. */
async function registration(): Promise<ServiceWorkerRegistration> {
  const found = (await navigator.serviceWorker.getRegistration('/')) ?? (await navigator.serviceWorker.register('/sw.js', { scope: '/' }))
  if (found.active) return found
  return Promise.race([
    navigator.serviceWorker.ready,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('The service worker did not start')), 10_000)),
  ])
}

/** This browser's subscription's endpoint, or null when it has none. */
export async function currentPushEndpoint(): Promise<string | null> {
  if (!supported()) return null
  // No worker yet is no subscription: reading never registers one.
  const found = await navigator.serviceWorker.getRegistration('/')
  return (await found?.pushManager.getSubscription())?.endpoint ?? null
}

export class PushRefused extends Error {
  override name = 'PushRefused'
  constructor(
    readonly reason: 'denied' | 'failed',
    options?: { cause?: unknown },
  ) {
    super(reason === 'denied' ? 'Notifications are blocked for this site' : 'The browser could not subscribe', options)
  }
}

/** Asks the player (when not asked yet) and subscribes this browser with the site's key: its subscription's JSON. */
export async function subscribeBrowser(publicKey: string): Promise<{ endpoint: string; p256dh: string; auth: string }> {
  if (!supported()) throw new PushRefused('failed')
  const permission = Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission
  if (permission !== 'granted') throw new PushRefused('denied')
  let subscription: PushSubscription
  try {
    // The worker first: a page opened before it started still subscribes through it.
    const key = Uint8Array.from(atob(publicKey.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0))
    subscription = await (await registration()).pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key })
  } catch (err) {
    throw new PushRefused('failed', { cause: err })
  }
  const json = subscription.toJSON()
  if (!json.endpoint || !json.keys?.p256dh || !json.keys.auth) throw new PushRefused('failed')
  return { endpoint: json.endpoint, p256dh: json.keys.p256dh, auth: json.keys.auth }
}

/** Drops this browser's subscription; answers the endpoint it had, or null. */
export async function unsubscribeBrowser(): Promise<string | null> {
  if (!supported()) return null
  const subscription = await (await navigator.serviceWorker.getRegistration('/'))?.pushManager.getSubscription()
  if (!subscription) return null
  await subscription.unsubscribe()
  return subscription.endpoint
}
