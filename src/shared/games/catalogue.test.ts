// The studio's catalogue as a whole: enough titles from every studio, each playable as listed (its
// default bet accepted at every stake its limits allow), in every language, and stating figures that
// the engines give for its own rules. The figures are recomputed here from the engines' exact
// distributions, so a changed paytable, house edge or board fails until the title is updated.
import { describe, expect, it } from 'vitest'
import { LOCALES, type Locale } from '../locales'
import { betLimits, GAME_CURRENCIES, STUDIOS, STUDIO_TITLES, type StudioTitle, type TitleFigures } from './catalogue'
import { isRoundKind, KindError, KINDS, ROUND_KINDS } from './kinds'
import { seededStream, type UniformStream } from './random'
import { hitFrequencyOf, rtpOf, volatilityClass, volatilityOf, type PayoutDistribution } from './payouts'
import { BACCARAT_SIDES, baccaratDistribution, type BaccaratBet, type BaccaratRules } from './engines/baccarat'
import { BLACKJACK_6D_S17, BLACKJACK_6D_S17_HOUSE_EDGE } from './engines/blackjack'
import { floor4 } from './engines/common'
import { crashDistribution, validateCrashBet, type CrashBet, type CrashRules } from './engines/crash'
import { diceDistribution, DICE_ROLLS, validateDiceBet, type DiceBet, type DiceRules } from './engines/dice'
import { highLowLikelierDistribution, type HighLowRules } from './engines/high-low'
import { kenoDistribution, KENO_RISKS, type KenoBet, type KenoRules } from './engines/keno'
import { limboDistribution, limboWinningWords, type LimboRules } from './engines/limbo'
import { lineSlotFigures, type LineSlotRules } from './engines/line-slot'
import { minesDistribution, minesMultiplier, type MinesRules, type MinesState } from './engines/mines'
import { plinkoDistribution, PLINKO_RISKS, type PlinkoBet, type PlinkoRules } from './engines/plinko'
import { rouletteDistribution, type RouletteBet, type RouletteRules, type RouletteWager } from './engines/roulette'
import { JACKS_OR_BETTER_9_6, JACKS_OR_BETTER_9_6_PUBLISHED, JACKS_OR_BETTER_9_6_RTP } from './engines/video-poker'
import { WHEEL_RISKS, wheelDistribution, type WheelBet, type WheelRules } from './engines/wheel'
import { checkRtp } from './testing/rtp-check'
import { ORIGINAL_TITLES, scaleTableBet } from './titles/originals'

type Range = { min: number; max: number }
const rangeOf = (distributions: readonly PayoutDistribution[]): Range => {
  const rtps = distributions.map(rtpOf)
  return { min: Math.min(...rtps), max: Math.max(...rtps) }
}

/** Every dice bet the engine accepts: both sides, every target in hundredths. */
function diceRange(rules: DiceRules): Range {
  const all: PayoutDistribution[] = []
  for (const direction of ['over', 'under'] as const) {
    for (let h = 0; h < DICE_ROLLS; h++) {
      const bet = { target: h / 100, direction }
      if (validateDiceBet(rules, bet) === null) all.push(diceDistribution(rules, bet))
    }
  }
  return rangeOf(all)
}

/**
 * Limbo (and crash) over every target t (in hundredths) up to the cap, without 10^8 distributions:
 * t wins floor(C / t) of the 2^32 words (C = return × 100 × 2^32, limboWinningWords), so its RTP is
 * (C − C mod t) / (100 × 2^32). Among the targets with the same quotient q the remainder falls as t
 * grows, so the worst target of each q is the first; remainders stay below C / (q + 1), so the
 * search stops once that bound is under the worst found. The best is a target dividing C. Both
 * extremes are then evaluated by the engine itself, which must agree with floor(C / t) there.
 */
function limboRange(rules: LimboRules): Range {
  const C = (BigInt(Math.round((1 - rules.houseEdge) * 1_000_000)) * 100n * 2n ** 32n) / 1_000_000n
  const lo = 101n
  const hi = BigInt(Math.round(rules.maxMultiplier * 100))
  let worst = -1n
  let worstTarget = 0n
  for (let q = C / hi; ; q++) {
    const first = C / (q + 1n) + 1n
    const t = first < lo ? lo : first
    if (t <= hi && C / t === q && C - q * t > worst) {
      worst = C - q * t
      worstTarget = t
    }
    if (C / (q + 1n) <= worst) break
  }
  let bestTarget = 0n
  for (let q = C / hi; q <= C / lo && bestTarget === 0n; q++) if (C % q === 0n && C / q >= lo && C / q <= hi) bestTarget = C / q
  expect(bestTarget, 'a target dividing the return').toBeGreaterThan(0n)
  for (const t of [worstTarget, bestTarget]) expect(BigInt(limboWinningWords(rules, Number(t) / 100))).toBe(C / t)
  return rangeOf([limboDistribution(rules, Number(worstTarget) / 100), limboDistribution(rules, Number(bestTarget) / 100)])
}

/** Every mine count and every number of safe tiles before cashing out. */
function minesRange(rules: MinesRules): Range {
  const all: PayoutDistribution[] = []
  for (let m = rules.minMines; m <= Math.min(rules.maxMines, rules.tiles - 1); m++) for (let k = 1; k <= rules.tiles - m; k++) all.push(minesDistribution(rules, m, k))
  return rangeOf(all)
}

/** One bet of each kind on the layout (roulette pays every kind by its odds alone). */
const ROULETTE_SINGLES: readonly RouletteWager[] = [
  { kind: 'straight', numbers: [17] },
  { kind: 'split', numbers: [17, 20] },
  { kind: 'street', numbers: [13, 14, 15] },
  { kind: 'corner', numbers: [1, 2, 4, 5] },
  { kind: 'sixLine', numbers: [1, 2, 3, 4, 5, 6] },
  { kind: 'firstFour' },
  { kind: 'red' },
  { kind: 'black' },
  { kind: 'odd' },
  { kind: 'even' },
  { kind: 'low' },
  { kind: 'high' },
  { kind: 'dozen', index: 1 },
  { kind: 'column', index: 1 },
]

/** High-low takes no options: its stated play is "the likelier side, cash out after 1, 2 or 3". */
const HIGH_LOW_RUNS = [1, 2, 3]
/** The reference plays for the volatility of step games (titles/originals.ts). */
const REFERENCE_REVEALS = 3
const REFERENCE_RUN = 3

interface Computed {
  readonly range: Range
  /** At the default bet (or the reference play); null: no distribution. */
  readonly atDefault: PayoutDistribution
  readonly hitFrequency: boolean
}

// Titles that share rules share their range over the options: computed once.
const ranges = new Map<string, Range>()
function once(kind: string, rules: unknown, range: () => Range): Range {
  const key = `${kind} ${JSON.stringify(rules)}`
  if (!ranges.has(key)) ranges.set(key, range())
  return ranges.get(key)!
}

/**
 * What the engine says of a title with exact figures, or null for the kinds that have none. The
 * default bet counts among the options (a mixed roulette or baccarat table is one of its own).
 */
function computed(title: StudioTitle): Computed | null {
  const c = computedAtDefault(title)
  if (!c) return null
  const options = once(title.kind, title.rules, c.range)
  const own = rtpOf(c.atDefault)
  return { ...c, range: { min: Math.min(options.min, own), max: Math.max(options.max, own) } }
}

function computedAtDefault(title: StudioTitle): (Omit<Computed, 'range'> & { range: () => Range }) | null {
  const bet = title.defaultBet
  switch (title.kind) {
    case 'dice': {
      const rules = title.rules as DiceRules
      return { range: () => diceRange(rules), atDefault: diceDistribution(rules, bet as DiceBet), hitFrequency: true }
    }
    case 'limbo': {
      const rules = title.rules as LimboRules
      return { range: () => limboRange(rules), atDefault: limboDistribution(rules, (bet as { target: number }).target), hitFrequency: true }
    }
    case 'crash': {
      const rules = title.rules as CrashRules
      return { range: () => limboRange(rules), atDefault: crashDistribution(rules, (bet as CrashBet).autoCashOut), hitFrequency: true }
    }
    case 'mines': {
      const rules = title.rules as MinesRules
      return { range: () => minesRange(rules), atDefault: minesDistribution(rules, (bet as { mines: number }).mines, REFERENCE_REVEALS), hitFrequency: false }
    }
    case 'high_low': {
      const rules = title.rules as HighLowRules
      return {
        range: () => rangeOf(HIGH_LOW_RUNS.map((n) => highLowLikelierDistribution(rules, n))),
        atDefault: highLowLikelierDistribution(rules, REFERENCE_RUN),
        hitFrequency: false,
      }
    }
    case 'wheel': {
      const rules = title.rules as WheelRules
      const all = () => WHEEL_RISKS.flatMap((risk) => Object.keys(rules.tables[risk]).map((segments) => wheelDistribution(rules, { segments: Number(segments), risk })))
      return { range: () => rangeOf(all()), atDefault: wheelDistribution(rules, bet as WheelBet), hitFrequency: true }
    }
    case 'keno': {
      const rules = title.rules as KenoRules
      const all = () => KENO_RISKS.flatMap((risk) => Array.from({ length: rules.maxPicks }, (_, i) => kenoDistribution(rules, i + 1, risk)))
      const b = bet as KenoBet
      return { range: () => rangeOf(all()), atDefault: kenoDistribution(rules, b.picks.length, b.risk), hitFrequency: true }
    }
    case 'plinko': {
      const rules = title.rules as PlinkoRules
      const all = () => {
        const tables: PayoutDistribution[] = []
        for (let rows = rules.minRows; rows <= rules.maxRows; rows++) for (const risk of PLINKO_RISKS) tables.push(plinkoDistribution(rules, { rows, risk }))
        return tables
      }
      return { range: () => rangeOf(all()), atDefault: plinkoDistribution(rules, bet as PlinkoBet), hitFrequency: true }
    }
    case 'roulette': {
      const rules = title.rules as RouletteRules
      expect(new Set(ROULETTE_SINGLES.map((w) => w.kind))).toEqual(new Set(Object.keys(rules.odds)))
      const atDefault = rouletteDistribution(rules, bet as RouletteBet)
      return { range: () => rangeOf(ROULETTE_SINGLES.map((w) => rouletteDistribution(rules, { bets: [{ bet: w, stake: 1 }] }))), atDefault, hitFrequency: true }
    }
    case 'baccarat': {
      const rules = title.rules as BaccaratRules
      const atDefault = baccaratDistribution(rules, bet as BaccaratBet)
      return { range: () => rangeOf(BACCARAT_SIDES.map((side) => baccaratDistribution(rules, { bets: [{ bet: side, stake: 1 }] }))), atDefault, hitFrequency: true }
    }
    default:
      return null
  }
}

/** The figures a title with exact figures must state (rounded down to 4 decimals; hit frequency to 4). */
function expectedFigures(title: StudioTitle): Omit<TitleFigures, 'method'> | null {
  const c = computed(title)
  if (!c) return null
  const rtp = floor4(c.range.min)
  const rtpMax = floor4(c.range.max)
  return {
    rtp,
    ...(rtpMax !== rtp ? { rtpMax } : {}),
    volatility: volatilityClass(volatilityOf(c.atDefault)),
    hitFrequency: c.hitFrequency ? Math.round(hitFrequencyOf(c.atDefault) * 10_000) / 10_000 : null,
  }
}

const statedOf = (f: TitleFigures) => ({ rtp: f.rtp, ...(f.rtpMax !== undefined ? { rtpMax: f.rtpMax } : {}), volatility: f.volatility, hitFrequency: f.hitFrequency })

/** The default bet as the client sends it at a stake: table chips scaled to the stake. */
function betAt(title: StudioTitle, stake: number): unknown {
  if (title.kind !== 'roulette' && title.kind !== 'baccarat') return title.defaultBet
  return scaleTableBet(title.defaultBet as { bets: { bet: unknown; stake: number }[] }, stake)
}

/** The stake nearest to `target` within [min, max] at which the default bet can be played. */
function playableStake(title: StudioTitle, target: number, min: number, max: number): number {
  if (title.kind !== 'roulette' && title.kind !== 'baccarat') return target
  const sum = (title.defaultBet as { bets: { stake: number }[] }).bets.reduce((s, b) => s + b.stake, 0)
  const up = Math.ceil(target / sum) * sum
  return up <= max ? up : Math.floor(target / sum) * sum >= min ? Math.floor(target / sum) * sum : NaN
}

const percent = (share: number, locale: Locale) => {
  const text = (share * 100).toFixed(2)
  return locale === 'en' ? text : text.replace('.', ',')
}

/** Names a language would keep as they are (none so far): these titles may read the same in several locales. */
const SAME_IN_EVERY_LANGUAGE = new Set<string>([])

describe('the studio catalogue', () => {
  it('has at least 40 titles with unique kebab-case names, from all three studios, covering every engine and crash', () => {
    expect(STUDIO_TITLES.length).toBeGreaterThanOrEqual(40)
    const names = STUDIO_TITLES.map((t) => t.sysname)
    expect(new Set(names).size).toBe(names.length)
    for (const name of names) expect(name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/)
    expect(new Set(STUDIO_TITLES.map((t) => t.studio))).toEqual(new Set(Object.keys(STUDIOS)))
    for (const t of STUDIO_TITLES) expect(Object.keys(STUDIOS), t.sysname).toContain(t.studio)
    // The originals alone cover every kind but the slots (which have their own files), and crash.
    const originalKinds = new Set(ORIGINAL_TITLES.map((t) => t.kind))
    for (const kind of ROUND_KINDS) if (kind !== 'line_slot' && kind !== 'cluster_slot') expect(originalKinds, kind).toContain(kind)
    expect(ORIGINAL_TITLES.filter((t) => t.kind === 'crash')).toHaveLength(1)
    for (const t of STUDIO_TITLES) expect(isRoundKind(t.kind) || t.kind === 'crash', t.sysname).toBe(true)
    const english = STUDIO_TITLES.map((t) => t.text.en.title)
    expect(new Set(english).size).toBe(english.length)
  })

  it('every title has a name and a description in every language, each in its own words', () => {
    for (const t of STUDIO_TITLES) {
      for (const locale of LOCALES) {
        expect(t.text[locale]?.title.trim().length, `${t.sysname} ${locale}`).toBeGreaterThan(0)
        expect(t.text[locale]?.description.trim().length, `${t.sysname} ${locale}`).toBeGreaterThan(20)
      }
      expect(new Set(LOCALES.map((l) => t.text[l].description)).size, `${t.sysname}: descriptions`).toBe(LOCALES.length)
      if (!SAME_IN_EVERY_LANGUAGE.has(t.sysname)) expect(new Set(LOCALES.map((l) => t.text[l].title)).size, `${t.sysname}: titles`).toBe(LOCALES.length)
    }
  })

  it("each original's description states its RTP as the figures give it, in every language", () => {
    for (const t of ORIGINAL_TITLES) {
      for (const locale of LOCALES) {
        const text = t.text[locale].description
        expect(text, `${t.sysname} ${locale}`).toContain(percent(t.figures.rtp, locale))
        if (t.figures.rtpMax !== undefined) expect(text, `${t.sysname} ${locale}`).toContain(percent(t.figures.rtpMax, locale))
      }
    }
  })

  it('bet limits: a whole min below the max in every currency', () => {
    for (const t of STUDIO_TITLES) {
      for (const currency of GAME_CURRENCIES) {
        const limits = betLimits(t, currency)
        expect(limits, `${t.sysname} ${currency}`).not.toBeNull()
        const { min, max } = limits!
        expect(Number.isSafeInteger(min) && Number.isSafeInteger(max) && min > 0 && min < max, `${t.sysname} ${currency}: ${min}–${max}`).toBe(true)
      }
    }
  })

  it("every title's default bet is accepted at the smallest and the largest stake of every currency", () => {
    const refused: string[] = []
    for (const t of STUDIO_TITLES) {
      for (const currency of GAME_CURRENCIES) {
        const { min, max } = betLimits(t, currency)!
        for (const target of [min, max]) {
          const stake = playableStake(t, target, min, max)
          const where = `${t.sysname} ${currency} at ${stake}`
          const bet = betAt(t, stake)
          if (!(stake >= min && stake <= max) || bet === null) refused.push(`${where}: no playable stake`)
          else if (t.kind === 'crash') {
            const error = validateCrashBet(t.rules as CrashRules, bet as CrashBet)
            if (error) refused.push(`${where}: ${error}`)
          } else {
            try {
              KINDS[t.kind].parseBet(t.rules, bet, stake)
            } catch (err) {
              refused.push(`${where}: ${(err as Error).message}`)
            }
          }
        }
      }
    }
    expect(refused).toEqual([])
  })

  it('every title is a demo title released in 2025–2026, with figures of the right shape', () => {
    for (const t of STUDIO_TITLES) {
      expect(t.demo, t.sysname).toBe(true)
      expect(t.released, t.sysname).toMatch(/^202[56]-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/)
      expect(new Date(`${t.released}T00:00:00Z`).toISOString().slice(0, 10), t.sysname).toBe(t.released)
      const f = t.figures
      expect(f.rtp > 0.8 && f.rtp < 1, `${t.sysname} rtp ${f.rtp}`).toBe(true)
      if (f.rtpMax !== undefined) expect(f.rtpMax > f.rtp && f.rtpMax < 1, `${t.sysname} rtpMax`).toBe(true)
      if (f.hitFrequency !== null) expect(f.hitFrequency > 0 && f.hitFrequency <= 1, `${t.sysname} hit`).toBe(true)
    }
  })

  it("the stated RTP range, hit frequency and volatility of every exact title are the engine's for its own rules", () => {
    const stated: Record<string, unknown> = {}
    const engine: Record<string, unknown> = {}
    for (const t of STUDIO_TITLES) {
      const expected = expectedFigures(t)
      if (!expected) continue
      stated[t.sysname] = { method: t.figures.method, ...statedOf(t.figures) }
      engine[t.sysname] = { method: 'exact', ...expected }
    }
    expect(Object.keys(engine).length).toBeGreaterThanOrEqual(29)
    // Every title at once, so a failure lists each title whose figures moved.
    expect(stated).toEqual(engine)
  })

  it('blackjack, video poker and line slots state the figures of their rules', () => {
    for (const t of STUDIO_TITLES) {
      if (t.kind === 'blackjack') {
        expect(t.rules, t.sysname).toEqual(BLACKJACK_6D_S17)
        expect(t.figures, t.sysname).toMatchObject({ rtp: 1 - BLACKJACK_6D_S17_HOUSE_EDGE, method: 'simulation', hitFrequency: null, volatility: 'low' })
        expect(t.figures.rtpMax, t.sysname).toBeUndefined()
      }
      if (t.kind === 'video_poker') {
        expect(t.rules, t.sysname).toEqual(JACKS_OR_BETTER_9_6)
        expect(t.figures, t.sysname).toMatchObject({
          rtp: JACKS_OR_BETTER_9_6_RTP,
          method: 'exact',
          hitFrequency: Math.round(hitFrequencyOf(JACKS_OR_BETTER_9_6_PUBLISHED) * 10_000) / 10_000,
          volatility: volatilityClass(volatilityOf(JACKS_OR_BETTER_9_6_PUBLISHED)),
        })
        expect(Math.abs(rtpOf(JACKS_OR_BETTER_9_6_PUBLISHED) - JACKS_OR_BETTER_9_6_RTP)).toBeLessThan(0.00001)
      }
      if (t.kind === 'line_slot') expect(Math.abs(lineSlotFigures(t.rules as LineSlotRules).rtp - t.figures.rtp), t.sysname).toBeLessThanOrEqual(0.0001)
    }
  })

  it('a changed house edge or paytable no longer matches the stated figures', () => {
    const dice = ORIGINAL_TITLES.find((t) => t.kind === 'dice')!
    expect(statedOf(dice.figures)).not.toEqual(expectedFigures({ ...dice, rules: { ...(dice.rules as DiceRules), houseEdge: 0.015 } }))
    const keno = ORIGINAL_TITLES.find((t) => t.kind === 'keno')!
    const rules = keno.rules as KenoRules
    const cheaper = { ...rules, paytables: { ...rules.paytables, high: rules.paytables.high.map((row, i) => (i === 9 ? row.map((m, h) => (h === 6 ? m - 1 : m)) : row)) } }
    expect(statedOf(keno.figures)).not.toEqual(expectedFigures({ ...keno, rules: cheaper }))
  })

  it('the 4 × 4 mines board keeps its multipliers and its distribution', () => {
    const small = ORIGINAL_TITLES.filter((t) => t.kind === 'mines' && (t.rules as MinesRules).tiles === 16)
    expect(small.length).toBeGreaterThanOrEqual(1)
    const choose = (n: number, k: number) => {
      let c = 1n
      for (let i = 0; i < k; i++) c = (c * BigInt(n - i)) / BigInt(i + 1)
      return c
    }
    for (const t of small) {
      const rules = t.rules as MinesRules
      // Every multiplier: floor4 of (1 − edge) × C(16, k) / C(16 − m, k), from exact binomials.
      for (let m = 1; m <= 15; m++) {
        for (let k = 1; k <= 16 - m; k++) {
          const exact = ((1 - rules.houseEdge) * Number(choose(16, k))) / Number(choose(16 - m, k))
          expect(minesMultiplier(rules, m, k), `${t.sysname} ${m}/${k}`).toBe(Math.floor(exact * 10_000 + 1e-9) / 10_000)
        }
      }
      // Seeded rounds through the kind (start, reveal tiles 0, 1, …, cash out) against the distribution.
      const kind = KINDS.mines
      for (const [m, k] of [
        [(t.defaultBet as { mines: number }).mines, REFERENCE_REVEALS],
        [1, 15],
      ] as const) {
        const play = (stream: UniformStream) => {
          let state = kind.start(rules, kind.parseBet(rules, { mines: m }, 100), stream) as MinesState
          if (state.tiles !== 16 || new Set(state.mines).size !== m || !state.mines.every((tile) => tile >= 0 && tile < 16)) throw new Error(`bad board ${JSON.stringify(state.mines)}`)
          for (let tile = 0; tile < k && state.phase === 'playing'; tile++) state = kind.steps!.apply(rules, state, { reveal: tile }) as MinesState
          if (state.phase === 'playing') state = kind.steps!.apply(rules, state, { cashOut: true }) as MinesState
          return kind.multiplier(state)
        }
        const report = checkRtp(play, minesDistribution(rules, m, k), 10_000)
        expect(report.ok, `${t.sysname} ${m}/${k}: ${JSON.stringify(report)}`).toBe(true)
      }
      expect(() => kind.steps!.apply(rules, kind.start(rules, { mines: 3 }, seededStream(1)), { reveal: 16 })).toThrow(KindError)
    }
  })
})
