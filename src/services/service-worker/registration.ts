// The browser's service worker registration (SPEC §4 'Service worker', §7 /sw.js), for the
// lifecycle machine in src/machines/app/service-worker.

export type WorkerPhase = 'current' | 'installing' | 'waiting'

export type WorkerNews = 'updateFound' | 'installed' | 'settled' | 'activated' | 'controllerChanged'

/** Registers /sw.js with scope /; null where the browser has no service workers. Rejects when registration fails. */
export async function registerServiceWorker(): Promise<WorkerPhase | null> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return null
  const registration = await navigator.serviceWorker.register('/sw.js', { scope: '/' })
  if (registration.waiting && registration.active) return 'waiting'
  if (registration.installing && registration.active) return 'installing'
  return 'current'
}

/**
 * Watches the registration and reports what happens to it; `check` looks for a new worker now and
 * `activateWaiting` asks the waiting one to take over. A page that had no worker when it loaded
 * (the first visit) is not reloaded when the first worker starts.
 */
export function watchServiceWorker(report: (news: WorkerNews) => void): { check(): void; activateWaiting(): void; stop(): void } {
  const container = navigator.serviceWorker
  const controlledAtLoad = container.controller !== null
  let stopped = false
  let asked = false
  let registration: ServiceWorkerRegistration | undefined
  const tell = (news: WorkerNews) => {
    if (!stopped) report(news)
  }
  const follow = (worker: ServiceWorker) => {
    const onState = () => {
      if (worker.state === 'installed') tell(registration?.active ? 'installed' : 'settled')
      else if (worker.state === 'redundant') tell('settled')
      else if (worker.state === 'activated' && asked) tell('activated')
    }
    worker.addEventListener('statechange', onState)
  }
  const onUpdateFound = () => {
    if (!registration?.installing) return
    tell('updateFound')
    follow(registration.installing)
  }
  const onControllerChange = () => {
    if (controlledAtLoad || asked) tell('controllerChanged')
  }
  container.addEventListener('controllerchange', onControllerChange)
  void container.getRegistration('/').then((found) => {
    if (stopped || !found) return
    registration = found
    found.addEventListener('updatefound', onUpdateFound)
    if (found.installing) follow(found.installing)
    if (found.waiting) follow(found.waiting)
  })
  return {
    check: () => void registration?.update().catch(() => undefined),
    activateWaiting: () => {
      asked = true
      if (registration?.waiting) registration.waiting.postMessage({ type: 'SKIP_WAITING' })
      else tell('activated')
    },
    stop: () => {
      stopped = true
      container.removeEventListener('controllerchange', onControllerChange)
      registration?.removeEventListener('updatefound', onUpdateFound)
    },
  }
}

/** The flag of a failed registration, on <html> for support and tests: `data-service-worker="failed"`. */
export function flagServiceWorker(status: 'failed'): void {
  document.documentElement.dataset.serviceWorker = status
}
