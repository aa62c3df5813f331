// The Stately inspector (@statelyai/inspect), with every secret redacted before it leaves the page:
// the registry's `redact` fields and the usual secret names (src/machines/testing/redact.ts), in
// contexts, events and child actors' input and output. Loaded only with ?inspect=1 outside
// production (page-inspection.ts), as its own chunk.
import { createBrowserInspector } from '@statelyai/inspect'
import type { InspectionEvent, Observer } from 'xstate'
import { machineRegistry } from '../machines/registry'
import { inspectionRedaction, secretFields } from '../machines/testing/redact'

export function startInspector(): Observer<InspectionEvent> {
  return createBrowserInspector({ autoStart: true, ...inspectionRedaction(secretFields(machineRegistry)) }).inspect
}
