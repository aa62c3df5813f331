// The studio's originals and table games: each a title over one engine, with its own rules where
// the engine allows (house edge, board size, cap) and its texts in every locale.
//
// Figures (docs/games.md, "The catalogue"), recomputed by catalogue.test.ts from the engines:
// - rtp / rtpMax: the lowest and the highest exact RTP over every option the player may choose
//   (dice: every target and side; limbo and crash: every target up to the cap; mines: every mine
//   count and every number of safe tiles before cashing out; wheel: segments × risk; keno: picks ×
//   risk; plinko: rows × risk; roulette and baccarat: every bet on its own, and the default table),
//   each rounded down to 4 decimals (floor4); rtpMax is left out when it rounds to the same value.
//   High-low takes no options: its figure is "guess the likelier side, cash out after 1, 2 or 3
//   correct guesses" (every strategy returns 1 − edge less rounding; docs/games.md "High-low").
// - hitFrequency (to 4 decimals) and volatility (volatilityClass of the sd) at the defaultBet. Mines
//   and high-low: the player's play decides how often a round pays, so hitFrequency is null and the
//   volatility is that of a reference play: the default mine count, 3 safe tiles then cash out;
//   high-low, the likelier side for 3 correct guesses then cash out.
// - Blackjack: the stated basic-strategy edge (BLACKJACK_6D_S17_HOUSE_EDGE, confirmed by simulation,
//   bench/games-sim.ts), sd ≈ 1.15 per first stake. Video poker: the published optimal-play return
//   and distribution of 9/6 Jacks or Better (JACKS_OR_BETTER_9_6_PUBLISHED, sd 4.42).
//
// Table games (roulette, baccarat) list their default chips in units of 1. The client multiplies
// every chip by stake / (sum of the chips) — `scaleTableBet` — so a default table is played at any
// stake that is a multiple of its sum (1, 5 or 10 here; every bet limit is a multiple of 10), and
// the kind's parseBet then finds the chips adding up to the stake. The ratios between chips, and so
// the round's multiplier and every figure, do not change with the scale.
import type { StudioTitle } from './title'
import { DEFAULT_BACCARAT_RULES } from '../engines/baccarat'
import { BLACKJACK_6D_S17, BLACKJACK_6D_S17_HOUSE_EDGE } from '../engines/blackjack'
import { DEFAULT_CRASH_RULES } from '../engines/crash'
import { DEFAULT_DICE_RULES, type DiceRules } from '../engines/dice'
import { DEFAULT_HIGH_LOW_RULES, type HighLowRules } from '../engines/high-low'
import { DEFAULT_KENO_RULES } from '../engines/keno'
import { DEFAULT_LIMBO_RULES, type LimboRules } from '../engines/limbo'
import { DEFAULT_MINES_RULES, type MinesRules } from '../engines/mines'
import { DEFAULT_PLINKO_RULES } from '../engines/plinko'
import { DEFAULT_ROULETTE_RULES } from '../engines/roulette'
import { JACKS_OR_BETTER_9_6, JACKS_OR_BETTER_9_6_RTP } from '../engines/video-poker'
import { DEFAULT_WHEEL_RULES } from '../engines/wheel'

const DICE_2: DiceRules = { ...DEFAULT_DICE_RULES, houseEdge: 0.02 }
const LIMBO_2: LimboRules = { ...DEFAULT_LIMBO_RULES, houseEdge: 0.02 }
/** A shorter ladder: results and targets stop at 10 000×. */
const LIMBO_2_CAP_10K: LimboRules = { houseEdge: 0.02, maxMultiplier: 10_000 }
const MINES_25_2: MinesRules = { ...DEFAULT_MINES_RULES, houseEdge: 0.02 }
/** A 4 × 4 board: tiles 0–15 row by row, 1–15 mines. */
const MINES_16: MinesRules = { houseEdge: 0.01, tiles: 16, minMines: 1, maxMines: 15 }
const MINES_16_2: MinesRules = { ...MINES_16, houseEdge: 0.02 }
const HIGH_LOW_2: HighLowRules = { ...DEFAULT_HIGH_LOW_RULES, houseEdge: 0.02 }

interface TableChips {
  readonly bets: readonly { readonly bet: unknown; readonly stake: number }[]
}

/**
 * A table's default chips (units of 1) scaled to a stake in minor units: every chip × stake / sum,
 * or null when the stake is not a whole multiple of the chips' sum.
 */
export function scaleTableBet<T extends TableChips>(chips: T, stake: number): T | null {
  const sum = chips.bets.reduce((s, b) => s + b.stake, 0)
  if (!Number.isSafeInteger(stake) || sum <= 0 || stake % sum !== 0) return null
  const factor = stake / sum
  return { ...chips, bets: chips.bets.map((b) => ({ ...b, stake: b.stake * factor })) }
}

export const ORIGINAL_TITLES: readonly StudioTitle[] = [
  // Dice
  {
    sysname: 'dice-classic',
    studio: 'redfox',
    kind: 'dice',
    text: {
      en: { title: 'Dice Classic', description: 'Pick a target and roll over or under it: the slimmer your chance, the bigger the pay, up to 9,900×. RTP 98.99–99.00 % on every bet.' },
      es: { title: 'Dados Clásico', description: 'Elige un número y tira por encima o por debajo: cuanto menor la probabilidad, mayor el premio, hasta 9900×. RTP del 98,99 al 99,00 % en cada apuesta.' },
      pt: { title: 'Dados Clássico', description: 'Escolha um número e lance acima ou abaixo dele: quanto menor a probabilidade, maior o prémio, até 9900×. RTP de 98,99 a 99,00 % em qualquer aposta.' },
      de: { title: 'Würfel Klassik', description: 'Wählen Sie eine Zahl und würfeln Sie darüber oder darunter: Je kleiner Ihre Chance, desto höher der Gewinn, bis zum 9.900-Fachen. RTP 98,99–99,00 % bei jedem Einsatz.' },
    },
    limits: 'standard',
    rules: DEFAULT_DICE_RULES,
    defaultBet: { target: 50.5, direction: 'over' },
    figures: { rtp: 0.9899, rtpMax: 0.99, method: 'exact', volatility: 'low', hitFrequency: 0.4949 },
    released: '2026-03-02',
    demo: true,
  },
  {
    sysname: 'glacier-dice',
    studio: 'northlight',
    kind: 'dice',
    text: {
      en: { title: 'Glacier Dice', description: 'Ice dice rolled across a glacier: set any chance from 0.01 % to 98 %, starting with under 25 for 3.92×. RTP 97.99–98.00 %.' },
      es: { title: 'Dados del Glaciar', description: 'Dados de hielo que ruedan sobre un glaciar: elige cualquier probabilidad entre el 0,01 % y el 98 %, empezando por menos de 25 para 3,92×. RTP del 97,99 al 98,00 %.' },
      pt: { title: 'Dados do Glaciar', description: 'Dados de gelo a rolar sobre um glaciar: escolha qualquer probabilidade entre 0,01 % e 98 %, a começar por abaixo de 25 para 3,92×. RTP de 97,99 a 98,00 %.' },
      de: { title: 'Gletscherwürfel', description: 'Eiswürfel rollen über einen Gletscher: Wählen Sie jede Chance von 0,01 % bis 98 %, zum Start unter 25 für das 3,92-Fache. RTP 97,99–98,00 %.' },
    },
    limits: 'low',
    rules: DICE_2,
    defaultBet: { target: 25, direction: 'under' },
    figures: { rtp: 0.9799, rtpMax: 0.98, method: 'exact', volatility: 'low', hitFrequency: 0.25 },
    released: '2025-11-18',
    demo: true,
  },
  {
    sysname: 'riptide-dice',
    studio: 'tidewater',
    kind: 'dice',
    text: {
      en: { title: 'Riptide Dice', description: 'Ride the riptide with a bold opening bet: over 90 pays about 9.9× and wins about once in ten rolls, or set your own target. RTP 98.99–99.00 %.' },
      es: { title: 'Dados Contracorriente', description: 'Déjate llevar por la corriente con una apuesta audaz: más de 90 paga unas 9,9 veces y gana más o menos una de cada diez tiradas, o elige tu propio número. RTP del 98,99 al 99,00 %.' },
      pt: { title: 'Dados Contracorrente', description: 'Deixe-se levar pela corrente com uma aposta ousada: acima de 90 paga cerca de 9,9 vezes e ganha mais ou menos uma em cada dez jogadas, ou escolha o seu próprio número. RTP de 98,99 a 99,00 %.' },
      de: { title: 'Brandungswürfel', description: 'Lassen Sie sich von der Strömung tragen: Über 90 zahlt etwa das 9,9-Fache und gewinnt ungefähr bei jedem zehnten Wurf, oder wählen Sie Ihre eigene Zahl. RTP 98,99–99,00 %.' },
    },
    limits: 'standard',
    rules: DEFAULT_DICE_RULES,
    defaultBet: { target: 90, direction: 'over' },
    figures: { rtp: 0.9899, rtpMax: 0.99, method: 'exact', volatility: 'medium', hitFrequency: 0.0999 },
    released: '2026-02-10',
    demo: true,
  },
  {
    sysname: 'lucky-paw-dice',
    studio: 'redfox',
    kind: 'dice',
    text: {
      en: { title: 'Lucky Paw Dice', description: "A fox's lucky paw for long shots: it opens on over 98 for 49.24×, and every other target is open too. RTP 97.99–98.00 %." },
      es: { title: 'Dados Pata de la Suerte', description: 'La pata de la suerte del zorro para las apuestas difíciles: por defecto, más de 98 paga 49,24×, y cualquier otro número también vale. RTP del 97,99 al 98,00 %.' },
      pt: { title: 'Dados Pata da Sorte', description: 'A pata da sorte da raposa para as apostas arriscadas: por defeito, acima de 98 paga 49,24×, e qualquer outro número também serve. RTP de 97,99 a 98,00 %.' },
      de: { title: 'Glückspfoten-Würfel', description: 'Die Glückspfote des Fuchses für Außenseiterwetten: Standardmäßig zahlt über 98 das 49,24-Fache, jede andere Zahl geht auch. RTP 97,99–98,00 %.' },
    },
    limits: 'low',
    rules: DICE_2,
    defaultBet: { target: 98, direction: 'over' },
    figures: { rtp: 0.9799, rtpMax: 0.98, method: 'exact', volatility: 'high', hitFrequency: 0.0199 },
    released: '2026-05-12',
    demo: true,
  },

  // Limbo
  {
    sysname: 'fox-leap',
    studio: 'redfox',
    kind: 'limbo',
    text: {
      en: { title: 'Fox Leap', description: 'How high will the fox leap? Name a target from 1.01× to 1,000,000× and win it if the leap clears it; 2× clears about half the time. RTP 98.97–99.00 %.' },
      es: { title: 'El Salto del Zorro', description: '¿Hasta dónde saltará el zorro? Elige un objetivo entre 1,01× y 1 000 000× y lo ganas si el salto lo alcanza; 2× se logra casi la mitad de las veces. RTP del 98,97 al 99,00 %.' },
      pt: { title: 'O Salto da Raposa', description: 'Até onde saltará a raposa? Escolha um alvo entre 1,01× e 1 000 000× e ganha-o se o salto lá chegar; 2× consegue-se quase metade das vezes. RTP de 98,97 a 99,00 %.' },
      de: { title: 'Fuchssprung', description: 'Wie hoch springt der Fuchs? Wählen Sie ein Ziel von 1,01× bis 1.000.000× und gewinnen Sie es, wenn der Sprung es erreicht; 2× klappt fast jedes zweite Mal. RTP 98,97–99,00 %.' },
    },
    limits: 'high',
    rules: DEFAULT_LIMBO_RULES,
    defaultBet: { target: 2 },
    figures: { rtp: 0.9897, rtpMax: 0.99, method: 'exact', volatility: 'low', hitFrequency: 0.495 },
    released: '2025-10-07',
    demo: true,
  },
  {
    sysname: 'aurora-limbo',
    studio: 'northlight',
    kind: 'limbo',
    text: {
      en: { title: 'Aurora Limbo', description: 'Watch the northern lights climb and call how high they go, from 1.01× to 1,000,000×; the default 1.5× comes in about two times in three. RTP 97.97–98.00 %.' },
      es: { title: 'Limbo de la Aurora', description: 'Mira cómo sube la aurora boreal y di hasta dónde llegará, de 1,01× a 1 000 000×; el 1,5× por defecto sale unas dos veces de cada tres. RTP del 97,97 al 98,00 %.' },
      pt: { title: 'Limbo da Aurora', description: 'Veja a aurora boreal subir e diga até onde vai chegar, de 1,01× a 1 000 000×; os 1,5× por defeito saem cerca de duas vezes em cada três. RTP de 97,97 a 98,00 %.' },
      de: { title: 'Polarlicht-Limbo', description: 'Sehen Sie zu, wie das Nordlicht steigt, und sagen Sie voraus, wie hoch es kommt, von 1,01× bis 1.000.000×; die voreingestellten 1,5× treffen etwa zwei von drei Mal. RTP 97,97–98,00 %.' },
    },
    limits: 'low',
    rules: LIMBO_2,
    defaultBet: { target: 1.5 },
    figures: { rtp: 0.9797, rtpMax: 0.98, method: 'exact', volatility: 'low', hitFrequency: 0.6533 },
    released: '2026-01-20',
    demo: true,
  },
  {
    sysname: 'deep-dive',
    studio: 'tidewater',
    kind: 'limbo',
    text: {
      en: { title: 'Deep Dive', description: 'The deeper the dive, the bigger the treasure: set a depth from 1.01× to 1,000,000×; the default 10× comes up about once in ten dives. RTP 98.97–99.00 %.' },
      es: { title: 'Inmersión Profunda', description: 'Cuanto más hondo buceas, mayor es el tesoro: elige una profundidad de 1,01× a 1 000 000×; el 10× por defecto sale más o menos una vez de cada diez. RTP del 98,97 al 99,00 %.' },
      pt: { title: 'Mergulho Profundo', description: 'Quanto mais fundo o mergulho, maior o tesouro: escolha uma profundidade de 1,01× a 1 000 000×; os 10× por defeito saem cerca de uma vez em cada dez. RTP de 98,97 a 99,00 %.' },
      de: { title: 'Tieftauchgang', description: 'Je tiefer der Tauchgang, desto größer der Schatz: Wählen Sie eine Tiefe von 1,01× bis 1.000.000×; die voreingestellten 10× gelingen etwa bei jedem zehnten Tauchgang. RTP 98,97–99,00 %.' },
    },
    limits: 'standard',
    rules: DEFAULT_LIMBO_RULES,
    defaultBet: { target: 10 },
    figures: { rtp: 0.9897, rtpMax: 0.99, method: 'exact', volatility: 'medium', hitFrequency: 0.099 },
    released: '2026-04-14',
    demo: true,
  },
  {
    sysname: 'lighthouse-limbo',
    studio: 'tidewater',
    kind: 'limbo',
    text: {
      en: { title: 'Lighthouse Limbo', description: 'Climb the lighthouse for a view of up to 10,000×: a shorter ladder than our other limbo games, with 100× as the starting target. RTP 97.99–98.00 %.' },
      es: { title: 'Limbo del Faro', description: 'Sube al faro para ver hasta 10 000×: una escalera más corta que la de nuestros otros limbos, con 100× como objetivo inicial. RTP del 97,99 al 98,00 %.' },
      pt: { title: 'Limbo do Farol', description: 'Suba ao farol para ver até 10 000×: uma escada mais curta do que a dos nossos outros limbos, com 100× como alvo inicial. RTP de 97,99 a 98,00 %.' },
      de: { title: 'Leuchtturm-Limbo', description: 'Steigen Sie auf den Leuchtturm mit Blick bis zum 10.000-Fachen: eine kürzere Leiter als bei unseren anderen Limbo-Spielen, mit 100× als Startziel. RTP 97,99–98,00 %.' },
    },
    limits: 'low',
    rules: LIMBO_2_CAP_10K,
    defaultBet: { target: 100 },
    figures: { rtp: 0.9799, rtpMax: 0.98, method: 'exact', volatility: 'high', hitFrequency: 0.0098 },
    released: '2026-06-23',
    demo: true,
  },

  // Crash: one shared round per title (server/domain/games/crash.ts); an automatic cash-out at c returns what limbo's target c does.
  {
    sysname: 'rocket-crash',
    studio: 'northlight',
    kind: 'crash',
    text: {
      en: { title: 'Rocket Crash', description: 'One rocket for every player: it climbs from 1× until it crashes, and you cash out before it does, by hand or automatically (2× to start). RTP 98.97–99.00 %.' },
      es: { title: 'Cohete Crash', description: 'Un solo cohete para todos los jugadores: sube desde 1× hasta que explota, y tú cobras antes, a mano o automáticamente (2× para empezar). RTP del 98,97 al 99,00 %.' },
      pt: { title: 'Foguetão Crash', description: 'Um só foguetão para todos os jogadores: sobe a partir de 1× até rebentar, e retire os ganhos antes disso, à mão ou automaticamente (2× para começar). RTP de 98,97 a 99,00 %.' },
      de: { title: 'Raketen-Crash', description: 'Eine Rakete für alle Spieler: Sie steigt ab 1×, bis sie abstürzt, und Sie steigen vorher aus, von Hand oder automatisch (zum Start bei 2×). RTP 98,97–99,00 %.' },
    },
    limits: 'standard',
    rules: DEFAULT_CRASH_RULES,
    defaultBet: { autoCashOut: 2 },
    figures: { rtp: 0.9897, rtpMax: 0.99, method: 'exact', volatility: 'low', hitFrequency: 0.495 },
    released: '2026-03-24',
    demo: true,
  },

  // Mines
  {
    sysname: 'thin-ice',
    studio: 'northlight',
    kind: 'mines',
    text: {
      en: { title: 'Thin Ice', description: 'Cross a frozen lake of 25 tiles with 1 to 24 cracks hidden under the snow; every safe step raises the pay and you may walk off at any time. RTP 98.99–99.00 %.' },
      es: { title: 'Hielo Fino', description: 'Cruza un lago helado de 25 casillas con entre 1 y 24 grietas bajo la nieve; cada paso seguro sube el premio y puedes retirarte cuando quieras. RTP del 98,99 al 99,00 %.' },
      pt: { title: 'Gelo Fino', description: 'Atravesse um lago gelado de 25 casas com 1 a 24 fendas escondidas sob a neve; cada passo seguro aumenta o prémio e pode sair quando quiser. RTP de 98,99 a 99,00 %.' },
      de: { title: 'Dünnes Eis', description: 'Überqueren Sie einen zugefrorenen See aus 25 Feldern mit 1 bis 24 Rissen unter dem Schnee; jeder sichere Schritt erhöht den Gewinn, und Sie können jederzeit aussteigen. RTP 98,99–99,00 %.' },
    },
    limits: 'standard',
    rules: DEFAULT_MINES_RULES,
    defaultBet: { mines: 3 },
    figures: { rtp: 0.9899, rtpMax: 0.99, method: 'exact', volatility: 'low', hitFrequency: null },
    released: '2025-12-09',
    demo: true,
  },
  {
    sysname: 'ember-mines',
    studio: 'redfox',
    kind: 'mines',
    text: {
      en: { title: 'Ember Mines', description: 'Rake through 25 coals for gold, with 5 live embers hidden among them to start (1 to 24 as you like); cash out after any safe pick. RTP 97.99–98.00 %.' },
      es: { title: 'Minas de Brasas', description: 'Remueve 25 carbones en busca de oro, con 5 brasas vivas escondidas para empezar (de 1 a 24, a tu gusto); cobra tras cualquier acierto. RTP del 97,99 al 98,00 %.' },
      pt: { title: 'Minas em Brasa', description: 'Remexa 25 carvões à procura de ouro, com 5 brasas vivas escondidas para começar (de 1 a 24, à sua escolha); recolha os ganhos depois de qualquer acerto. RTP de 97,99 a 98,00 %.' },
      de: { title: 'Glutminen', description: 'Durchsuchen Sie 25 Kohlen nach Gold, zum Start mit 5 glühenden Stücken darunter (1 bis 24 nach Wahl); nach jedem sicheren Griff können Sie auszahlen. RTP 97,99–98,00 %.' },
    },
    limits: 'low',
    rules: MINES_25_2,
    defaultBet: { mines: 5 },
    figures: { rtp: 0.9799, rtpMax: 0.98, method: 'exact', volatility: 'low', hitFrequency: null },
    released: '2026-02-24',
    demo: true,
  },
  {
    sysname: 'oyster-hunt',
    studio: 'tidewater',
    kind: 'mines',
    text: {
      en: { title: 'Oyster Hunt', description: 'A small 4 × 4 oyster bed: open shells for pearls and avoid the 1 to 15 crabs; fewer tiles make every pick count for more. RTP 98.99–99.00 %.' },
      es: { title: 'Caza de Ostras', description: 'Un pequeño criadero de 4 × 4: abre ostras en busca de perlas y evita de 1 a 15 cangrejos; con menos casillas, cada acierto vale más. RTP del 98,99 al 99,00 %.' },
      pt: { title: 'Caça às Ostras', description: 'Um pequeno viveiro de 4 × 4: abra ostras à procura de pérolas e evite de 1 a 15 caranguejos; com menos casas, cada acerto vale mais. RTP de 98,99 a 99,00 %.' },
      de: { title: 'Austernjagd', description: 'Eine kleine Austernbank mit 4 × 4 Feldern: Öffnen Sie Muscheln für Perlen und meiden Sie 1 bis 15 Krabben; weniger Felder machen jeden Treffer wertvoller. RTP 98,99–99,00 %.' },
    },
    limits: 'standard',
    rules: MINES_16,
    defaultBet: { mines: 2 },
    figures: { rtp: 0.9899, rtpMax: 0.99, method: 'exact', volatility: 'low', hitFrequency: null },
    released: '2026-05-05',
    demo: true,
  },
  {
    sysname: 'vault-cracker',
    studio: 'redfox',
    kind: 'mines',
    text: {
      en: { title: 'Vault Cracker', description: 'Sixteen deposit boxes on a 4 × 4 wall, 4 of them alarmed to start (1 to 15 as you choose): open box after box and get out before the alarm. RTP 97.99–98.00 %.' },
      es: { title: 'Revientacajas', description: 'Dieciséis cajas de seguridad en una pared de 4 × 4, 4 con alarma para empezar (de 1 a 15, como prefieras): abre una tras otra y sal antes de que suene la alarma. RTP del 97,99 al 98,00 %.' },
      pt: { title: 'Arrombador de Cofres', description: 'Dezasseis cofres numa parede de 4 × 4, 4 deles com alarme para começar (de 1 a 15, à sua escolha): abra um atrás do outro e saia antes de o alarme tocar. RTP de 97,99 a 98,00 %.' },
      de: { title: 'Tresorknacker', description: 'Sechzehn Schließfächer an einer 4 × 4-Wand, zum Start 4 davon mit Alarm (1 bis 15 nach Wahl): Öffnen Sie eins nach dem anderen und verschwinden Sie vor dem Alarm. RTP 97,99–98,00 %.' },
    },
    limits: 'low',
    rules: MINES_16_2,
    defaultBet: { mines: 4 },
    figures: { rtp: 0.9799, rtpMax: 0.98, method: 'exact', volatility: 'low', hitFrequency: null },
    released: '2026-07-07',
    demo: true,
  },

  // Wheel
  {
    sysname: 'aurora-wheel',
    studio: 'northlight',
    kind: 'wheel',
    text: {
      en: { title: 'Aurora Wheel', description: 'A wheel of northern lights with 10 to 50 segments and three risk levels; the default ten low-risk segments pay on eight spins in ten. RTP 99.00 % on every wheel.' },
      es: { title: 'Rueda Aurora', description: 'Una rueda de auroras boreales de 10 a 50 segmentos y tres niveles de riesgo; los diez segmentos de riesgo bajo por defecto pagan en ocho de cada diez tiradas. RTP del 99,00 % en todas las ruedas.' },
      pt: { title: 'Roda Aurora', description: 'Uma roda de auroras boreais com 10 a 50 segmentos e três níveis de risco; os dez segmentos de risco baixo por defeito pagam em oito de cada dez giros. RTP de 99,00 % em todas as rodas.' },
      de: { title: 'Polarlicht-Rad', description: 'Ein Rad aus Nordlichtern mit 10 bis 50 Feldern und drei Risikostufen; die voreingestellten zehn Felder mit niedrigem Risiko zahlen bei acht von zehn Drehungen. RTP 99,00 % auf jedem Rad.' },
    },
    limits: 'high',
    rules: DEFAULT_WHEEL_RULES,
    defaultBet: { segments: 10, risk: 'low' },
    figures: { rtp: 0.99, method: 'exact', volatility: 'low', hitFrequency: 0.8 },
    released: '2025-09-16',
    demo: true,
  },
  {
    sysname: 'fortune-fox-wheel',
    studio: 'redfox',
    kind: 'wheel',
    text: {
      en: { title: 'Fortune Fox Wheel', description: 'The fox spins for fortune: 30 medium-risk segments to start, up to 4.7× on one of them, or pick 10 to 50 segments and low or high risk. RTP 99.00 %.' },
      es: { title: 'Rueda del Zorro de la Fortuna', description: 'El zorro gira la rueda: 30 segmentos de riesgo medio para empezar, hasta 4,7× en uno de ellos, o elige de 10 a 50 segmentos y riesgo bajo o alto. RTP del 99,00 %.' },
      pt: { title: 'Roda da Raposa da Sorte', description: 'A raposa roda a sorte: 30 segmentos de risco médio para começar, até 4,7× num deles, ou escolha de 10 a 50 segmentos e risco baixo ou alto. RTP de 99,00 %.' },
      de: { title: 'Glücksfuchs-Rad', description: 'Der Fuchs dreht das Glücksrad: zum Start 30 Felder mit mittlerem Risiko, bis 4,7× auf einem davon, oder wählen Sie 10 bis 50 Felder und niedriges oder hohes Risiko. RTP 99,00 %.' },
    },
    limits: 'standard',
    rules: DEFAULT_WHEEL_RULES,
    defaultBet: { segments: 30, risk: 'medium' },
    figures: { rtp: 0.99, method: 'exact', volatility: 'low', hitFrequency: 0.4667 },
    released: '2026-01-13',
    demo: true,
  },
  {
    sysname: 'compass-rose',
    studio: 'tidewater',
    kind: 'wheel',
    text: {
      en: { title: 'Compass Rose', description: "Spin the ship's compass: at high risk with 50 points, one point pays 49.5× and the rest nothing; lower risks and fewer points are a click away. RTP 99.00 %." },
      es: { title: 'Rosa de los Vientos', description: 'Gira la brújula del barco: con riesgo alto y 50 rumbos, uno paga 49,5× y el resto nada; los riesgos menores y menos rumbos están a un clic. RTP del 99,00 %.' },
      pt: { title: 'Rosa dos Ventos', description: 'Rode a bússola do navio: com risco alto e 50 rumos, um paga 49,5× e os restantes nada; riscos menores e menos rumos estão à distância de um clique. RTP de 99,00 %.' },
      de: { title: 'Windrose', description: 'Drehen Sie den Schiffskompass: Bei hohem Risiko mit 50 Strichen zahlt einer das 49,5-Fache, der Rest nichts; niedrigere Risiken und weniger Striche sind einen Klick entfernt. RTP 99,00 %.' },
    },
    limits: 'low',
    rules: DEFAULT_WHEEL_RULES,
    defaultBet: { segments: 50, risk: 'high' },
    figures: { rtp: 0.99, method: 'exact', volatility: 'high', hitFrequency: 0.02 },
    released: '2026-04-28',
    demo: true,
  },

  // High-low
  {
    sysname: 'snowdrift-hi-lo',
    studio: 'northlight',
    kind: 'high_low',
    text: {
      en: { title: 'Snowdrift Hi-Lo', description: 'Guess whether the next card is higher or lower, ties winning both ways, with up to ten skips; the house edge is taken once per round, not per guess. RTP 98.99 %.' },
      es: { title: 'Hi-Lo de la Ventisca', description: 'Adivina si la siguiente carta será más alta o más baja, con los empates ganando en ambos sentidos y hasta diez saltos; la ventaja de la casa se cobra una vez por ronda, no en cada acierto. RTP del 98,99 %.' },
      pt: { title: 'Hi-Lo da Nevasca', description: 'Adivinhe se a próxima carta é mais alta ou mais baixa, com os empates a ganhar nos dois sentidos e até dez saltos; a vantagem da casa é cobrada uma vez por ronda, não em cada palpite. RTP de 98,99 %.' },
      de: { title: 'Schneewehen-Hi-Lo', description: 'Raten Sie, ob die nächste Karte höher oder niedriger ist, Gleichstand gewinnt in beide Richtungen, bis zu zehn Karten dürfen Sie überspringen; der Hausvorteil fällt einmal pro Runde an, nicht pro Tipp. RTP 98,99 %.' },
    },
    limits: 'standard',
    rules: DEFAULT_HIGH_LOW_RULES,
    defaultBet: {},
    figures: { rtp: 0.9899, method: 'exact', volatility: 'low', hitFrequency: null },
    released: '2025-12-16',
    demo: true,
  },
  {
    sysname: 'foxfire-hi-lo',
    studio: 'redfox',
    kind: 'high_low',
    text: {
      en: { title: 'Foxfire Hi-Lo', description: 'The cards glow like foxfire as you build a run of higher-or-lower guesses; cash out whenever you like after the first correct one. RTP 97.99 %.' },
      es: { title: 'Hi-Lo Fuego Fatuo', description: 'Las cartas brillan como fuego fatuo mientras encadenas aciertos de más alta o más baja; cobra cuando quieras tras el primer acierto. RTP del 97,99 %.' },
      pt: { title: 'Hi-Lo Fogo-Fátuo', description: 'As cartas brilham como fogo-fátuo enquanto encadeia palpites de mais alta ou mais baixa; recolha os ganhos quando quiser depois do primeiro acerto. RTP de 97,99 %.' },
      de: { title: 'Irrlicht-Hi-Lo', description: 'Die Karten leuchten wie Irrlichter, während Sie eine Serie aus Höher-oder-tiefer-Tipps aufbauen; nach dem ersten Treffer können Sie jederzeit auszahlen. RTP 97,99 %.' },
    },
    limits: 'low',
    rules: HIGH_LOW_2,
    defaultBet: {},
    figures: { rtp: 0.9799, method: 'exact', volatility: 'low', hitFrequency: null },
    released: '2026-03-10',
    demo: true,
  },
  {
    sysname: 'high-tide-low-tide',
    studio: 'tidewater',
    kind: 'high_low',
    text: {
      en: { title: 'High Tide, Low Tide', description: 'Call the tide on each card, higher or lower: the odds of your run multiply, the edge is taken only once, and the pay reaches 1,000,000×. RTP 98.99 %.' },
      es: { title: 'Marea Alta, Marea Baja', description: 'Predice la marea en cada carta, más alta o más baja: las probabilidades de tu racha se multiplican, la ventaja se cobra una sola vez y el premio llega a 1 000 000×. RTP del 98,99 %.' },
      pt: { title: 'Maré Alta, Maré Baixa', description: 'Preveja a maré em cada carta, mais alta ou mais baixa: as probabilidades da sua sequência multiplicam-se, a vantagem é cobrada uma só vez e o prémio chega a 1 000 000×. RTP de 98,99 %.' },
      de: { title: 'Ebbe und Flut', description: 'Sagen Sie bei jeder Karte die Gezeiten voraus, höher oder tiefer: Die Quoten Ihrer Serie multiplizieren sich, der Vorteil wird nur einmal abgezogen, und der Gewinn reicht bis 1.000.000×. RTP 98,99 %.' },
    },
    limits: 'standard',
    rules: DEFAULT_HIGH_LOW_RULES,
    defaultBet: {},
    figures: { rtp: 0.9899, method: 'exact', volatility: 'low', hitFrequency: null },
    released: '2026-06-02',
    demo: true,
  },

  // Roulette (European, single zero). Chips in units of 1, scaled by the client (scaleTableBet).
  {
    sysname: 'harbour-roulette',
    studio: 'tidewater',
    kind: 'roulette',
    text: {
      en: { title: 'Harbour Roulette', description: 'European single-zero roulette on a quayside table: every bet from straight up to red or black, up to 100 bets a spin. RTP 97.29 %.' },
      es: { title: 'Ruleta del Puerto', description: 'Ruleta europea de un solo cero en una mesa junto al muelle: todas las apuestas, del pleno al rojo o negro, hasta 100 por giro. RTP del 97,29 %.' },
      pt: { title: 'Roleta do Porto', description: 'Roleta europeia de um só zero numa mesa junto ao cais: todas as apostas, do número pleno ao vermelho ou preto, até 100 por jogada. RTP de 97,29 %.' },
      de: { title: 'Hafen-Roulette', description: 'Europäisches Roulette mit einer Null an einem Tisch am Kai: alle Einsätze von Plein bis Rouge oder Noir, bis zu 100 pro Dreh. RTP 97,29 %.' },
    },
    limits: 'standard',
    rules: DEFAULT_ROULETTE_RULES,
    defaultBet: { bets: [{ bet: { kind: 'red' }, stake: 1 }] },
    figures: { rtp: 0.9729, method: 'exact', volatility: 'low', hitFrequency: 0.4865 },
    released: '2025-08-26',
    demo: true,
  },
  {
    sysname: 'midnight-sun-roulette',
    studio: 'northlight',
    kind: 'roulette',
    text: {
      en: { title: 'Midnight Sun Roulette', description: 'Single-zero roulette under the midnight sun, opening with the middle dozen and a chip on 17; place any of the classic inside and outside bets. RTP 97.29 %.' },
      es: { title: 'Ruleta del Sol de Medianoche', description: 'Ruleta de un solo cero bajo el sol de medianoche, que empieza con la docena central y una ficha al 17; haz cualquier apuesta interior o exterior clásica. RTP del 97,29 %.' },
      pt: { title: 'Roleta do Sol da Meia-Noite', description: 'Roleta de um só zero sob o sol da meia-noite, que começa com a dúzia do meio e uma ficha no 17; faça qualquer aposta interior ou exterior clássica. RTP de 97,29 %.' },
      de: { title: 'Mitternachtssonnen-Roulette', description: 'Roulette mit einer Null unter der Mitternachtssonne, zum Start mit dem mittleren Dutzend und einem Chip auf der 17; setzen Sie auf alle klassischen Innen- und Außenfelder. RTP 97,29 %.' },
    },
    limits: 'standard',
    rules: DEFAULT_ROULETTE_RULES,
    defaultBet: {
      bets: [
        { bet: { kind: 'dozen', index: 2 }, stake: 4 },
        { bet: { kind: 'straight', numbers: [17] }, stake: 1 },
      ],
    },
    figures: { rtp: 0.9729, method: 'exact', volatility: 'low', hitFrequency: 0.3243 },
    released: '2026-02-03',
    demo: true,
  },
  {
    sysname: 'copper-fox-roulette',
    studio: 'redfox',
    kind: 'roulette',
    text: {
      en: { title: 'Copper Fox Roulette', description: 'A copper wheel with a single zero, set for the long shot: one chip straight up on 7 pays 36×, and every other European bet is on the felt. RTP 97.29 %.' },
      es: { title: 'Ruleta del Zorro de Cobre', description: 'Una rueda de cobre con un solo cero, lista para el golpe de suerte: una ficha a pleno al 7 paga 36×, y el resto de apuestas europeas están sobre el tapete. RTP del 97,29 %.' },
      pt: { title: 'Roleta da Raposa de Cobre', description: 'Uma roda de cobre com um só zero, pronta para o grande golpe: uma ficha em pleno no 7 paga 36×, e todas as outras apostas europeias estão na mesa. RTP de 97,29 %.' },
      de: { title: 'Kupferfuchs-Roulette', description: 'Ein Kupferkessel mit einer Null, bereit für den großen Wurf: Ein Chip Plein auf die 7 zahlt das 36-Fache, und alle anderen europäischen Einsätze liegen auf dem Tisch. RTP 97,29 %.' },
    },
    limits: 'standard',
    rules: DEFAULT_ROULETTE_RULES,
    defaultBet: { bets: [{ bet: { kind: 'straight', numbers: [7] }, stake: 1 }] },
    figures: { rtp: 0.9729, method: 'exact', volatility: 'medium', hitFrequency: 0.027 },
    released: '2026-05-19',
    demo: true,
  },

  // Baccarat (punto banco, 8 decks). Chips in units of 1, scaled by the client (scaleTableBet).
  {
    sysname: 'pearl-baccarat',
    studio: 'tidewater',
    kind: 'baccarat',
    text: {
      en: { title: 'Pearl Baccarat', description: 'Punto banco from an eight-deck shoe on a pearl-white table: player, banker, tie and both pairs. RTP from 85.64 % (tie) to 98.94 % (banker).' },
      es: { title: 'Baccarat de las Perlas', description: 'Punto banco con un sabot de ocho barajas en una mesa blanca como las perlas: jugador, banca, empate y ambas parejas. RTP del 85,64 % (empate) al 98,94 % (banca).' },
      pt: { title: 'Bacará das Pérolas', description: 'Punto banco com um sapato de oito baralhos numa mesa branca como as pérolas: jogador, banca, empate e os dois pares. RTP de 85,64 % (empate) a 98,94 % (banca).' },
      de: { title: 'Perlen-Baccara', description: 'Punto Banco aus einem Schlitten mit acht Decks an einem perlweißen Tisch: Spieler, Bank, Unentschieden und beide Paare. RTP von 85,64 % (Unentschieden) bis 98,94 % (Bank).' },
    },
    limits: 'standard',
    rules: DEFAULT_BACCARAT_RULES,
    defaultBet: { bets: [{ bet: 'banker', stake: 1 }] },
    figures: { rtp: 0.8564, rtpMax: 0.9894, method: 'exact', volatility: 'low', hitFrequency: 0.5538 },
    released: '2025-10-21',
    demo: true,
  },
  {
    sysname: 'velvet-den-baccarat',
    studio: 'redfox',
    kind: 'baccarat',
    text: {
      en: { title: 'Velvet Den Baccarat', description: "Baccarat in the fox's velvet den, opening with player and a side chip on the tie at 8 to 1; eight decks, banker pays 0.95 to 1. RTP 85.64–98.94 % by bet." },
      es: { title: 'Baccarat de la Guarida de Terciopelo', description: 'Baccarat en la guarida de terciopelo del zorro, que empieza con jugador y una ficha al empate a 8 a 1; ocho barajas, la banca paga 0,95 a 1. RTP del 85,64 al 98,94 % según la apuesta.' },
      pt: { title: 'Bacará do Covil de Veludo', description: 'Bacará no covil de veludo da raposa, que começa com jogador e uma ficha no empate a 8 para 1; oito baralhos, a banca paga 0,95 para 1. RTP de 85,64 a 98,94 % conforme a aposta.' },
      de: { title: 'Samtbau-Baccara', description: 'Baccara im Samtbau des Fuchses, zum Start mit Spieler und einem Chip auf Unentschieden zu 8:1; acht Decks, die Bank zahlt 0,95:1. RTP 85,64–98,94 % je nach Einsatz.' },
    },
    limits: 'standard',
    rules: DEFAULT_BACCARAT_RULES,
    defaultBet: {
      bets: [
        { bet: 'player', stake: 4 },
        { bet: 'tie', stake: 1 },
      ],
    },
    figures: { rtp: 0.8564, rtpMax: 0.9894, method: 'exact', volatility: 'low', hitFrequency: 0.5414 },
    released: '2026-04-07',
    demo: true,
  },
  {
    sysname: 'frost-baccarat',
    studio: 'northlight',
    kind: 'baccarat',
    text: {
      en: { title: 'Frost Baccarat', description: 'Punto banco on a frosted glass table, opening with banker and a chip on the banker pair at 11 to 1; eight decks. RTP 85.64–98.94 % by bet.' },
      es: { title: 'Baccarat de Escarcha', description: 'Punto banco en una mesa de cristal escarchado, que empieza con banca y una ficha a la pareja de la banca a 11 a 1; ocho barajas. RTP del 85,64 al 98,94 % según la apuesta.' },
      pt: { title: 'Bacará de Geada', description: 'Punto banco numa mesa de vidro fosco, que começa com banca e uma ficha no par da banca a 11 para 1; oito baralhos. RTP de 85,64 a 98,94 % conforme a aposta.' },
      de: { title: 'Frost-Baccara', description: 'Punto Banco an einem Tisch aus Frostglas, zum Start mit Bank und einem Chip auf das Bankpaar zu 11:1; acht Decks. RTP 85,64–98,94 % je nach Einsatz.' },
    },
    limits: 'standard',
    rules: DEFAULT_BACCARAT_RULES,
    defaultBet: {
      bets: [
        { bet: 'banker', stake: 9 },
        { bet: 'bankerPair', stake: 1 },
      ],
    },
    figures: { rtp: 0.8564, rtpMax: 0.9894, method: 'exact', volatility: 'low', hitFrequency: 0.5917 },
    released: '2026-07-14',
    demo: true,
  },

  // Keno (10 of 40 drawn)
  {
    sysname: 'polar-star-keno',
    studio: 'northlight',
    kind: 'keno',
    text: {
      en: { title: 'Polar Star Keno', description: 'Pick 1 to 10 stars of 40 and watch 10 light up; it opens on four picks at low risk, which pay on seven rounds in ten. RTP 98.98–99.01 % by picks and risk.' },
      es: { title: 'Keno Estrella Polar', description: 'Elige de 1 a 10 estrellas de 40 y mira cómo se encienden 10; empieza con cuatro números de riesgo bajo, que pagan en siete de cada diez rondas. RTP del 98,98 al 99,01 % según números y riesgo.' },
      pt: { title: 'Keno Estrela Polar', description: 'Escolha de 1 a 10 estrelas entre 40 e veja 10 acenderem-se; começa com quatro números de risco baixo, que pagam em sete de cada dez rondas. RTP de 98,98 a 99,01 % conforme os números e o risco.' },
      de: { title: 'Polarstern-Keno', description: 'Wählen Sie 1 bis 10 von 40 Sternen und sehen Sie zu, wie 10 aufleuchten; zum Start vier Zahlen mit niedrigem Risiko, die in sieben von zehn Runden zahlen. RTP 98,98–99,01 % je nach Zahlen und Risiko.' },
    },
    limits: 'standard',
    rules: DEFAULT_KENO_RULES,
    defaultBet: { picks: [4, 15, 22, 33], risk: 'low' },
    figures: { rtp: 0.9898, rtpMax: 0.9901, method: 'exact', volatility: 'low', hitFrequency: 0.7001 },
    released: '2025-11-04',
    demo: true,
  },
  {
    sysname: 'harvest-moon-keno',
    studio: 'redfox',
    kind: 'keno',
    text: {
      en: { title: 'Harvest Moon Keno', description: 'Autumn keno under a harvest moon: five picks at classic risk to start, paying up to 43.7×, with four risk tables for 1 to 10 picks. RTP 98.98–99.01 %.' },
      es: { title: 'Keno Luna de Cosecha', description: 'Keno otoñal bajo la luna de la cosecha: cinco números de riesgo clásico para empezar, con premios de hasta 43,7×, y cuatro tablas de riesgo para 1 a 10 números. RTP del 98,98 al 99,01 %.' },
      pt: { title: 'Keno Lua das Colheitas', description: 'Keno de outono sob a lua das colheitas: cinco números de risco clássico para começar, com prémios até 43,7×, e quatro tabelas de risco para 1 a 10 números. RTP de 98,98 a 99,01 %.' },
      de: { title: 'Erntemond-Keno', description: 'Herbstliches Keno unter dem Erntemond: zum Start fünf Zahlen mit klassischem Risiko und Gewinnen bis 43,7×, dazu vier Risikotabellen für 1 bis 10 Zahlen. RTP 98,98–99,01 %.' },
    },
    limits: 'standard',
    rules: DEFAULT_KENO_RULES,
    defaultBet: { picks: [3, 11, 19, 27, 35], risk: 'classic' },
    figures: { rtp: 0.9898, rtpMax: 0.9901, method: 'exact', volatility: 'medium', hitFrequency: 0.3669 },
    released: '2025-10-28',
    demo: true,
  },
  {
    sysname: 'reef-keno',
    studio: 'tidewater',
    kind: 'keno',
    text: {
      en: { title: 'Reef Keno', description: 'Mark up to 10 of 40 fish on the reef; the default eight picks at high risk pay rarely, but up to 9,760× for all eight. RTP 98.98–99.01 % by picks and risk.' },
      es: { title: 'Keno del Arrecife', description: 'Marca hasta 10 de 40 peces del arrecife; los ocho números de riesgo alto por defecto pagan pocas veces, pero hasta 9760× si aciertas los ocho. RTP del 98,98 al 99,01 % según números y riesgo.' },
      pt: { title: 'Keno do Recife', description: 'Marque até 10 de 40 peixes do recife; os oito números de risco alto por defeito pagam poucas vezes, mas até 9760× se acertar os oito. RTP de 98,98 a 99,01 % conforme os números e o risco.' },
      de: { title: 'Riff-Keno', description: 'Markieren Sie bis zu 10 von 40 Fischen am Riff; die voreingestellten acht Zahlen mit hohem Risiko zahlen selten, aber bis zum 9.760-Fachen für alle acht. RTP 98,98–99,01 % je nach Zahlen und Risiko.' },
    },
    limits: 'low',
    rules: DEFAULT_KENO_RULES,
    defaultBet: { picks: [2, 7, 12, 18, 24, 29, 36, 40], risk: 'high' },
    figures: { rtp: 0.9898, rtpMax: 0.9901, method: 'exact', volatility: 'high', hitFrequency: 0.0894 },
    released: '2026-06-16',
    demo: true,
  },

  // Plinko
  {
    sysname: 'snowfall-plinko',
    studio: 'northlight',
    kind: 'plinko',
    text: {
      en: { title: 'Snowfall Plinko', description: 'Snowflakes drift through 8 to 16 rows of pegs; at the default 8 rows and low risk every slot pays something, from 0.5× to 5.5×. RTP 98.99–99.00 % by rows and risk.' },
      es: { title: 'Plinko Nevada', description: 'Copos de nieve que caen entre 8 y 16 filas de clavos; con las 8 filas y el riesgo bajo por defecto, todas las casillas pagan algo, de 0,5× a 5,5×. RTP del 98,99 al 99,00 % según filas y riesgo.' },
      pt: { title: 'Plinko Nevão', description: 'Flocos de neve a cair por 8 a 16 filas de pinos; com as 8 filas e o risco baixo por defeito, todas as casas pagam algo, de 0,5× a 5,5×. RTP de 98,99 a 99,00 % conforme as filas e o risco.' },
      de: { title: 'Schneefall-Plinko', description: 'Schneeflocken fallen durch 8 bis 16 Reihen Stifte; mit den voreingestellten 8 Reihen und niedrigem Risiko zahlt jedes Fach etwas, von 0,5× bis 5,5×. RTP 98,99–99,00 % je nach Reihen und Risiko.' },
    },
    limits: 'high',
    rules: DEFAULT_PLINKO_RULES,
    defaultBet: { rows: 8, risk: 'low' },
    figures: { rtp: 0.9899, rtpMax: 0.99, method: 'exact', volatility: 'low', hitFrequency: 1 },
    released: '2025-12-02',
    demo: true,
  },
  {
    sysname: 'acorn-drop',
    studio: 'redfox',
    kind: 'plinko',
    text: {
      en: { title: 'Acorn Drop', description: 'Acorns tumble through the branches: 12 rows at medium risk to start, with 38× at the edges, or choose 8 to 16 rows and low or high risk. RTP 98.99–99.00 %.' },
      es: { title: 'Lluvia de Bellotas', description: 'Las bellotas caen entre las ramas: 12 filas de riesgo medio para empezar, con 38× en los extremos, o elige de 8 a 16 filas y riesgo bajo o alto. RTP del 98,99 al 99,00 %.' },
      pt: { title: 'Queda de Bolotas', description: 'As bolotas caem por entre os ramos: 12 filas de risco médio para começar, com 38× nas pontas, ou escolha de 8 a 16 filas e risco baixo ou alto. RTP de 98,99 a 99,00 %.' },
      de: { title: 'Eichelfall', description: 'Eicheln purzeln durch die Äste: zum Start 12 Reihen mit mittlerem Risiko und 38× an den Rändern, oder wählen Sie 8 bis 16 Reihen und niedriges oder hohes Risiko. RTP 98,99–99,00 %.' },
    },
    limits: 'standard',
    rules: DEFAULT_PLINKO_RULES,
    defaultBet: { rows: 12, risk: 'medium' },
    figures: { rtp: 0.9899, rtpMax: 0.99, method: 'exact', volatility: 'low', hitFrequency: 1 },
    released: '2025-09-30',
    demo: true,
  },
  {
    sysname: 'pearl-drop',
    studio: 'tidewater',
    kind: 'plinko',
    text: {
      en: { title: 'Pearl Drop', description: 'A pearl sinks through 16 rows of coral at high risk, where the outer slots pay 1,000×; gentler boards from 8 rows are there too. RTP 98.99–99.00 %.' },
      es: { title: 'Caída de Perlas', description: 'Una perla se hunde entre 16 filas de coral con riesgo alto, donde las casillas exteriores pagan 1000×; también hay tableros más suaves desde 8 filas. RTP del 98,99 al 99,00 %.' },
      pt: { title: 'Queda de Pérolas', description: 'Uma pérola afunda por 16 filas de coral com risco alto, onde as casas exteriores pagam 1000×; também há tabuleiros mais suaves a partir de 8 filas. RTP de 98,99 a 99,00 %.' },
      de: { title: 'Perlenfall', description: 'Eine Perle sinkt durch 16 Reihen Korallen mit hohem Risiko, wo die äußeren Fächer das 1.000-Fache zahlen; sanftere Bretter ab 8 Reihen gibt es auch. RTP 98,99–99,00 %.' },
    },
    limits: 'low',
    rules: DEFAULT_PLINKO_RULES,
    defaultBet: { rows: 16, risk: 'high' },
    figures: { rtp: 0.9899, rtpMax: 0.99, method: 'exact', volatility: 'high', hitFrequency: 1 },
    released: '2026-05-26',
    demo: true,
  },

  // Blackjack (6 decks, S17, 3:2, DAS, peek): the stake comes with the round, the bet takes no options.
  {
    sysname: 'northern-blackjack',
    studio: 'northlight',
    kind: 'blackjack',
    text: {
      en: { title: 'Northern Blackjack', description: 'Six decks, the dealer stands on soft 17, blackjack pays 3 to 2, double after splitting and split up to four hands. RTP 99.58 % with basic strategy.' },
      es: { title: 'Blackjack del Norte', description: 'Seis barajas, el crupier se planta con 17 blando, el blackjack paga 3 a 2, puedes doblar tras separar y separar hasta cuatro manos. RTP del 99,58 % con la estrategia básica.' },
      pt: { title: 'Blackjack do Norte', description: 'Seis baralhos, o dealer fica com 17 suave, o blackjack paga 3 para 2, pode dobrar depois de dividir e dividir até quatro mãos. RTP de 99,58 % com a estratégia básica.' },
      de: { title: 'Nordisches Blackjack', description: 'Sechs Decks, der Dealer steht auf Soft 17, Blackjack zahlt 3:2, Sie dürfen nach dem Teilen verdoppeln und bis zu vier Hände teilen. RTP 99,58 % mit der Grundstrategie.' },
    },
    limits: 'standard',
    rules: BLACKJACK_6D_S17,
    defaultBet: {},
    figures: { rtp: 1 - BLACKJACK_6D_S17_HOUSE_EDGE, method: 'simulation', volatility: 'low', hitFrequency: null },
    released: '2025-11-25',
    demo: true,
  },
  {
    sysname: 'riverboat-blackjack',
    studio: 'tidewater',
    kind: 'blackjack',
    text: {
      en: { title: 'Riverboat Blackjack', description: 'Blackjack on a paddle steamer with the same six-deck rules: the dealer stands on soft 17, naturals pay 3 to 2, insurance when the dealer shows an ace. RTP 99.58 % with basic strategy.' },
      es: { title: 'Blackjack del Barco de Vapor', description: 'Blackjack a bordo de un barco de vapor con las mismas reglas de seis barajas: el crupier se planta con 17 blando, el blackjack paga 3 a 2 y hay seguro cuando muestra un as. RTP del 99,58 % con la estrategia básica.' },
      pt: { title: 'Blackjack do Barco a Vapor', description: 'Blackjack a bordo de um barco a vapor com as mesmas regras de seis baralhos: o dealer fica com 17 suave, o blackjack paga 3 para 2 e há seguro quando mostra um ás. RTP de 99,58 % com a estratégia básica.' },
      de: { title: 'Raddampfer-Blackjack', description: 'Blackjack auf einem Raddampfer mit denselben Regeln für sechs Decks: Der Dealer steht auf Soft 17, Blackjack zahlt 3:2, und zeigt er ein Ass, gibt es eine Versicherung. RTP 99,58 % mit der Grundstrategie.' },
    },
    limits: 'standard',
    rules: BLACKJACK_6D_S17,
    defaultBet: {},
    figures: { rtp: 1 - BLACKJACK_6D_S17_HOUSE_EDGE, method: 'simulation', volatility: 'low', hitFrequency: null },
    released: '2026-03-31',
    demo: true,
  },

  // Video poker (full-pay 9/6 Jacks or Better): the stake comes with the round, the bet takes no options.
  {
    sysname: 'foxhole-poker',
    studio: 'redfox',
    kind: 'video_poker',
    text: {
      en: { title: 'Foxhole Poker', description: 'Full-pay 9/6 Jacks or Better: a pair of jacks gives your stake back, a full house pays 9× and a royal flush 800×. RTP 99.54 % with perfect holds.' },
      es: { title: 'Póker de la Madriguera', description: 'Jotas o Mejor 9/6 de pago completo: una pareja de jotas devuelve la apuesta, un full paga 9× y una escalera real 800×. RTP del 99,54 % con el descarte óptimo.' },
      pt: { title: 'Póquer da Toca', description: 'Valetes ou Melhor 9/6 de pagamento completo: um par de valetes devolve a aposta, um full house paga 9× e um royal flush 800×. RTP de 99,54 % com as escolhas ideais.' },
      de: { title: 'Fuchsbau-Poker', description: 'Jacks or Better mit voller 9/6-Auszahlung: Ein Paar Buben gibt den Einsatz zurück, ein Full House zahlt das 9-Fache und ein Royal Flush das 800-Fache. RTP 99,54 % bei optimalem Halten.' },
    },
    limits: 'standard',
    rules: JACKS_OR_BETTER_9_6,
    defaultBet: {},
    figures: { rtp: JACKS_OR_BETTER_9_6_RTP, method: 'exact', volatility: 'medium', hitFrequency: 0.4546 },
    released: '2026-01-27',
    demo: true,
  },
  {
    sysname: 'aurora-poker',
    studio: 'northlight',
    kind: 'video_poker',
    text: {
      en: { title: 'Aurora Poker', description: 'Jacks or Better under the aurora with the full 9/6 paytable: five cards dealt, hold what you like, draw once. RTP 99.54 % with perfect holds.' },
      es: { title: 'Póker Aurora', description: 'Jotas o Mejor bajo la aurora con la tabla 9/6 completa: recibes cinco cartas, guardas las que quieras y cambias una vez. RTP del 99,54 % con el descarte óptimo.' },
      pt: { title: 'Póquer Aurora', description: 'Valetes ou Melhor sob a aurora com a tabela 9/6 completa: recebe cinco cartas, guarda as que quiser e troca uma vez. RTP de 99,54 % com as escolhas ideais.' },
      de: { title: 'Polarlicht-Poker', description: 'Jacks or Better unter dem Nordlicht mit der vollen 9/6-Tabelle: fünf Karten, halten Sie, was Sie wollen, und ziehen Sie einmal nach. RTP 99,54 % bei optimalem Halten.' },
    },
    limits: 'standard',
    rules: JACKS_OR_BETTER_9_6,
    defaultBet: {},
    figures: { rtp: JACKS_OR_BETTER_9_6_RTP, method: 'exact', volatility: 'medium', hitFrequency: 0.4546 },
    released: '2026-06-09',
    demo: true,
  },
]
