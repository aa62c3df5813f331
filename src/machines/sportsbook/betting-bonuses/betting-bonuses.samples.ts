// Sample events of the betting bonuses list, walked by its model test and listed in the flows registry.
import { defineEntry, doneEventType, errorEventType, type SampleTable } from '../../flow-entry'
import { bettingBonusesMachine } from './betting-bonuses.machine'
import type { BettingBonus, BettingBonusesEvent, BonusActionResult, LoadBonusesResult } from './betting-bonuses.types'

const bonus = (id: string, status: BettingBonus['status']): BettingBonus => ({
  id,
  kind: 'free_bet',
  status,
  amount: '5.00',
  currency: 'EUR',
  min_price: 1500,
  description: 'Welcome free bet',
  expires_at: '2099-01-01T00:00:00.000Z',
  created_at: '2026-11-01T10:00:00.000Z',
})

/** 11 may be put on the slip, 12 is on it, 13 was used. */
export const sampleBonuses: readonly BettingBonus[] = [bonus('11', 'available'), bonus('12', 'active'), bonus('13', 'used')]

export const bettingBonusesSamples = {
  'bonuses.retry': [{ type: 'bonuses.retry' }],
  // An available one, and a used one the guard keeps from the server.
  'bonus.activate': [
    { type: 'bonus.activate', id: '11' },
    { type: 'bonus.activate', id: '13' },
  ],
  'bonus.remove': [
    { type: 'bonus.remove', id: '12' },
    { type: 'bonus.remove', id: '13' },
  ],
  'bonus.remove.confirm': [{ type: 'bonus.remove.confirm' }],
  'bonus.remove.cancel': [{ type: 'bonus.remove.cancel' }],
} satisfies SampleTable<BettingBonusesEvent>

const LOADED = doneEventType(bettingBonusesMachine, 'loadBonuses')
const LOAD_FAILED = errorEventType(bettingBonusesMachine, 'loadBonuses')
const ACTIVATED = doneEventType(bettingBonusesMachine, 'activateBonus')
const ACTIVATE_FAILED = errorEventType(bettingBonusesMachine, 'activateBonus')
const REMOVED = doneEventType(bettingBonusesMachine, 'removeBonus')
const REMOVE_FAILED = errorEventType(bettingBonusesMachine, 'removeBonus')

export type BettingBonusesOutcome =
  | { type: typeof LOADED; output: LoadBonusesResult }
  | { type: typeof LOAD_FAILED; error: unknown }
  | { type: typeof ACTIVATED; output: BonusActionResult }
  | { type: typeof ACTIVATE_FAILED; error: unknown }
  | { type: typeof REMOVED; output: BonusActionResult }
  | { type: typeof REMOVE_FAILED; error: unknown }

/** The server's refusal of a bonus it no longer offers (expired, used meanwhile on another device). */
export const bonusUnavailable: BonusActionResult = { ok: false, error: { type: 'InvalidParameterException', code: 'betting_bonus_unavailable' } }

export const bettingBonusesOutcomes = {
  [LOADED]: [
    { type: LOADED, output: { ok: true, bonuses: sampleBonuses } },
    { type: LOADED, output: { ok: true, bonuses: [] } },
    { type: LOADED, output: { ok: false, error: { type: 'ServiceUnavailableException' } } },
  ],
  [LOAD_FAILED]: [{ type: LOAD_FAILED, error: 'network down' }],
  [ACTIVATED]: [
    { type: ACTIVATED, output: { ok: true, bonus: bonus('11', 'active') } },
    { type: ACTIVATED, output: bonusUnavailable },
  ],
  [ACTIVATE_FAILED]: [{ type: ACTIVATE_FAILED, error: 'network down' }],
  [REMOVED]: [
    { type: REMOVED, output: { ok: true, bonus: bonus('12', 'removed') } },
    { type: REMOVED, output: bonusUnavailable },
  ],
  [REMOVE_FAILED]: [{ type: REMOVE_FAILED, error: 'network down' }],
} satisfies SampleTable<BettingBonusesOutcome>

export const bettingBonusesEntry = defineEntry<typeof bettingBonusesMachine, BettingBonusesOutcome>({
  name: 'betting-bonuses',
  area: 'sportsbook',
  spec: '§7 Betting bonuses get, activate, remove; §2.4 betting-bonus-activated; §3 balance_betting_bonus',
  description: "The player's free bets on /profile/bonuses: read once, one put on the betslip at a time (the activated dialog follows), one given up after a confirm, a refusal kept at its bonus",
  machine: bettingBonusesMachine,
  input: {},
  events: bettingBonusesSamples,
  outcomes: bettingBonusesOutcomes,
})
