// Sample events of the consent flow, walked by its model test and by the flows registry.
import { NO_ANALYTICS, type AnalyticsSettings } from '../../../shared/analytics-settings'
import { defineEntry, delayEvent, delaySamples, doneEventType, errorEventType, type SampleTable } from '../../flow-entry'
import { consentMachine } from './consent.machine'
import type { ConsentEvent, ConsentInput, FingerprintResult } from './consent.types'

/** A site with the tag manager, a pixel and the fingerprint on. */
export const sampleSettings: AnalyticsSettings = { ...NO_ANALYTICS, gtmId: 'GTM-TEST01', metaPixelId: '1234567890', fingerprintEnabled: true }

export const consentSamples = {
  'consent.acceptAll': [{ type: 'consent.acceptAll' }],
  'consent.rejectAll': [{ type: 'consent.rejectAll' }],
  'consent.save': [
    { type: 'consent.save', analytics: true, marketing: false },
    { type: 'consent.save', analytics: false, marketing: true },
  ],
  'consent.open': [{ type: 'consent.open' }],
  'consent.dismiss': [{ type: 'consent.dismiss' }],
  'app.hydrated': [{ type: 'app.hydrated' }],
} satisfies SampleTable<ConsentEvent>

const FP_DONE = doneEventType(consentMachine, 'loadFingerprint')
const FP_ERROR = errorEventType(consentMachine, 'loadFingerprint')
const HIT_DONE = doneEventType(consentMachine, 'sendHit')
const HIT_ERROR = errorEventType(consentMachine, 'sendHit')
export const HIT_DUE = delayEvent(consentMachine, 'hitDelay').type
export const FP_TIMEOUT = delayEvent(consentMachine, 'fingerprintTimeout').type

export type ConsentOutcome =
  | { type: typeof FP_DONE; output: FingerprintResult }
  | { type: typeof FP_ERROR; error: unknown }
  | { type: typeof HIT_DONE; output?: undefined }
  | { type: typeof HIT_ERROR; error: unknown }
  | { type: typeof HIT_DUE }
  | { type: typeof FP_TIMEOUT }

export const consentOutcomes = {
  [FP_DONE]: [
    { type: FP_DONE, output: { ok: true, session: 'c2Vvbi1zZXNzaW9u' } },
    { type: FP_DONE, output: { ok: false } },
  ],
  [FP_ERROR]: [{ type: FP_ERROR, error: 'bug' }],
  [HIT_DONE]: [{ type: HIT_DONE }],
  [HIT_ERROR]: [{ type: HIT_ERROR, error: 'offline' }],
  ...delaySamples(HIT_DUE),
  ...delaySamples(FP_TIMEOUT),
} satisfies SampleTable<ConsentOutcome>

export const firstVisitInput: ConsentInput = { choice: null, settings: sampleSettings }

export const consentEntry = defineEntry<typeof consentMachine, ConsentOutcome>({
  name: 'consent',
  area: 'app',
  spec: '§3 Other (analytics settings), §4 Marketing analytics, §7 /hit and the fingerprint script, §9 fingerprint hit 3000 ms',
  description: 'The cookie banner (necessary, analytics, marketing) and what waits for it: the tools, the fingerprint, the visit 3 s after start',
  machine: consentMachine,
  input: firstVisitInput,
  otherInputs: [
    { choice: { analytics: true, marketing: false }, settings: sampleSettings },
    { choice: null, settings: NO_ANALYTICS },
  ],
  events: consentSamples,
  outcomes: consentOutcomes,
})
