// The book's settings an operator may change (the settings table), with their defaults.
import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import { readSettings } from '../settings/settings'
import { DEFAULT_MARGINS, type Margins } from './simulator'

export const MARGIN_SETTINGS = { prematch: 'sportsbook_margin_prematch', live: 'sportsbook_margin_live' } as const

/** A margin is a share of the stake: more than 0, at most 25 %; anything else keeps the default. */
export function parseMargin(value: unknown, fallback: number): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN
  return Number.isFinite(n) && n > 0 && n <= 0.25 ? n : fallback
}

export async function readMargins(db: Kysely<DB>): Promise<Margins> {
  const s = await readSettings(db, [MARGIN_SETTINGS.prematch, MARGIN_SETTINGS.live])
  return { prematch: parseMargin(s[MARGIN_SETTINGS.prematch], DEFAULT_MARGINS.prematch), live: parseMargin(s[MARGIN_SETTINGS.live], DEFAULT_MARGINS.live) }
}
