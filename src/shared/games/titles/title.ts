// What a title of the studio is, as data: its studio, engine kind, texts, limits and figures. The
// catalogue (../catalogue.ts) lists the titles; the title files here define them with these types.
import type { Locale } from '../../locales'
import type { GameKind } from '../kinds'

export const STUDIOS = {
  northlight: { name: 'Northlight Studio' },
  redfox: { name: 'Red Fox Games' },
  tidewater: { name: 'Tidewater Interactive' },
} as const
export type Studio = keyof typeof STUDIOS

export type LimitClass = 'low' | 'standard' | 'high'

export interface TitleFigures {
  /** Stated return to player, a share (0.99 is 99 %): for titles whose return depends on the options, the lowest option's. */
  readonly rtp: number
  /** The highest option's, where the options change it. */
  readonly rtpMax?: number
  /** How it was obtained: an exact sum over outcomes, a closed form, or a simulation (bench/games-sim.ts). */
  readonly method: 'exact' | 'closed form' | 'simulation'
  readonly volatility: 'low' | 'medium' | 'high' | 'very high'
  /** Share of rounds that pay anything, at the default options; null where the player's play decides it. */
  readonly hitFrequency: number | null
}

export interface StudioTitle {
  /** Kebab case, unique: the game's address /platform/game/{sysname}/play. */
  readonly sysname: string
  readonly studio: Studio
  readonly kind: GameKind
  readonly text: Readonly<Record<Locale, { readonly title: string; readonly description: string }>>
  readonly limits: LimitClass
  /** The engine's rules (paytables, house edge, strips) as data. */
  readonly rules: unknown
  /** The bet the game client starts with (its options: target, risk, rows, mines, ...). */
  readonly defaultBet: unknown
  readonly figures: TitleFigures
  /** ISO date. */
  readonly released: string
  /** Open to visitors on a demo balance. */
  readonly demo: boolean
}
