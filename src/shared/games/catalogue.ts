// The studio's titles: what each plays (its engine kind and rules), who made it, its texts in
// every locale, its bet limits per currency and its stated figures. The server plays rounds from
// this list, the game client draws from it and the /fairness page replays with it.
import type { GameKind } from './kinds'
import type { LimitClass, StudioTitle } from './titles/title'
import { LINE_SLOT_TITLES } from './titles/line-slots'
import { CLUSTER_SLOT_TITLES } from './titles/cluster-slots'
import { ORIGINAL_TITLES } from './titles/originals'

export { STUDIOS, type LimitClass, type Studio, type StudioTitle, type TitleFigures } from './titles/title'

/** SPEC §3 game types. */
export type GameType = 'slot' | 'casino' | 'fast' | 'logical' | 'high_low'

export const TYPE_OF_KIND: Readonly<Record<GameKind, GameType>> = {
  line_slot: 'slot',
  cluster_slot: 'slot',
  roulette: 'casino',
  baccarat: 'casino',
  blackjack: 'casino',
  video_poker: 'logical',
  dice: 'fast',
  limbo: 'fast',
  crash: 'fast',
  mines: 'fast',
  wheel: 'fast',
  keno: 'fast',
  plinko: 'fast',
  high_low: 'high_low',
}

/** The currencies the site trades in (server/seed/data.ts), each a bet limit in minor units. */
export const GAME_CURRENCIES = ['USD', 'EUR', 'BRL', 'MXN', 'JPY', 'BTC'] as const
export type GameCurrency = (typeof GAME_CURRENCIES)[number]

/** First stake per round, minor units: min and max per currency for each class of title. */
export const BET_LIMITS: Readonly<Record<LimitClass, Readonly<Record<GameCurrency, { readonly min: number; readonly max: number }>>>> = {
  low: {
    USD: { min: 10, max: 5_000 },
    EUR: { min: 10, max: 5_000 },
    BRL: { min: 50, max: 25_000 },
    MXN: { min: 200, max: 100_000 },
    JPY: { min: 10, max: 5_000 },
    BTC: { min: 200, max: 100_000 },
  },
  standard: {
    USD: { min: 20, max: 20_000 },
    EUR: { min: 20, max: 20_000 },
    BRL: { min: 100, max: 100_000 },
    MXN: { min: 400, max: 400_000 },
    JPY: { min: 20, max: 20_000 },
    BTC: { min: 400, max: 400_000 },
  },
  high: {
    USD: { min: 100, max: 100_000 },
    EUR: { min: 100, max: 100_000 },
    BRL: { min: 500, max: 500_000 },
    MXN: { min: 2_000, max: 2_000_000 },
    JPY: { min: 100, max: 100_000 },
    BTC: { min: 2_000, max: 2_000_000 },
  },
}

export function titleType(title: Pick<StudioTitle, 'kind'>): GameType {
  return TYPE_OF_KIND[title.kind]
}

const LINE_SLOTS: readonly StudioTitle[] = LINE_SLOT_TITLES.map((t, i) => ({
  sysname: t.sysname,
  studio: t.studio,
  kind: 'line_slot',
  text: t.text,
  limits: 'standard',
  rules: t.rules,
  defaultBet: {},
  figures: { rtp: t.figures.rtp, method: 'exact', volatility: t.figures.volatility, hitFrequency: t.figures.hitFrequency },
  released: `2026-0${1 + (i % 9)}-15`,
  demo: true,
}))

const CLUSTER_SLOTS: readonly StudioTitle[] = CLUSTER_SLOT_TITLES.map((t, i) => ({
  sysname: t.sysname,
  studio: t.studio,
  kind: 'cluster_slot',
  text: t.text,
  limits: 'standard',
  rules: t.rules,
  defaultBet: {},
  figures: { rtp: t.figures.rtp, method: 'simulation', volatility: t.figures.volatility, hitFrequency: t.figures.hitFrequency },
  released: `2026-1${i}-20`,
  demo: true,
}))

export const STUDIO_TITLES: readonly StudioTitle[] = [...LINE_SLOTS, ...CLUSTER_SLOTS, ...ORIGINAL_TITLES]

const BY_SYSNAME = new Map(STUDIO_TITLES.map((t) => [t.sysname, t]))

export function studioTitle(sysname: string): StudioTitle | undefined {
  return BY_SYSNAME.get(sysname)
}

/** A title's bet limits in a currency, or null when it does not take that currency. */
export function betLimits(title: StudioTitle, currency: string): { min: number; max: number } | null {
  return (BET_LIMITS[title.limits] as Record<string, { min: number; max: number }>)[currency] ?? null
}
