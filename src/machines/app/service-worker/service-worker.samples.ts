// Sample events of the service worker's lifecycle, walked by its model test and listed in the flows registry.
import { defineEntry, delayEvent, doneEventType, errorEventType, type SampleTable } from '../../flow-entry'
import { serviceWorkerMachine } from './service-worker.machine'
import type { RegisterResult, ServiceWorkerEvent } from './service-worker.types'

export const serviceWorkerSamples = {
  'sw.check': [{ type: 'sw.check' }],
  'sw.reload': [{ type: 'sw.reload' }],
  'sw.updateFound': [{ type: 'sw.updateFound' }],
  'sw.installed': [{ type: 'sw.installed' }],
  'sw.settled': [{ type: 'sw.settled' }],
  'sw.activated': [{ type: 'sw.activated' }],
  'sw.controllerChanged': [{ type: 'sw.controllerChanged' }],
} satisfies SampleTable<ServiceWorkerEvent>

const REGISTERED = doneEventType(serviceWorkerMachine, 'register')
const REGISTER_FAILED = errorEventType(serviceWorkerMachine, 'register')
/** The waiting worker did not take over in time: the page reloads anyway. */
export const TAKEOVER_TIMEOUT = delayEvent(serviceWorkerMachine, 'takeoverTimeout').type
export type ServiceWorkerOutcome =
  | { type: typeof REGISTERED; output: RegisterResult }
  | { type: typeof REGISTER_FAILED; error: unknown }
  | { type: typeof TAKEOVER_TIMEOUT }

const timers: SampleTable<{ type: typeof TAKEOVER_TIMEOUT }> = { [TAKEOVER_TIMEOUT]: [{ type: TAKEOVER_TIMEOUT }] }

export const serviceWorkerOutcomes = {
  [REGISTERED]: [
    { type: REGISTERED, output: { outcome: 'registered', phase: 'current' } },
    { type: REGISTERED, output: { outcome: 'registered', phase: 'installing' } },
    { type: REGISTERED, output: { outcome: 'registered', phase: 'waiting' } },
    { type: REGISTERED, output: { outcome: 'unsupported' } },
  ],
  [REGISTER_FAILED]: [{ type: REGISTER_FAILED, error: new TypeError('Failed to register a ServiceWorker') }],
  ...timers,
} satisfies SampleTable<ServiceWorkerOutcome>

export const serviceWorkerEntry = defineEntry<typeof serviceWorkerMachine, ServiceWorkerOutcome>({
  name: 'service-worker',
  area: 'app',
  spec: "§4 'Service worker', §7 /sw.js",
  description: 'Registers /sw.js with scope /; a new build waits for the reload offer; an update or another tab taking over reloads the page, keeping open forms',
  machine: serviceWorkerMachine,
  input: { enabled: true },
  otherInputs: [{ enabled: false }],
  events: serviceWorkerSamples,
  outcomes: serviceWorkerOutcomes,
})
