// What the /fairness page reads of its flow: one view name per region, and the data each shows.
import type { SnapshotFrom } from 'xstate'
import { FAIRNESS_TAGS, type fairnessMachine } from './fairness.machine'
import { verdictOf, type Verdict } from './fairness.rules'
import type { FairnessContext } from './fairness.types'

export type FairnessSnapshot = SnapshotFrom<typeof fairnessMachine>

export type SeedsView = 'loading' | 'loadFailed' | 'ready'
export const selectSeedsView = (s: FairnessSnapshot): SeedsView =>
  s.matches({ seeds: 'loading' }) ? 'loading' : s.matches({ seeds: 'loadFailed' }) ? 'loadFailed' : 'ready'

/** Where the rotation form stands. */
export type RotateStep = 'idle' | 'rotating' | 'rotated' | 'failed'
export const selectRotateStep = (s: FairnessSnapshot): RotateStep => {
  if (s.hasTag(FAIRNESS_TAGS.rotating)) return 'rotating'
  if (s.matches({ seeds: { ready: 'rotated' } })) return 'rotated'
  if (s.matches({ seeds: { ready: 'failed' } })) return 'failed'
  return 'idle'
}

export type VerifyView = 'form' | 'loadingRound' | 'awaitingReveal' | 'roundFailed' | 'computing' | 'computed' | 'match' | 'mismatch' | 'failed'
export const selectVerifyView = (s: FairnessSnapshot): VerifyView => {
  const views = ['loadingRound', 'awaitingReveal', 'roundFailed', 'computing', 'failed'] as const
  for (const view of views) if (s.matches({ verify: view })) return view
  if (s.matches({ verify: { verified: 'match' } })) return 'match'
  if (s.matches({ verify: { verified: 'mismatch' } })) return 'mismatch'
  if (s.matches({ verify: { verified: 'computed' } })) return 'computed'
  return 'form'
}

export type ChainView = 'idle' | 'checking' | 'checked' | 'failed'
export const selectChainView = (s: FairnessSnapshot): ChainView =>
  s.matches({ chain: 'checking' }) ? 'checking' : s.matches({ chain: 'checked' }) ? 'checked' : s.matches({ chain: 'failed' }) ? 'failed' : 'idle'

export const selectSeeds = (s: FairnessSnapshot) => s.context.seeds
export const selectClientSeed = (s: FairnessSnapshot) => s.context.clientSeed
export const selectClientSeedError = (s: FairnessSnapshot) => s.context.clientSeedError
export const selectRotateFailure = (s: FairnessSnapshot) => s.context.rotateFailure

/** The rotation just made: the revealed seed, the hash shown before it, and whether its SHA-256 (computed here) is that hash. */
export const selectReveal = (s: FairnessSnapshot): (NonNullable<FairnessContext['reveal']> & { matches: boolean | null }) | null => {
  const reveal = s.context.reveal
  if (!reveal || !s.matches({ seeds: { ready: 'rotated' } })) return null
  return { ...reveal, matches: reveal.hash === null ? null : reveal.hash === reveal.shownHash }
}

export const selectRound = (s: FairnessSnapshot) => s.context.round
export const selectForm = (s: FairnessSnapshot) => s.context.form
export const selectFormErrors = (s: FairnessSnapshot) => s.context.formErrors
export const selectRequest = (s: FairnessSnapshot) => s.context.request
export const selectResult = (s: FairnessSnapshot) => s.context.result
export const selectFailure = (s: FairnessSnapshot) => s.context.failure
export const selectCanPrefill = (s: FairnessSnapshot) => s.can({ type: 'verify.prefill' })
export const selectCanRotate = (s: FairnessSnapshot) => s.can({ type: 'seeds.rotate' })

/** What the recomputed round says against the server's record; null before a result. */
export const selectVerdict = (s: FairnessSnapshot): Verdict | null => (s.context.request && s.context.result ? verdictOf(s.context.request, s.context.result) : null)

export const selectChain = (s: FairnessSnapshot) => s.context.chain
export const selectChainErrors = (s: FairnessSnapshot) => s.context.chainErrors
export const selectChainResult = (s: FairnessSnapshot) => s.context.chainResult
