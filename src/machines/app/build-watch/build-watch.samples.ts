// Sample events of the build watch, walked by its model test and listed in the flows registry.
import { defineEntry, delayEvent, doneEventType, errorEventType, type SampleTable } from '../../flow-entry'
import { buildWatchMachine } from './build-watch.machine'
import type { BuildWatchEvent, FetchLatestBuildResult } from './build-watch.types'

/** The build the sample page was served by. */
export const PAGE_BUILD = 'a1b2c3d4e5f60718'

export const buildWatchSamples = {
  'build.updateReady': [{ type: 'build.updateReady' }],
} satisfies SampleTable<BuildWatchEvent>

const READ = doneEventType(buildWatchMachine, 'fetchLatestBuild')
const READ_FAILED = errorEventType(buildWatchMachine, 'fetchLatestBuild')
/** The interval between two reads of the manifest ending. */
export const CHECK = delayEvent(buildWatchMachine, 'checkInterval').type
export type BuildWatchOutcome =
  | { type: typeof READ; output: FetchLatestBuildResult }
  | { type: typeof READ_FAILED; error: unknown }
  | { type: typeof CHECK }

const timers: SampleTable<{ type: typeof CHECK }> = { [CHECK]: [{ type: CHECK }] }

export const buildWatchOutcomes = {
  [READ]: [
    { type: READ, output: { ok: true, buildId: PAGE_BUILD } },
    { type: READ, output: { ok: true, buildId: 'f0e1d2c3b4a59687' } },
    { type: READ, output: { ok: true, buildId: null } },
    { type: READ, output: { ok: false } },
  ],
  [READ_FAILED]: [{ type: READ_FAILED, error: 'network down' }],
  ...timers,
} satisfies SampleTable<BuildWatchOutcome>

export const buildWatchEntry = defineEntry<typeof buildWatchMachine, BuildWatchOutcome>({
  name: 'build-watch',
  area: 'app',
  spec: "§4 'Build manifest', §7 latest-build manifest",
  description: 'Polls the latest build; a newer one (or a new service worker waiting) offers a reload, once a page',
  machine: buildWatchMachine,
  input: { buildId: PAGE_BUILD },
  otherInputs: [{ buildId: null }],
  events: buildWatchSamples,
  outcomes: buildWatchOutcomes,
})
