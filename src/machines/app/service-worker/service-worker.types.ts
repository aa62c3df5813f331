// Types of the service worker's lifecycle (SPEC §4 'Service worker').

export interface ServiceWorkerInput {
  /** A built site serves /sw.js; in development there is none to register. */
  readonly enabled: boolean
}

/** Where registration left the worker; the browser may also lack service workers altogether. */
export type RegisterResult =
  | { readonly outcome: 'unsupported' }
  | { readonly outcome: 'registered'; readonly phase: 'current' | 'installing' | 'waiting' }

/** What the root and the view send. */
export type ServiceWorkerPublicEvent =
  /** A newer build was seen: ask the browser to fetch its worker now. */
  | { type: 'sw.check' }
  /** The player accepted the reload offer. */
  | { type: 'sw.reload' }

/** What the registration's watcher reports. */
export type ServiceWorkerWatchEvent =
  /** A new worker started installing. */
  | { type: 'sw.updateFound' }
  /** It installed and waits to take over (an update: a worker is already active). */
  | { type: 'sw.installed' }
  /** It did not end up waiting: the first install activated at once, or the install failed. */
  | { type: 'sw.settled' }
  /** The worker this page asked to take over is active. */
  | { type: 'sw.activated' }
  /** Another worker took over this page: another tab accepted the update (external activation). */
  | { type: 'sw.controllerChanged' }

export type ServiceWorkerEvent = ServiceWorkerPublicEvent | ServiceWorkerWatchEvent

/** What the machine tells the watcher to do. */
export type ServiceWorkerCommand = { type: 'sw.check' } | { type: 'sw.activateWaiting' }
