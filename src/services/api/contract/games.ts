// Games area: the provably fair seeds of the in-house studio (docs/games.md). Our extension of
// SPEC §7's Games area; the catalogue calls (get, getCategories, ...) come with the games hall.
import { integer, min, nullable, object, optional, pattern, string, type Infer } from 'superstruct'
import { CLIENT_SEED_PATTERN } from '../../../shared/games/fair'
import { defineCall } from './define'

const hex64 = pattern(string(), /^[0-9a-f]{64}$/)

export const SeedsSchema = object({
  /** The pair rounds are played with now: the server seed's SHA-256 only. */
  active: object({ serverSeedHash: hex64, clientSeed: string(), nonce: min(integer(), 0) }),
  /** The pair rotated out last, revealed: its rounds (nonces 0 to rounds - 1) can be recomputed. */
  previous: nullable(object({ serverSeed: hex64, serverSeedHash: hex64, clientSeed: string(), rounds: min(integer(), 0) })),
})
export type Seeds = Infer<typeof SeedsSchema>

/** GET /api/games/getSeeds: the player's seeds (the first call makes them). */
export const getSeeds = defineCall({
  area: 'games',
  name: 'getSeeds',
  method: 'GET',
  access: 'player',
  request: object({}),
  response: SeedsSchema,
})

/**
 * POST /api/games/rotateSeeds: reveals the server seed in use and commits to a new one, with a new
 * client seed if one is given (1 to 64 printable characters, no colon or space).
 */
export const rotateSeeds = defineCall({
  area: 'games',
  name: 'rotateSeeds',
  method: 'POST',
  access: 'player',
  request: object({ client_seed: optional(pattern(string(), CLIENT_SEED_PATTERN)) }),
  response: SeedsSchema,
})
