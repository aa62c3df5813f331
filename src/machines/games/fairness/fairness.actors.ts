// The /fairness page's default effects: games/getSeeds, rotateSeeds and round through the page's
// API client (refusals come back as values), and the browser's own computations with Web Crypto
// (src/services/games/fair-verify.ts). Tests swap them with `.provide()`.
import { fromPromise } from 'xstate'
import { browserApiClient } from '../../../services/api/browser-client'
import { getRound, getSeeds, rotateSeeds as rotateSeedsCall } from '../../../services/api/contract/games'
import { checkChainLink, NoWebCrypto, sha256Hex, verifyRound as verifyInBrowser } from '../../../services/games/fair-verify'
import { isApiError } from '../../../shared/errors'
import type {
  ApiResult,
  CheckChainResult,
  HashSeedInput,
  HashSeedResult,
  LoadRoundResult,
  LoadSeedsResult,
  RotateSeedsInput,
  RotateSeedsResult,
  VerifyRoundInput,
  VerifyRoundResult,
} from './fairness.types'

/** Data on success, `{ ok: false }` for an API error of SPEC §8; anything else (a bug) stays a rejection. */
async function settle<T extends object>(call: () => Promise<T>): Promise<ApiResult<T>> {
  try {
    return { ok: true, ...(await call()) }
  } catch (error) {
    if (isApiError(error)) return { ok: false, error: { type: error.type, code: error.code, invalidParameters: error.invalidParameters } }
    throw error
  }
}

/** Reads games/getSeeds: the pair in use (its hash only) and the last revealed one; the first call makes them. */
export const loadSeeds = fromPromise<LoadSeedsResult>(() => settle(async () => ({ seeds: await browserApiClient().call(getSeeds, {}) })))

/** Calls games/rotateSeeds: reveals the server seed in use and commits to a new one. */
export const rotateSeeds = fromPromise<RotateSeedsResult, RotateSeedsInput>(({ input }) =>
  settle(async () => ({ seeds: await browserApiClient().call(rotateSeedsCall, input.clientSeed ? { client_seed: input.clientSeed } : {}) })),
)

/** Reads games/round: one of the caller's rounds, with its fairness data and decisions. */
export const loadRound = fromPromise<LoadRoundResult, { round: string }>(({ input }) => settle(async () => ({ round: await browserApiClient().call(getRound, { round: input.round }) })))

/** Recomputes a round in this browser (Web Crypto HMAC blocks, the engine's own replay). */
export const verifyRound = fromPromise<VerifyRoundResult, VerifyRoundInput>(({ input }) => verifyInBrowser(input))

/** SHA-256 of a revealed seed, computed here; null where the page has no Web Crypto. */
export const hashSeed = fromPromise<HashSeedResult, HashSeedInput>(async ({ input }) => {
  try {
    return { hash: await sha256Hex(input.text) }
  } catch (err) {
    if (err instanceof NoWebCrypto) return { hash: null }
    throw err
  }
})

/** Checks a crash seed against the round before it (SHA-256 in the browser). */
export const checkChain = fromPromise<CheckChainResult, { seed: string; previous: string }>(async ({ input }) => {
  try {
    return { ok: true, ...(await checkChainLink(input.seed, input.previous)) }
  } catch (err) {
    if (err instanceof NoWebCrypto) return { ok: false }
    throw err
  }
})
