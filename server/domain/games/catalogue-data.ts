// What the catalogue holds besides the titles themselves: the hall's categories, the studios'
// descriptions and the operator's order. Code, like the titles: the start-up sync writes it to the
// tables (catalogue.ts), so the database never lists what the code does not play.
import { STUDIO_TITLES, STUDIOS, type Studio, type StudioTitle } from '../../../src/shared/games/catalogue'
import type { CatalogueGameType, FullscreenOption, GameTag } from '../../../src/services/api/contract/game-catalogue'
import type { Locale } from '../../../src/shared/locales'

export type LocaleTexts = Readonly<Record<Locale, string>>

export interface CategoryDef {
  sysname: string
  names: LocaleTexts
  rule: { kind: 'type'; types: readonly CatalogueGameType[] } | { kind: 'tag'; tag: GameTag } | { kind: 'manual'; games: readonly string[] }
}

/** The operator's pick: shown first in the hall and first in the default order. */
export const FEATURED: readonly string[] = [
  'aurora-lanterns',
  'pearl-cascade',
  'rocket-crash',
  'fox-and-ember',
  'northern-blackjack',
  'thin-ice',
  'harbour-roulette',
  'compass-rose',
]

/** The hall's rails, in order. */
export const CATEGORIES: readonly CategoryDef[] = [
  { sysname: 'featured', names: { en: 'Featured', es: 'Destacados', pt: 'Destaques', de: 'Empfohlen' }, rule: { kind: 'manual', games: FEATURED } },
  { sysname: 'popular', names: { en: 'Popular', es: 'Populares', pt: 'Populares', de: 'Beliebt' }, rule: { kind: 'tag', tag: 'popular' } },
  { sysname: 'new', names: { en: 'New', es: 'Nuevos', pt: 'Novos', de: 'Neu' }, rule: { kind: 'tag', tag: 'new' } },
  { sysname: 'slots', names: { en: 'Slots', es: 'Tragamonedas', pt: 'Caça-níqueis', de: 'Spielautomaten' }, rule: { kind: 'type', types: ['slot'] } },
  { sysname: 'table', names: { en: 'Table games', es: 'Juegos de mesa', pt: 'Jogos de mesa', de: 'Tischspiele' }, rule: { kind: 'type', types: ['casino'] } },
  { sysname: 'fast', names: { en: 'Fast games', es: 'Juegos rápidos', pt: 'Jogos rápidos', de: 'Schnelle Spiele' }, rule: { kind: 'type', types: ['fast'] } },
  { sysname: 'cards', names: { en: 'Cards and logic', es: 'Cartas y lógica', pt: 'Cartas e lógica', de: 'Karten und Logik' }, rule: { kind: 'type', types: ['logical', 'high_low'] } },
]

export const PROVIDER_DESCRIPTIONS: Readonly<Record<Studio, LocaleTexts>> = {
  northlight: {
    en: 'Northern skies, frost and lanterns: slots, table games and quick originals, every round provably fair.',
    es: 'Cielos del norte, escarcha y farolillos: tragamonedas, juegos de mesa y originales rápidos, cada ronda demostrablemente justa.',
    pt: 'Céus do norte, gelo e lanternas: caça-níqueis, jogos de mesa e originais rápidos, cada rodada comprovadamente justa.',
    de: 'Nordlicht, Frost und Laternen: Spielautomaten, Tischspiele und schnelle Originale, jede Runde nachweislich fair.',
  },
  redfox: {
    en: 'A sly fox and warm embers: high-spirited slots, dice and card games, every round provably fair.',
    es: 'Un zorro astuto y brasas cálidas: tragamonedas animadas, dados y juegos de cartas, cada ronda demostrablemente justa.',
    pt: 'Uma raposa esperta e brasas quentes: caça-níqueis animados, dados e jogos de cartas, cada rodada comprovadamente justa.',
    de: 'Ein schlauer Fuchs und warme Glut: lebhafte Spielautomaten, Würfel- und Kartenspiele, jede Runde nachweislich fair.',
  },
  tidewater: {
    en: 'Harbours, reefs and tides: calm slots, roulette, baccarat and keno by the sea, every round provably fair.',
    es: 'Puertos, arrecifes y mareas: tragamonedas tranquilas, ruleta, bacará y keno junto al mar, cada ronda demostrablemente justa.',
    pt: 'Portos, recifes e marés: caça-níqueis calmos, roleta, bacará e keno à beira-mar, cada rodada comprovadamente justa.',
    de: 'Häfen, Riffe und Gezeiten: ruhige Spielautomaten, Roulette, Baccarat und Keno am Meer, jede Runde nachweislich fair.',
  },
}

/**
 * Slots fill the screen everywhere (reels want every pixel on a phone); the other titles open
 * full screen only where the product asks for it (SPEC §3 'product'), since their controls fit a
 * framed page.
 */
export function fullscreenOf(title: StudioTitle, type: CatalogueGameType): FullscreenOption {
  return type === 'slot' ? 'all' : 'product'
}

/**
 * The operator's order: the featured pick first in its own order (1..), then every other title in
 * the code's order (slots, then originals and table games), from 100 on, so an operator can slot
 * a title between them without renumbering.
 */
export function priorityOf(title: StudioTitle): number {
  const featured = FEATURED.indexOf(title.sysname)
  if (featured >= 0) return featured + 1
  return 100 + STUDIO_TITLES.indexOf(title)
}

export const STUDIO_NAMES: Readonly<Record<Studio, string>> = Object.fromEntries(Object.entries(STUDIOS).map(([k, v]) => [k, v.name])) as Record<Studio, string>
