// Loyalty area (SPEC §7 'Loyalty'). Only getinfo so far: the login flow loads it (SPEC §4 'Login');
// the loyalty issue adds the programme, characters, quests and shop calls.
import { array, boolean, integer, nullable, number, object, string, type, unknown, type Infer } from 'superstruct'
import { defineCall } from './define'

/**
 * SPEC §3 'Loyalty info': id, is_active, points, character, levels, pointsAlias, uid. The SPEC
 * shows no more than the names; `type` (not `object`) lets the loyalty issue add fields, and the
 * character and level entries stay open until it pins them.
 */
export const LoyaltyInfoSchema = type({
  id: integer(),
  is_active: boolean(),
  points: number(),
  character: nullable(type({ id: integer() })),
  levels: array(unknown()),
  /** What the programme calls its points ("coins", "XP"). */
  pointsAlias: string(),
  uid: integer(),
})
export type LoyaltyInfo = Infer<typeof LoyaltyInfoSchema>

/** GET /api/loyalty/getinfo: the player's programme, or null for a visitor or a player in none. */
export const getinfo = defineCall({
  area: 'loyalty',
  name: 'getinfo',
  method: 'GET',
  access: 'anyone',
  request: object({}),
  response: nullable(LoyaltyInfoSchema),
})

/** A loyalty character a player may pick (at sign-up, SPEC §4 'Registration'): id, name, image path. */
export const LoyaltyCharacterSchema = object({
  id: integer(),
  name: string(),
  /** A site path to the picture ("/images/characters/nova.svg"). */
  image: string(),
})
export type LoyaltyCharacter = Infer<typeof LoyaltyCharacterSchema>

/** GET /api/loyalty/getcharacters: every character, in display order; open to visitors (sign-up uses it). */
export const getcharacters = defineCall({
  area: 'loyalty',
  name: 'getcharacters',
  method: 'GET',
  access: 'anyone',
  request: object({}),
  response: array(LoyaltyCharacterSchema),
})
