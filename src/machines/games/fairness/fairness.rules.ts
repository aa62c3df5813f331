// Rules of the /fairness page (docs/games.md#verifying-a-round): what may be sent, what a round
// needs before it can be verified, and when a recomputed round is the one the server played.
import { STUDIO_TITLES, studioTitle } from '../../../shared/games/catalogue'
import { CLIENT_SEED_PATTERN } from '../../../shared/games/fair'
import { isRoundKind } from '../../../shared/games/kinds'
import type {
  ApiFailure,
  ChainError,
  ChainField,
  ChainForm,
  ManualError,
  ManualField,
  ManualForm,
  Round,
  RoundFailure,
  VerifiedRound,
  VerifyRequest,
  VerifyRoundResult,
} from './fairness.types'

const HEX64 = /^[0-9a-f]{64}$/

export const EMPTY_FORM: ManualForm = { game: '', serverSeed: '', clientSeed: '', nonce: '', bet: '', actions: '' }
export const EMPTY_CHAIN: ChainForm = { seed: '', previous: '' }

/** The titles a round can be verified for: every studio title played alone (crash has its chain check). */
export const VERIFIABLE_GAMES: readonly string[] = STUDIO_TITLES.filter((t) => isRoundKind(t.kind)).map((t) => t.sysname)

/** A new client seed: empty keeps the one in use; otherwise the server's own rule (1 to 64 printable characters, no colon or space). */
export function clientSeedProblem(value: string): 'pattern' | null {
  return value === '' || CLIENT_SEED_PATTERN.test(value) ? null : 'pattern'
}

/** The server refused the client seed itself (its field), rather than the rotation. */
export function refusedClientSeed(error: ApiFailure): boolean {
  return Boolean(error.invalidParameters?.client_seed)
}

export function rotateFailureOf(error: ApiFailure): 'throttled' | 'failed' {
  return error.type === 'TooManyRequestsException' ? 'throttled' : 'failed'
}

/** A round still being played cannot be verified: its seed must stay secret until it ends. */
export function isFinished(round: Round): boolean {
  return round.status !== 'pending' && round.status !== 'open'
}

export function roundFailureOf(error: ApiFailure): RoundFailure {
  return error.code === 'round_not_found' || error.type === 'MethodNotFoundException' ? 'not_found' : 'load_failed'
}

/** What to recompute for a round whose seed is revealed. */
export function requestFromRound(round: Round): VerifyRequest {
  if (round.fairness.serverSeed === null) throw new Error('requestFromRound: the round’s server seed is not revealed yet')
  return {
    source: 'round',
    input: {
      game: round.game,
      serverSeed: round.fairness.serverSeed,
      clientSeed: round.fairness.clientSeed,
      nonce: round.fairness.nonce,
      bet: round.bet,
      actions: round.actions,
      abandoned: round.abandoned,
    },
    recorded: { serverSeedHash: round.fairness.serverSeedHash, state: round.state },
  }
}

const text = (value: unknown): string => (value === undefined ? '' : JSON.stringify(value))

/** The form filled with what is on show: the request computed last, else the round from the address. */
export function formFrom(request: VerifyRequest | null, round: Round | null, current: ManualForm): ManualForm {
  if (request) {
    const i = request.input
    return { game: i.game, serverSeed: i.serverSeed, clientSeed: i.clientSeed, nonce: String(i.nonce), bet: text(i.bet), actions: i.actions.length ? text(i.actions) : '' }
  }
  if (round) {
    return {
      game: round.game,
      serverSeed: round.fairness.serverSeed ?? '',
      clientSeed: round.fairness.clientSeed,
      nonce: String(round.fairness.nonce),
      bet: text(round.bet),
      actions: round.actions.length ? text(round.actions) : '',
    }
  }
  return current
}

function parseJson(value: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(value) as unknown }
  } catch {
    return { ok: false }
  }
}

/** Reads the manual form: the request to compute, or an error per field. An empty bet is {} and empty actions none. */
export function readManualForm(form: ManualForm): { ok: true; request: VerifyRequest } | { ok: false; errors: Partial<Record<ManualField, ManualError>> } {
  const errors: Partial<Record<ManualField, ManualError>> = {}
  const game = form.game.trim()
  const title = studioTitle(game)
  if (!game) errors.game = 'required'
  else if (!title || !isRoundKind(title.kind)) errors.game = 'unknown_game'
  const serverSeed = form.serverSeed.trim().toLowerCase()
  if (!serverSeed) errors.serverSeed = 'required'
  else if (!HEX64.test(serverSeed)) errors.serverSeed = 'server_seed'
  const clientSeed = form.clientSeed.trim()
  if (!clientSeed) errors.clientSeed = 'required'
  else if (!CLIENT_SEED_PATTERN.test(clientSeed)) errors.clientSeed = 'client_seed'
  const nonceText = form.nonce.trim()
  if (!nonceText) errors.nonce = 'required'
  else if (!/^\d{1,9}$/.test(nonceText)) errors.nonce = 'nonce'
  const bet = form.bet.trim() ? parseJson(form.bet) : { ok: true as const, value: {} }
  if (!bet.ok) errors.bet = 'json'
  const actions = form.actions.trim() ? parseJson(form.actions) : { ok: true as const, value: [] }
  if (!actions.ok) errors.actions = 'json'
  else if (!Array.isArray(actions.value)) errors.actions = 'not_a_list'
  if (Object.keys(errors).length > 0 || !bet.ok || !actions.ok) return { ok: false, errors }
  return {
    ok: true,
    request: {
      source: 'form',
      input: { game, serverSeed, clientSeed, nonce: Number(nonceText), bet: bet.value, actions: actions.value as unknown[], abandoned: false },
      recorded: null,
    },
  }
}

/** The engine refused what the form gave: the field it came from says so. */
export function formErrorsOf(result: VerifyRoundResult): Partial<Record<ManualField, ManualError>> {
  if (result.ok) return {}
  if (result.error === 'bad_bet') return { bet: 'bad_bet' }
  if (result.error === 'bad_actions') return { actions: 'bad_actions' }
  if (result.error === 'unknown_game') return { game: 'unknown_game' }
  return {}
}

/** JSON equality whatever the key order (the server keeps rounds as jsonb, which reorders keys). */
export function sameJson(a: unknown, b: unknown): boolean {
  const canonical = (x: unknown): unknown => {
    if (Array.isArray(x)) return x.map(canonical)
    if (typeof x === 'object' && x !== null) {
      return Object.fromEntries(
        Object.entries(x)
          .filter(([, v]) => v !== undefined)
          .sort(([k1], [k2]) => (k1 < k2 ? -1 : k1 > k2 ? 1 : 0))
          .map(([k, v]) => [k, canonical(v)]),
      )
    }
    return x
  }
  return JSON.stringify(canonical(JSON.parse(JSON.stringify(a ?? null)))) === JSON.stringify(canonical(JSON.parse(JSON.stringify(b ?? null))))
}

export interface Verdict {
  /** SHA-256 of the seed equals the hash the server showed before play; null with nothing to compare. */
  readonly hash: boolean | null
  /** The recomputed round equals the round the server recorded; null with nothing to compare. */
  readonly state: boolean | null
}

export function verdictOf(request: VerifyRequest, result: VerifiedRound): Verdict {
  if (!request.recorded) return { hash: null, state: null }
  return { hash: result.serverSeedHash === request.recorded.serverSeedHash, state: sameJson(result.view, request.recorded.state) }
}

/** The crash check's fields: two seeds of 64 hex characters. */
export function readChainForm(form: ChainForm): { ok: true; seed: string; previous: string } | { ok: false; errors: Partial<Record<ChainField, ChainError>> } {
  const errors: Partial<Record<ChainField, ChainError>> = {}
  const seed = form.seed.trim().toLowerCase()
  const previous = form.previous.trim().toLowerCase()
  for (const [name, value] of [['seed', seed], ['previous', previous]] as const) {
    if (!value) errors[name] = 'required'
    else if (!HEX64.test(value)) errors[name] = 'hex64'
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, seed, previous }
}
