// The six line-slot titles of our three studios. Strips and paytables are data for the line-slot
// engine; each title's figures were computed from these exact strips (docs/games.md, "Line slots"): the RTP
// by lineSlotFigures (cheap, re-checked by the test), hit frequency and standard deviation by
// lineSlotSpread enumerating every stop combination (seconds each, so stated here, not re-run).
import type { LineSlotRules } from '../engines/line-slot'

export type SlotStudio = 'northlight' | 'redfox' | 'tidewater'
export type SlotLocale = 'en' | 'es' | 'pt' | 'de'
export type SlotCurrency = 'EUR' | 'USD' | 'GBP'

export interface LineSlotTitle {
  /** Kebab case, unique across titles. */
  readonly sysname: string
  readonly studio: SlotStudio
  readonly type: 'slots'
  readonly text: Readonly<Record<SlotLocale, { readonly title: string; readonly description: string }>>
  /** Total bet per spin, in minor units of each currency. */
  readonly bets: Readonly<Record<SlotCurrency, { readonly min: number; readonly max: number }>>
  readonly rules: LineSlotRules
  readonly figures: {
    /** Stated RTP: the exact RTP rounded to 0.01 %. */
    readonly rtp: number
    /** Share of rounds that pay anything (a trigger always pays its scatters, so the base spin decides). */
    readonly hitFrequency: number
    /** Standard deviation of the round's payback per unit bet, feature included. */
    readonly sd: number
    readonly volatility: 'low' | 'medium' | 'high'
    /** How the hit frequency and sd were obtained: every stop combination of the strips enumerated. */
    readonly method: 'exact'
    readonly combinations: number
  }
}

/** Twenty fixed lines: a row index (0 top – 2 bottom) per reel. */
export const SLOT_PAYLINES_20: readonly (readonly number[])[] = [
  [1, 1, 1, 1, 1], [0, 0, 0, 0, 0], [2, 2, 2, 2, 2], [0, 1, 2, 1, 0], [2, 1, 0, 1, 2],
  [0, 0, 1, 2, 2], [2, 2, 1, 0, 0], [1, 0, 0, 0, 1], [1, 2, 2, 2, 1], [0, 1, 1, 1, 0],
  [2, 1, 1, 1, 2], [1, 0, 1, 2, 1], [1, 2, 1, 0, 1], [0, 1, 0, 1, 0], [2, 1, 2, 1, 2],
  [1, 1, 0, 1, 1], [1, 1, 2, 1, 1], [0, 2, 0, 2, 0], [2, 0, 2, 0, 2], [0, 2, 2, 2, 0],
]

// Strips are written as space-separated ids to keep 150 symbols per title readable.
const strip = (ids: string): string[] => ids.split(' ')

export const LINE_SLOT_TITLES: readonly LineSlotTitle[] = [
  {
    sysname: 'aurora-lanterns',
    studio: 'northlight',
    type: 'slots',
    text: {
      en: { title: 'Aurora Lanterns', description: 'Lanterns drift under the northern lights: steady small wins on 20 lines, and three scatters light up five free spins.' },
      es: { title: 'Linternas de la Aurora', description: 'Linternas bajo la aurora boreal: premios pequeños y frecuentes en 20 líneas, y tres scatters encienden cinco giros gratis.' },
      pt: { title: 'Lanternas da Aurora', description: 'Lanternas sob a aurora boreal: prémios pequenos e frequentes em 20 linhas, e três scatters acendem cinco rodadas grátis.' },
      de: { title: 'Polarlicht-Laternen', description: 'Laternen unter dem Nordlicht: häufige kleine Gewinne auf 20 Linien, drei Scatter zünden fünf Freispiele.' },
    },
    bets: { EUR: { min: 20, max: 10000 }, USD: { min: 20, max: 10000 }, GBP: { min: 20, max: 10000 } },
    rules: {
      symbols: [
        { id: 'reindeer', kind: 'regular', pays: [56, 112, 223] },
        { id: 'lantern', kind: 'regular', pays: [45, 89, 167] },
        { id: 'snowflake', kind: 'regular', pays: [33, 67, 134] },
        { id: 'ace', kind: 'regular', pays: [22, 33, 56] },
        { id: 'king', kind: 'regular', pays: [22, 33, 56] },
        { id: 'queen', kind: 'regular', pays: [11, 22, 45] },
        { id: 'jack', kind: 'regular', pays: [11, 22, 45] },
        { id: 'wild', kind: 'wild', pays: [89, 167, 335] },
        { id: 'scatter', kind: 'scatter', pays: [0, 0, 0] },
      ],
      reels: [
        strip('king ace wild king reindeer snowflake ace queen reindeer ace king queen queen snowflake jack queen lantern jack ace jack scatter queen jack jack king snowflake king ace lantern lantern'),
        strip('reindeer jack king king ace snowflake jack queen lantern lantern wild queen snowflake king queen ace reindeer king queen scatter ace king jack jack ace lantern jack queen snowflake ace'),
        strip('ace king reindeer jack queen snowflake snowflake wild king queen snowflake queen jack jack queen jack queen lantern king scatter king ace lantern ace ace jack lantern reindeer ace king'),
        strip('jack scatter queen jack snowflake queen reindeer king lantern wild king jack lantern queen king snowflake ace ace king jack jack lantern snowflake queen ace reindeer ace king ace queen'),
        strip('lantern king jack king jack ace lantern ace jack lantern wild snowflake reindeer king queen ace snowflake king queen jack snowflake reindeer ace queen ace queen queen scatter king jack'),
      ],
      paylines: SLOT_PAYLINES_20,
      scatterPays: [2, 4, 10],
      feature: { award: 5, multiplier: 1, retrigger: 3, cap: 30 },
    },
    figures: { rtp: 0.9596, hitFrequency: 0.44, sd: 1.78, volatility: 'low', method: 'exact', combinations: 24300000 },
  },
  {
    sysname: 'harbour-lights',
    studio: 'tidewater',
    type: 'slots',
    text: {
      en: { title: 'Harbour Lights', description: 'A quiet harbour at dusk: gentle, frequent wins on 20 lines and six free spins from three scatters.' },
      es: { title: 'Luces del Puerto', description: 'Un puerto tranquilo al anochecer: premios suaves y frecuentes en 20 líneas y seis giros gratis con tres scatters.' },
      pt: { title: 'Luzes do Porto', description: 'Um porto tranquilo ao entardecer: prémios suaves e frequentes em 20 linhas e seis rodadas grátis com três scatters.' },
      de: { title: 'Hafenlichter', description: 'Ein ruhiger Hafen in der Dämmerung: sanfte, häufige Gewinne auf 20 Linien und sechs Freispiele bei drei Scattern.' },
    },
    bets: { EUR: { min: 20, max: 10000 }, USD: { min: 20, max: 10000 }, GBP: { min: 20, max: 10000 } },
    rules: {
      symbols: [
        { id: 'lighthouse', kind: 'regular', pays: [53, 132, 265] },
        { id: 'anchor', kind: 'regular', pays: [44, 106, 221] },
        { id: 'gull', kind: 'regular', pays: [35, 88, 177] },
        { id: 'shell', kind: 'regular', pays: [26, 71, 132] },
        { id: 'ace', kind: 'regular', pays: [18, 26, 53] },
        { id: 'king', kind: 'regular', pays: [9, 26, 44] },
        { id: 'queen', kind: 'regular', pays: [9, 18, 35] },
        { id: 'wild', kind: 'wild', pays: [88, 177, 353] },
        { id: 'scatter', kind: 'scatter', pays: [0, 0, 0] },
      ],
      reels: [
        strip('gull queen queen gull king anchor king queen king ace ace gull queen king ace shell wild queen scatter ace lighthouse ace shell king anchor shell ace lighthouse king queen'),
        strip('lighthouse lighthouse anchor ace gull ace gull king king queen shell queen king queen shell queen king ace scatter king queen shell ace ace anchor gull queen ace king wild'),
        strip('wild king queen gull ace king lighthouse ace lighthouse king ace ace ace shell shell queen shell king gull king ace queen king queen anchor gull scatter queen queen anchor'),
        strip('queen gull ace gull lighthouse king anchor shell ace ace queen king ace anchor ace scatter king king shell queen king king queen wild queen lighthouse ace gull queen shell'),
        strip('gull king anchor shell king ace ace queen ace lighthouse ace king gull ace king queen lighthouse shell shell queen anchor king gull queen queen queen king scatter wild ace'),
      ],
      paylines: SLOT_PAYLINES_20,
      scatterPays: [2, 5, 10],
      feature: { award: 6, multiplier: 1, retrigger: 3, cap: 30 },
    },
    figures: { rtp: 0.9578, hitFrequency: 0.4937, sd: 1.718, volatility: 'low', method: 'exact', combinations: 24300000 },
  },
  {
    sysname: 'fox-and-ember',
    studio: 'redfox',
    type: 'slots',
    text: {
      en: { title: 'Fox and Ember', description: 'A fox by the campfire: 20 lines, a wild that substitutes, and ten free spins with every win doubled.' },
      es: { title: 'El Zorro y la Brasa', description: 'Un zorro junto a la hoguera: 20 líneas, un comodín que sustituye y diez giros gratis con cada premio doblado.' },
      pt: { title: 'A Raposa e a Brasa', description: 'Uma raposa junto à fogueira: 20 linhas, um wild que substitui e dez rodadas grátis com cada prémio a dobrar.' },
      de: { title: 'Fuchs und Glut', description: 'Ein Fuchs am Lagerfeuer: 20 Linien, ein ersetzendes Wild und zehn Freispiele mit doppelten Gewinnen.' },
    },
    bets: { EUR: { min: 20, max: 10000 }, USD: { min: 20, max: 10000 }, GBP: { min: 20, max: 10000 } },
    rules: {
      symbols: [
        { id: 'fox', kind: 'regular', pays: [99, 496, 2480] },
        { id: 'ember', kind: 'regular', pays: [79, 397, 1488] },
        { id: 'acorn', kind: 'regular', pays: [60, 248, 992] },
        { id: 'leaf', kind: 'regular', pays: [50, 198, 744] },
        { id: 'ace', kind: 'regular', pays: [20, 50, 198] },
        { id: 'king', kind: 'regular', pays: [20, 50, 198] },
        { id: 'queen', kind: 'regular', pays: [10, 40, 149] },
        { id: 'jack', kind: 'regular', pays: [10, 40, 149] },
        { id: 'ten', kind: 'regular', pays: [10, 30, 99] },
        { id: 'wild', kind: 'wild', pays: [198, 992, 4960] },
        { id: 'scatter', kind: 'scatter', pays: [0, 0, 0] },
      ],
      reels: [
        strip('fox ember acorn ten fox king leaf jack acorn queen king jack ten queen acorn jack ace queen leaf ember king leaf ace jack ten ace scatter queen king ace'),
        strip('ember acorn fox king ace ace wild queen jack king acorn ten queen ace fox king ten queen scatter ace jack jack leaf leaf jack queen acorn ember king leaf ten'),
        strip('ember ember scatter acorn leaf jack queen queen fox ace ace king jack king ten queen ace ten jack leaf ace wild king jack leaf ten queen fox king acorn acorn'),
        strip('acorn queen queen ace fox jack ace ten jack queen scatter leaf acorn queen ten jack leaf ember king acorn ten ace ace fox king leaf king jack ember wild king'),
        strip('ember fox fox ace acorn ace scatter king queen acorn leaf ace queen jack ace ten acorn queen ten wild leaf queen king ember jack king leaf jack king jack ten'),
      ],
      paylines: SLOT_PAYLINES_20,
      scatterPays: [2, 10, 50],
      feature: { award: 10, multiplier: 2, retrigger: 5, cap: 50 },
    },
    figures: { rtp: 0.9644, hitFrequency: 0.2902, sd: 4.034, volatility: 'medium', method: 'exact', combinations: 27705630 },
  },
  {
    sysname: 'coral-tide',
    studio: 'tidewater',
    type: 'slots',
    text: {
      en: { title: 'Coral Tide', description: 'Dive the reef for pearls: 20 lines and twelve free spins at double pay, retriggering up to sixty.' },
      es: { title: 'Marea de Coral', description: 'Bucea en el arrecife en busca de perlas: 20 líneas y doce giros gratis con premio doble, reactivables hasta sesenta.' },
      pt: { title: 'Maré de Coral', description: 'Mergulhe no recife em busca de pérolas: 20 linhas e doze rodadas grátis com prémio a dobrar, reativáveis até sessenta.' },
      de: { title: 'Korallenflut', description: 'Tauchen Sie am Riff nach Perlen: 20 Linien und zwölf Freispiele mit doppeltem Gewinn, erneut auslösbar bis sechzig.' },
    },
    bets: { EUR: { min: 20, max: 10000 }, USD: { min: 20, max: 10000 }, GBP: { min: 20, max: 10000 } },
    rules: {
      symbols: [
        { id: 'pearl', kind: 'regular', pays: [133, 666, 3551] },
        { id: 'turtle', kind: 'regular', pays: [89, 444, 1776] },
        { id: 'coral', kind: 'regular', pays: [71, 266, 1065] },
        { id: 'starfish', kind: 'regular', pays: [53, 222, 888] },
        { id: 'ace', kind: 'regular', pays: [18, 53, 222] },
        { id: 'king', kind: 'regular', pays: [18, 44, 178] },
        { id: 'queen', kind: 'regular', pays: [9, 36, 133] },
        { id: 'jack', kind: 'regular', pays: [9, 36, 133] },
        { id: 'ten', kind: 'regular', pays: [9, 27, 107] },
        { id: 'wild', kind: 'wild', pays: [222, 1332, 8878] },
        { id: 'scatter', kind: 'scatter', pays: [0, 0, 0] },
      ],
      reels: [
        strip('starfish ace ace turtle starfish ten coral queen ten ten queen queen king jack pearl jack jack jack king ten ace scatter coral king starfish king queen ace turtle coral'),
        strip('turtle king ten starfish king ace king jack jack ace jack coral coral queen pearl wild starfish ten scatter jack ten turtle queen ace king coral starfish ten queen queen ace'),
        strip('coral ten turtle coral ace ace queen ace jack jack queen king queen king ten scatter coral king starfish starfish king starfish wild ten queen ace pearl jack turtle ten jack'),
        strip('starfish ten queen king coral ace starfish jack ace starfish ten queen ace turtle coral ten pearl king jack scatter ten wild queen ace turtle king jack queen king jack coral'),
        strip('king coral starfish starfish coral ten ace jack turtle ace ten jack turtle pearl ten jack ace scatter queen ten starfish wild jack coral king queen ace king queen queen king'),
      ],
      paylines: SLOT_PAYLINES_20,
      scatterPays: [2, 10, 100],
      feature: { award: 12, multiplier: 2, retrigger: 6, cap: 60 },
    },
    figures: { rtp: 0.9602, hitFrequency: 0.2772, sd: 4.205, volatility: 'medium', method: 'exact', combinations: 27705630 },
  },
  {
    sysname: 'frost-giants',
    studio: 'northlight',
    type: 'slots',
    text: {
      en: { title: 'Frost Giants', description: 'Giants wake in the ice: rare, heavy wins on 20 lines and ten free spins with every win tripled.' },
      es: { title: 'Gigantes de Escarcha', description: 'Los gigantes despiertan en el hielo: premios raros y grandes en 20 líneas y diez giros gratis con cada premio triplicado.' },
      pt: { title: 'Gigantes do Gelo', description: 'Os gigantes despertam no gelo: prémios raros e grandes em 20 linhas e dez rodadas grátis com cada prémio a triplicar.' },
      de: { title: 'Frostriesen', description: 'Riesen erwachen im Eis: seltene, große Gewinne auf 20 Linien und zehn Freispiele mit dreifachen Gewinnen.' },
    },
    bets: { EUR: { min: 20, max: 5000 }, USD: { min: 20, max: 5000 }, GBP: { min: 20, max: 5000 } },
    rules: {
      symbols: [
        { id: 'giant', kind: 'regular', pays: [151, 905, 9050] },
        { id: 'axe', kind: 'regular', pays: [90, 603, 4525] },
        { id: 'horn', kind: 'regular', pays: [60, 302, 1810] },
        { id: 'rune', kind: 'regular', pays: [48, 241, 1207] },
        { id: 'ace', kind: 'regular', pays: [12, 48, 241] },
        { id: 'king', kind: 'regular', pays: [12, 48, 241] },
        { id: 'queen', kind: 'regular', pays: [6, 30, 151] },
        { id: 'jack', kind: 'regular', pays: [6, 30, 151] },
        { id: 'ten', kind: 'regular', pays: [6, 24, 121] },
        { id: 'wild', kind: 'wild', pays: [302, 3017, 30167] },
        { id: 'scatter', kind: 'scatter', pays: [0, 0, 0] },
      ],
      reels: [
        strip('axe axe ace king rune jack rune ten queen jack ten king jack ace king giant horn rune queen ten queen jack ace scatter horn ten king queen ace'),
        strip('rune ten jack queen axe rune ace ace queen axe rune king ace scatter ten queen jack jack king giant ace ten horn horn jack king ten king queen wild'),
        strip('queen ace giant king horn rune queen axe axe scatter ten ten rune king ace jack wild ten king ten queen ace ace queen jack king rune jack jack horn'),
        strip('ten rune ten rune horn jack queen queen giant king ace ace jack queen wild queen horn jack king rune axe ten ten king jack scatter king axe ace ace'),
        strip('ace horn rune rune king jack ten queen wild ace queen ten axe scatter ace jack giant axe jack ace ten ten queen horn queen rune jack king king king'),
      ],
      paylines: SLOT_PAYLINES_20,
      scatterPays: [2, 20, 200],
      feature: { award: 10, multiplier: 3, retrigger: 10, cap: 100 },
    },
    figures: { rtp: 0.9659, hitFrequency: 0.3135, sd: 7.102, volatility: 'high', method: 'exact', combinations: 23490000 },
  },
  {
    sysname: 'vulpine-vault',
    studio: 'redfox',
    type: 'slots',
    text: {
      en: { title: 'Vulpine Vault', description: 'The fox has found the vault: 20 lines, a top wild line of 1,825 times the bet, and fifteen free spins paying five times.' },
      es: { title: 'La Cámara del Zorro', description: 'El zorro ha encontrado la cámara: 20 líneas, una línea de comodines de hasta 1825 veces la apuesta y quince giros gratis que pagan cinco veces.' },
      pt: { title: 'O Cofre da Raposa', description: 'A raposa encontrou o cofre: 20 linhas, uma linha de wilds até 1825 vezes a aposta e quinze rodadas grátis a pagar cinco vezes.' },
      de: { title: 'Fuchstresor', description: 'Der Fuchs hat den Tresor gefunden: 20 Linien, eine Wild-Linie bis zum 1825-Fachen des Einsatzes und fünfzehn Freispiele mit fünffachem Gewinn.' },
    },
    bets: { EUR: { min: 20, max: 5000 }, USD: { min: 20, max: 5000 }, GBP: { min: 20, max: 5000 } },
    rules: {
      symbols: [
        { id: 'crown', kind: 'regular', pays: [109, 730, 9125] },
        { id: 'ruby', kind: 'regular', pays: [73, 365, 3650] },
        { id: 'key', kind: 'regular', pays: [44, 219, 1460] },
        { id: 'coin', kind: 'regular', pays: [36, 182, 912] },
        { id: 'ace', kind: 'regular', pays: [7, 36, 182] },
        { id: 'king', kind: 'regular', pays: [7, 36, 182] },
        { id: 'queen', kind: 'regular', pays: [7, 22, 109] },
        { id: 'jack', kind: 'regular', pays: [4, 22, 109] },
        { id: 'ten', kind: 'regular', pays: [4, 18, 91] },
        { id: 'wild', kind: 'wild', pays: [365, 3650, 36500] },
        { id: 'scatter', kind: 'scatter', pays: [0, 0, 0] },
      ],
      reels: [
        strip('crown ace queen ace jack coin coin king queen ten jack ten key ace coin ten ace scatter key ten queen jack king ace king queen king jack ruby king'),
        strip('key coin crown jack king king jack ten coin ten ace queen key ten ace jack ace ten wild coin queen ruby scatter king ace queen queen jack king ace king'),
        strip('key king ten king queen queen scatter king jack ace ten ten coin coin king jack coin crown queen wild ace ace ace king jack jack ace queen ruby key ten'),
        strip('queen ace coin king king ace ace ace scatter ten king jack ace coin ten queen crown jack king queen jack jack queen wild ten key ruby king key ten coin'),
        strip('ten jack key king ruby ace wild queen ace queen key scatter king queen coin jack king jack ace ten coin crown king ten ten ace jack ace king coin queen'),
      ],
      paylines: SLOT_PAYLINES_20,
      scatterPays: [5, 25, 250],
      feature: { award: 15, multiplier: 5, retrigger: 15, cap: 150 },
    },
    figures: { rtp: 0.9614, hitFrequency: 0.3342, sd: 8.404, volatility: 'high', method: 'exact', combinations: 27705630 },
  },
]
