// The two cluster-slot ("pays anywhere", tumbling) titles. Rules are data for the cluster-slot
// engine. A tumbling round's RTP is not tractable to enumerate, so every figure here was measured
// once by `GAMES_SIM_GAMES=<sysname> npx tsx bench/games-sim.ts` (100 million seeded rounds per
// title, docs/games.md "Cluster slots"), which prints the `figures` object pasted below: the stated
// RTP is that simulation's mean to 2 decimals, with its 99 % interval. The bins of win sizes it
// measured let the test check seeded play against the same figures, so a paytable edited
// without a new simulation fails. Change any rule and run the simulation again.
import type { ClusterSlotRules } from '../engines/cluster-slot'
import type { SlotCurrency, SlotLocale, SlotStudio } from './line-slots'

export type ClusterSlotSysname = 'pearl-cascade' | 'orchard-heist'

/** Rounds whose payback per unit bet lies in (previous upTo, upTo]; the first bin (upTo 0) is the losing rounds. */
export interface ClusterWinBin {
  readonly upTo: number
  /** Rounds of the simulation in the bin. */
  readonly rounds: number
  /** Their mean payback per unit bet. */
  readonly mean: number
}

export interface ClusterSlotFigures {
  /** Stated RTP: the simulation's mean payback per unit bet, rounded to 0.01 %. */
  readonly rtp: number
  /** The simulation's 99 % confidence interval of the RTP (unrounded mean ± 2.5758 standard errors). */
  readonly rtp99: readonly [number, number]
  /** Share of rounds that pay anything. */
  readonly hitFrequency: number
  /** Standard deviation of the round's payback per unit bet, feature included. */
  readonly sd: number
  readonly volatility: 'low' | 'medium' | 'high' | 'very high'
  /** One round in this many starts the free spins. */
  readonly triggerEvery: number
  /** Share of rounds that reach the max win. */
  readonly capped: number
  readonly method: 'simulation'
  /** Rounds simulated, and their seeds: worker i of the bench plays seed `seed + i`. */
  readonly rounds: number
  readonly seed: number
  /** The simulation's rounds by win size, bins at `clusterWinEdges(maxWin)` (empty bins left out). */
  readonly winBins: readonly ClusterWinBin[]
  /** `clusterRulesFingerprint` of the rules simulated: rules edited since fail the title test until simulated again. */
  readonly rulesFingerprint: string
}

export interface ClusterSlotTitle {
  /** Kebab case, unique across titles. */
  readonly sysname: ClusterSlotSysname
  readonly studio: SlotStudio
  readonly type: 'slots'
  readonly text: Readonly<Record<SlotLocale, { readonly title: string; readonly description: string }>>
  /** Every symbol's name in every locale, by symbol id. */
  readonly symbolNames: Readonly<Record<string, Readonly<Record<SlotLocale, string>>>>
  /** Total bet per spin, in minor units of each currency. */
  readonly bets: Readonly<Record<SlotCurrency, { readonly min: number; readonly max: number }>>
  readonly rules: ClusterSlotRules
  readonly figures: ClusterSlotFigures
}

/** Upper bounds of the win-size bins below the max win (a round paying exactly an edge falls in that edge's bin). */
const WIN_EDGES: readonly number[] = [
  0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1, 1.25, 1.5, 1.75, 2, 2.25, 2.5, 2.75, 3, 3.5, 4, 4.5, 5, 6, 7, 8, 9, 10, 12, 15, 20,
  25, 30, 40, 50, 75, 100, 150, 200, 300, 500, 1000, 2000, 3000, 4000,
]

/** The bins' upper bounds for a title: the fixed edges below its max win, then the max win itself. */
export function clusterWinEdges(maxWin: number): number[] {
  return [...WIN_EDGES.filter((e) => e < maxWin), maxWin]
}

/** The bin a round's payback falls in (the first edge at or above it). */
export function clusterWinBin(edges: readonly number[], multiplier: number): number {
  let lo = 0
  let hi = edges.length - 1
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (multiplier <= edges[mid]!) hi = mid
    else lo = mid + 1
  }
  return lo
}

/** JSON with keys sorted, so the fingerprint does not depend on the order keys are written in. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>
    return `{${Object.keys(record)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(record[k])}`)
      .join(',')}}`
  }
  return JSON.stringify(value)
}

/** A 53-bit hash (cyrb53) of the rules, keys sorted: the simulation records it beside the figures it measured. */
export function clusterRulesFingerprint(rules: ClusterSlotRules): string {
  const text = canonical(rules)
  let h1 = 0xdeadbeef
  let h2 = 0x41c6ce57
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i)
    h1 = Math.imul(h1 ^ ch, 2654435761)
    h2 = Math.imul(h2 ^ ch, 1597334677)
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909)
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909)
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16).padStart(14, '0')
}

const regular = (id: string, pays: readonly [number, number, number]) => ({ id, kind: 'regular' as const, pays })

export const CLUSTER_SLOT_TITLES: readonly ClusterSlotTitle[] = [
  {
    sysname: 'pearl-cascade',
    studio: 'tidewater',
    type: 'slots',
    text: {
      en: {
        title: 'Pearl Cascade',
        description: 'Eight or more of a kind anywhere on the 6 × 5 reef pay and tumble away. Four whirlpools bring ten free spins where giant clams multiply every win up to 15 times. Wins up to 2,500 times the bet.',
      },
      es: {
        title: 'Cascada de Perlas',
        description: 'Ocho o más iguales en cualquier lugar del arrecife de 6 × 5 pagan y caen en cascada. Cuatro remolinos dan diez giros gratis en los que las almejas gigantes multiplican cada premio hasta por 15. Premios de hasta 2500 veces la apuesta.',
      },
      pt: {
        title: 'Cascata de Pérolas',
        description: 'Oito ou mais iguais em qualquer lugar do recife de 6 × 5 pagam e caem em cascata. Quatro redemoinhos dão dez rodadas grátis em que as amêijoas gigantes multiplicam cada prémio até 15 vezes. Prémios até 2500 vezes a aposta.',
      },
      de: {
        title: 'Perlenkaskade',
        description: 'Acht oder mehr gleiche Symbole irgendwo auf dem 6 × 5-Riff gewinnen und purzeln weg. Vier Strudel bringen zehn Freispiele, in denen Riesenmuscheln jeden Gewinn bis zu 15-fach vervielfachen. Gewinne bis zum 2500-Fachen des Einsatzes.',
      },
    },
    symbolNames: {
      pearl: { en: 'Pearl', es: 'Perla', pt: 'Pérola', de: 'Perle' },
      seahorse: { en: 'Seahorse', es: 'Caballito de mar', pt: 'Cavalo-marinho', de: 'Seepferdchen' },
      conch: { en: 'Conch', es: 'Caracola', pt: 'Búzio', de: 'Tritonshorn' },
      starfish: { en: 'Starfish', es: 'Estrella de mar', pt: 'Estrela-do-mar', de: 'Seestern' },
      coral: { en: 'Coral', es: 'Coral', pt: 'Coral', de: 'Koralle' },
      shell: { en: 'Shell', es: 'Concha', pt: 'Concha', de: 'Muschel' },
      kelp: { en: 'Kelp', es: 'Alga', pt: 'Alga', de: 'Seetang' },
      bubble: { en: 'Bubble', es: 'Burbuja', pt: 'Bolha', de: 'Luftblase' },
      whirlpool: { en: 'Whirlpool', es: 'Remolino', pt: 'Redemoinho', de: 'Strudel' },
      clam: { en: 'Giant Clam', es: 'Almeja gigante', pt: 'Amêijoa gigante', de: 'Riesenmuschel' },
    },
    bets: { EUR: { min: 20, max: 10000 }, USD: { min: 20, max: 10000 }, GBP: { min: 20, max: 10000 } },
    rules: {
      columns: 6,
      rows: 5,
      bands: [8, 10, 12],
      symbols: [
        regular('pearl', [8, 20, 40]),
        regular('seahorse', [3, 8, 20]),
        regular('conch', [2, 4, 12]),
        regular('starfish', [1.6, 3.2, 8]),
        regular('coral', [0.8, 1.5, 5]),
        regular('shell', [0.6, 1.2, 4]),
        regular('kelp', [0.4, 1, 3]),
        regular('bubble', [0.3, 0.75, 2]),
        { id: 'whirlpool', kind: 'scatter', pays: [] },
        { id: 'clam', kind: 'multiplier', pays: [] },
      ],
      weights: { pearl: 45, seahorse: 60, conch: 80, starfish: 95, coral: 115, shell: 135, kelp: 155, bubble: 175, whirlpool: 16 },
      scatterPays: [
        { count: 4, pay: 3 },
        { count: 5, pay: 5 },
        { count: 6, pay: 50 },
      ],
      multipliers: [
        { value: 2, weight: 450 },
        { value: 3, weight: 250 },
        { value: 4, weight: 130 },
        { value: 5, weight: 90 },
        { value: 8, weight: 45 },
        { value: 10, weight: 25 },
        { value: 15, weight: 10 },
      ],
      feature: {
        trigger: 4,
        award: 10,
        retriggerAt: 3,
        retrigger: 5,
        cap: 50,
        weights: { pearl: 40, seahorse: 55, conch: 75, starfish: 95, coral: 120, shell: 145, kelp: 170, bubble: 200, whirlpool: 14, clam: 90 },
      },
      maxWin: 2500,
    },
    figures: {
      rtp: 0.9593,
      rtp99: [0.95793, 0.96067],
      hitFrequency: 0.47896,
      sd: 5.324,
      volatility: 'medium',
      triggerEvery: 189.6,
      capped: 0,
      method: 'simulation',
      rounds: 100000000,
      seed: 3000,
      winBins: [
        { upTo: 0, rounds: 52103758, mean: 0 },
        { upTo: 0.3, rounds: 8469767, mean: 0.3 },
        { upTo: 0.4, rounds: 4836913, mean: 0.4 },
        { upTo: 0.6, rounds: 2531945, mean: 0.6 },
        { upTo: 0.7, rounds: 3548510, mean: 0.7 },
        { upTo: 0.8, rounds: 3741214, mean: 0.765622 },
        { upTo: 0.9, rounds: 1750344, mean: 0.9 },
        { upTo: 1, rounds: 2027707, mean: 1 },
        { upTo: 1.25, rounds: 2482649, mean: 1.15087 },
        { upTo: 1.5, rounds: 4297759, mean: 1.36385 },
        { upTo: 1.75, rounds: 2013169, mean: 1.661507 },
        { upTo: 2, rounds: 2381918, mean: 1.926634 },
        { upTo: 2.25, rounds: 1333252, mean: 2.121064 },
        { upTo: 2.5, rounds: 1371728, mean: 2.376946 },
        { upTo: 2.75, rounds: 1008261, mean: 2.652472 },
        { upTo: 3, rounds: 1080578, mean: 2.91677 },
        { upTo: 3.5, rounds: 1223483, mean: 3.284819 },
        { upTo: 4, rounds: 983918, mean: 3.784138 },
        { upTo: 4.5, rounds: 694358, mean: 4.271863 },
        { upTo: 5, rounds: 461419, mean: 4.777622 },
        { upTo: 6, rounds: 527906, mean: 5.485589 },
        { upTo: 7, rounds: 269589, mean: 6.485069 },
        { upTo: 8, rounds: 138662, mean: 7.503489 },
        { upTo: 9, rounds: 80191, mean: 8.508121 },
        { upTo: 10, rounds: 51421, mean: 9.49187 },
        { upTo: 12, rounds: 52713, mean: 10.872096 },
        { upTo: 15, rounds: 33460, mean: 13.321299 },
        { upTo: 20, rounds: 30936, mean: 17.458288 },
        { upTo: 25, rounds: 31630, mean: 22.57552 },
        { upTo: 30, rounds: 33408, mean: 27.562283 },
        { upTo: 40, rounds: 69281, mean: 35.031235 },
        { upTo: 50, rounds: 65071, mean: 44.957282 },
        { upTo: 75, rounds: 125518, mean: 61.577048 },
        { upTo: 100, rounds: 72978, mean: 86.292901 },
        { upTo: 150, rounds: 56797, mean: 119.393878 },
        { upTo: 200, rounds: 13533, mean: 169.180248 },
        { upTo: 300, rounds: 3968, mean: 228.568246 },
        { upTo: 500, rounds: 285, mean: 337.367018 },
        { upTo: 1000, rounds: 3, mean: 639.383333 },
      ],
      rulesFingerprint: '043f1b9e86a295',
    },
  },
  {
    sysname: 'orchard-heist',
    studio: 'redfox',
    type: 'slots',
    text: {
      en: {
        title: 'Orchard Heist',
        description: 'The fox raids the orchard: eight or more of a fruit anywhere on the 6 × 5 grid pay and tumble away. Four harvest baskets bring ten free spins lit by fireflies worth up to 100 times. Wins up to 5,000 times the bet.',
      },
      es: {
        title: 'Golpe en el Huerto',
        description: 'El zorro asalta el huerto: ocho o más frutas iguales en cualquier lugar de la cuadrícula de 6 × 5 pagan y caen en cascada. Cuatro cestas de cosecha dan diez giros gratis con luciérnagas de hasta 100 veces. Premios de hasta 5000 veces la apuesta.',
      },
      pt: {
        title: 'Assalto ao Pomar',
        description: 'A raposa assalta o pomar: oito ou mais frutos iguais em qualquer lugar da grelha de 6 × 5 pagam e caem em cascata. Quatro cestos da colheita dão dez rodadas grátis com pirilampos até 100 vezes. Prémios até 5000 vezes a aposta.',
      },
      de: {
        title: 'Obstgarten-Coup',
        description: 'Der Fuchs plündert den Obstgarten: acht oder mehr gleiche Früchte irgendwo im 6 × 5-Raster gewinnen und purzeln weg. Vier Erntekörbe bringen zehn Freispiele mit Glühwürmchen bis zum 100-Fachen. Gewinne bis zum 5000-Fachen des Einsatzes.',
      },
    },
    symbolNames: {
      fox: { en: 'Fox', es: 'Zorro', pt: 'Raposa', de: 'Fuchs' },
      pear: { en: 'Golden Pear', es: 'Pera dorada', pt: 'Pera dourada', de: 'Goldbirne' },
      cherry: { en: 'Cherries', es: 'Cerezas', pt: 'Cerejas', de: 'Kirschen' },
      plum: { en: 'Plum', es: 'Ciruela', pt: 'Ameixa', de: 'Pflaume' },
      apple: { en: 'Apple', es: 'Manzana', pt: 'Maçã', de: 'Apfel' },
      grape: { en: 'Grapes', es: 'Uvas', pt: 'Uvas', de: 'Trauben' },
      berry: { en: 'Blackberry', es: 'Mora', pt: 'Amora', de: 'Brombeere' },
      acorn: { en: 'Acorn', es: 'Bellota', pt: 'Bolota', de: 'Eichel' },
      leaf: { en: 'Leaf', es: 'Hoja', pt: 'Folha', de: 'Blatt' },
      basket: { en: 'Harvest Basket', es: 'Cesta de cosecha', pt: 'Cesto da colheita', de: 'Erntekorb' },
      firefly: { en: 'Firefly', es: 'Luciérnaga', pt: 'Pirilampo', de: 'Glühwürmchen' },
    },
    bets: { EUR: { min: 20, max: 5000 }, USD: { min: 20, max: 5000 }, GBP: { min: 20, max: 5000 } },
    rules: {
      columns: 6,
      rows: 5,
      bands: [8, 10, 12],
      symbols: [
        regular('fox', [12, 30, 60]),
        regular('pear', [5, 12, 30]),
        regular('cherry', [3, 7.5, 20]),
        regular('plum', [2.5, 5, 12]),
        regular('apple', [2, 3, 10]),
        regular('grape', [1.2, 2, 7.5]),
        regular('berry', [0.75, 1.5, 5]),
        regular('acorn', [0.5, 1.1, 4]),
        regular('leaf', [0.3, 0.75, 2.5]),
        { id: 'basket', kind: 'scatter', pays: [] },
        { id: 'firefly', kind: 'multiplier', pays: [] },
      ],
      weights: { fox: 30, pear: 45, cherry: 60, plum: 75, apple: 90, grape: 110, berry: 130, acorn: 150, leaf: 175, basket: 14 },
      scatterPays: [
        { count: 4, pay: 3 },
        { count: 5, pay: 5 },
        { count: 6, pay: 100 },
      ],
      multipliers: [
        { value: 2, weight: 260 },
        { value: 3, weight: 200 },
        { value: 5, weight: 150 },
        { value: 10, weight: 125 },
        { value: 25, weight: 85 },
        { value: 50, weight: 42 },
        { value: 100, weight: 20 },
      ],
      feature: {
        trigger: 4,
        award: 10,
        retriggerAt: 3,
        retrigger: 5,
        cap: 50,
        weights: { fox: 30, pear: 45, cherry: 60, plum: 75, apple: 95, grape: 115, berry: 140, acorn: 165, leaf: 195, basket: 13, firefly: 130 },
      },
      maxWin: 5000,
    },
    figures: {
      rtp: 0.9584,
      rtp99: [0.95575, 0.96097],
      hitFrequency: 0.43687,
      sd: 10.123,
      volatility: 'high',
      triggerEvery: 366.7,
      capped: 0,
      method: 'simulation',
      rounds: 100000000,
      seed: 3100,
      winBins: [
        { upTo: 0, rounds: 56313239, mean: 0 },
        { upTo: 0.3, rounds: 9682879, mean: 0.3 },
        { upTo: 0.5, rounds: 4733893, mean: 0.5 },
        { upTo: 0.6, rounds: 102, mean: 0.6 },
        { upTo: 0.8, rounds: 8886327, mean: 0.770244 },
        { upTo: 1, rounds: 16, mean: 1 },
        { upTo: 1.25, rounds: 5408428, mean: 1.148622 },
        { upTo: 1.5, rounds: 2128662, mean: 1.470908 },
        { upTo: 1.75, rounds: 1917447, mean: 1.575453 },
        { upTo: 2, rounds: 2480435, mean: 1.954504 },
        { upTo: 2.25, rounds: 636801, mean: 2.203512 },
        { upTo: 2.5, rounds: 1705334, mean: 2.420507 },
        { upTo: 2.75, rounds: 1064272, mean: 2.715838 },
        { upTo: 3, rounds: 674985, mean: 2.882212 },
        { upTo: 3.5, rounds: 1158113, mean: 3.262053 },
        { upTo: 4, rounds: 981152, mean: 3.779106 },
        { upTo: 4.5, rounds: 526070, mean: 4.271359 },
        { upTo: 5, rounds: 425195, mean: 4.786847 },
        { upTo: 6, rounds: 529096, mean: 5.457422 },
        { upTo: 7, rounds: 230263, mean: 6.452559 },
        { upTo: 8, rounds: 120119, mean: 7.499303 },
        { upTo: 9, rounds: 67248, mean: 8.465401 },
        { upTo: 10, rounds: 32652, mean: 9.469749 },
        { upTo: 12, rounds: 27698, mean: 10.865869 },
        { upTo: 15, rounds: 14024, mean: 13.270105 },
        { upTo: 20, rounds: 9158, mean: 17.262028 },
        { upTo: 25, rounds: 7332, mean: 22.549604 },
        { upTo: 30, rounds: 7342, mean: 27.553609 },
        { upTo: 40, rounds: 14977, mean: 35.062613 },
        { upTo: 50, rounds: 15072, mean: 45.033536 },
        { upTo: 75, rounds: 35180, mean: 62.274078 },
        { upTo: 100, rounds: 29916, mean: 87.198277 },
        { upTo: 150, rounds: 45754, mean: 123.41317 },
        { upTo: 200, rounds: 30385, mean: 173.223969 },
        { upTo: 300, rounds: 32555, mean: 242.843761 },
        { upTo: 500, rounds: 21192, mean: 375.593396 },
        { upTo: 1000, rounds: 6347, mean: 633.340468 },
        { upTo: 2000, rounds: 339, mean: 1197.970206 },
        { upTo: 3000, rounds: 1, mean: 2288.6 },
      ],
      rulesFingerprint: '1375b29baba98e',
    },
  },
]

export function clusterSlotTitle(sysname: string): ClusterSlotTitle | undefined {
  return CLUSTER_SLOT_TITLES.find((t) => t.sysname === sysname)
}
