// The service worker machine's default effects; tests provide their own.
import { fromCallback, fromPromise } from 'xstate'
import { flagServiceWorker, registerServiceWorker, watchServiceWorker } from '../../../services/service-worker/registration'
import { saveOpenDrafts } from '../../../services/storage/drafts'
import type { RegisterResult, ServiceWorkerCommand, ServiceWorkerWatchEvent } from './service-worker.types'

export const register = fromPromise<RegisterResult>(async () => {
  const phase = await registerServiceWorker()
  return phase === null ? { outcome: 'unsupported' } : { outcome: 'registered', phase }
})

export const watch = fromCallback<ServiceWorkerCommand>(({ sendBack, receive }) => {
  const watcher = watchServiceWorker((news) => sendBack({ type: `sw.${news}` } as ServiceWorkerWatchEvent))
  receive((command) => (command.type === 'sw.check' ? watcher.check() : watcher.activateWaiting()))
  return () => watcher.stop()
})

/** Open forms keep what was typed (src/services/storage/drafts.ts), then the page loads the new build. */
export function reloadPage(): void {
  saveOpenDrafts()
  window.location.reload()
}

export function flagFailed(): void {
  flagServiceWorker('failed')
}
