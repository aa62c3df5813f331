// Cover art for every studio title and a logo for every studio, drawn as SVG from the catalogue:
// `npm run games:art` (node --import tsx scripts/games-art.ts) writes public/images/games/{sysname}.svg
// and public/images/providers/{studio}.svg. The /_ipx proxy rasterises them (src/shared/games/art.ts
// builds the addresses). Deterministic: the same catalogue gives the same bytes, and
// scripts/games-art.test.ts fails when a file differs from what this writes now.
//
// Art direction: a 480×480 cover per title in the title's own hue (HUES, one fixed hue per
// sysname), a studio backdrop (northlight: aurora and stars, redfox: rays and embers, tidewater:
// waves and bubbles), a large motif for the kind and a shine. No text: the page writes the title
// in the player's language. Only elements and attributes the site's SVG sanitiser keeps
// (src/shared/svg-sanitize.ts): no filters, no styles, references to `#id` only.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { STUDIO_TITLES, STUDIOS, type Studio, type StudioTitle } from '../src/shared/games/catalogue.ts'

// ---------------------------------------------------------------------------------------------
// Palette

/** One hue (degrees) per title, chosen for its theme; every title has its own. A new title needs a line here. */
export const HUES: Readonly<Record<string, number>> = {
  'dice-classic': 356,
  'ember-mines': 4,
  'fox-and-ember': 12,
  'foxfire-hi-lo': 20,
  'copper-fox-roulette': 26,
  'fox-leap': 32,
  'acorn-drop': 38,
  'harvest-moon-keno': 44,
  'vault-cracker': 50,
  'lighthouse-limbo': 56,
  'fortune-fox-wheel': 66,
  'oyster-hunt': 78,
  'orchard-heist': 92,
  'riverboat-blackjack': 104,
  'northern-blackjack': 118,
  'aurora-limbo': 130,
  'aurora-lanterns': 142,
  'aurora-wheel': 152,
  'harbour-roulette': 160,
  'riptide-dice': 168,
  'reef-keno': 176,
  'pearl-cascade': 182,
  'high-tide-low-tide': 188,
  'glacier-dice': 194,
  'thin-ice': 200,
  'frost-giants': 206,
  'snowdrift-hi-lo': 212,
  'compass-rose': 218,
  'harbour-lights': 224,
  'snowfall-plinko': 230,
  'deep-dive': 236,
  'frost-baccarat': 242,
  'polar-star-keno': 248,
  'rocket-crash': 256,
  'midnight-sun-roulette': 266,
  'aurora-poker': 276,
  'pearl-baccarat': 288,
  'pearl-drop': 298,
  'lucky-paw-dice': 310,
  'velvet-den-baccarat': 320,
  'foxhole-poker': 330,
  'vulpine-vault': 340,
  'coral-tide': 348,
}

/** Reel symbols drawn for each line slot, from its theme (the first is the winning line). */
const SLOT_GLYPHS: Readonly<Record<string, readonly [Glyph, Glyph, Glyph]>> = {
  'aurora-lanterns': ['lantern', 'snowflake', 'star'],
  'harbour-lights': ['anchor', 'lantern', 'shell'],
  'fox-and-ember': ['flame', 'leaf', 'coin'],
  'coral-tide': ['pearl', 'shell', 'star'],
  'frost-giants': ['gem', 'snowflake', 'crown'],
  'vulpine-vault': ['crown', 'gem', 'key'],
}

/** Gem hues for cluster slots (the first is the winning cluster). */
const CLUSTER_GEMS: Readonly<Record<string, readonly number[]>> = {
  'pearl-cascade': [182, 300, 210, 40],
  'orchard-heist': [352, 95, 275, 30],
}

/** Studio metal (rims, hubs, rockets) and backdrop. */
const METAL: Readonly<Record<Studio, readonly [string, string, string]>> = {
  northlight: ['#f4f8ff', '#b9c9e0', '#6f84a6'],
  redfox: ['#fff0b8', '#f2b640', '#a5620f'],
  tidewater: ['#f5fdff', '#a9dde3', '#4f8f9c'],
}

const hex = (h: number, s: number, l: number): string => {
  h = ((h % 360) + 360) % 360
  const a = s * Math.min(l, 1 - l)
  const f = (n: number) => {
    const k = (n + h / 30) % 12
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))))
      .toString(16)
      .padStart(2, '0')
  }
  return `#${f(0)}${f(8)}${f(4)}`
}

interface Palette {
  h: number
  /** Background, light corner to dark corner. */
  bg: [string, string, string]
  glow: string
  accent: string
  bright: string
  ink: string
  pale: string
  pop: string
  metal: readonly [string, string, string]
}

function palette(title: StudioTitle): Palette {
  const h = HUES[title.sysname]
  if (h === undefined) throw new Error(`scripts/games-art.ts: no hue for "${title.sysname}"; add it to HUES`)
  const golden = h >= 44 && h <= 70
  return {
    h,
    // Dark yellows read as olive: golden titles sit on bronze instead.
    bg: [golden ? hex(38, 0.62, 0.42) : hex(h + 14, 0.58, 0.4), hex(golden ? 30 : h, 0.62, 0.2), hex(golden ? 20 : h - 12, 0.7, 0.07)],
    glow: hex(h + 18, 0.95, 0.62),
    accent: hex(h + 6, 0.78, 0.52),
    bright: hex(h + 24, 0.95, 0.7),
    ink: hex(h, 0.5, 0.14),
    pale: hex(h, 0.45, 0.93),
    pop: hex(h + 165, 0.85, 0.6),
    metal: METAL[title.studio],
  }
}

// ---------------------------------------------------------------------------------------------
// Markup helpers

/** A number as short as it can be written: one decimal at most. */
const n = (x: number): string => String(Math.round(x * 10) / 10)

type Attrs = Record<string, string | number | undefined>
const attrs = (a: Attrs) =>
  Object.entries(a)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => ` ${k}="${typeof v === 'number' ? n(v) : v}"`)
    .join('')
const el = (name: string, a: Attrs, ...children: string[]) => (children.length ? `<${name}${attrs(a)}>${children.join('')}</${name}>` : `<${name}${attrs(a)}/>`)
const g = (a: Attrs, ...children: string[]) => el('g', a, ...children)

/** A gradient's stops: [offset, colour, opacity?]. */
type Stop = [number, string, number?]
const stops = (list: Stop[]) => list.map(([o, c, op]) => el('stop', { offset: o, 'stop-color': c, 'stop-opacity': op })).join('')
const linear = (id: string, x1: number, y1: number, x2: number, y2: number, list: Stop[]) => el('linearGradient', { id, x1, y1, x2, y2 }, stops(list))
const radial = (id: string, cx: number, cy: number, r: number, list: Stop[], extra: Attrs = {}) => el('radialGradient', { id, cx, cy, r, ...extra }, stops(list))
const pts = (list: number[][]) => list.map(([x, y]) => `${n(x!)},${n(y!)}`).join(' ')

/** A seeded generator per title, so scattered details are the same every run. */
function random(seed: string): () => number {
  let h = 2166136261
  for (const c of seed) h = Math.imul(h ^ c.charCodeAt(0), 16777619)
  let a = h >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** A soft shadow under a motif. */
const shadow = (cx: number, cy: number, rx: number, ry: number, o = 0.55) => el('ellipse', { cx, cy, rx, ry, fill: 'url(#sd)', opacity: o })

// ---------------------------------------------------------------------------------------------
// Backdrop

function backdrop(title: StudioTitle, p: Palette, rnd: () => number): string {
  const energy = { low: 0.8, medium: 1, high: 1.2, 'very high': 1.35 }[title.figures.volatility]
  const out: string[] = []
  if (title.studio === 'northlight') {
    // Aurora ribbons and stars.
    const y = 70 + rnd() * 50
    out.push(el('path', { d: `M-20 ${n(y + 80)}C120 ${n(y - 40)} 260 ${n(y + 120)} 500 ${n(y - 10)}L500 ${n(y + 60)}C300 ${n(y + 170)} 140 ${n(y + 20)} -20 ${n(y + 150)}Z`, fill: 'url(#au)', opacity: 0.55 * energy }))
    out.push(el('path', { d: `M-20 ${n(y + 10)}C160 ${n(y + 60)} 280 ${n(y - 70)} 500 ${n(y + 40)}L500 ${n(y + 80)}C280 ${n(y - 20)} 150 ${n(y + 110)} -20 ${n(y + 50)}Z`, fill: 'url(#au)', opacity: 0.35 * energy }))
    const stars: string[] = []
    for (let i = 0; i < 16; i++) stars.push(el('circle', { cx: rnd() * 480, cy: rnd() * 260, r: 1 + rnd() * 1.8, opacity: 0.3 + rnd() * 0.6 }))
    out.push(g({ fill: '#fff' }, ...stars))
  } else if (title.studio === 'redfox') {
    // Rays from behind the motif and rising embers.
    const rays: string[] = []
    for (let i = 0; i < 12; i++) {
      const a = (i / 12) * Math.PI * 2 + rnd() * 0.1
      const b = a + 0.12
      rays.push(`M240 240L${n(240 + Math.cos(a) * 420)} ${n(240 + Math.sin(a) * 420)}L${n(240 + Math.cos(b) * 420)} ${n(240 + Math.sin(b) * 420)}Z`)
    }
    out.push(el('path', { d: rays.join(''), fill: '#fff', opacity: 0.05 * energy }))
    const sparks: string[] = []
    for (let i = 0; i < 18; i++) sparks.push(el('circle', { cx: rnd() * 480, cy: 200 + rnd() * 280, r: 1.2 + rnd() * 2.4, opacity: 0.25 + rnd() * 0.6 }))
    out.push(g({ fill: p.bright }, ...sparks))
  } else {
    // Waves along the bottom and bubbles.
    for (let i = 0; i < 3; i++) {
      const y = 350 + i * 38 + rnd() * 10
      const w = 60 + rnd() * 30
      let d = `M0 ${n(y)}`
      for (let x = 0; x < 480; x += w * 2) d += `q${n(w / 2)} -18 ${n(w)} 0t${n(w)} 0`
      out.push(el('path', { d: `${d}V480H0Z`, fill: '#fff', opacity: (0.04 + i * 0.02) * energy }))
    }
    const bubbles: string[] = []
    for (let i = 0; i < 12; i++) bubbles.push(el('circle', { cx: rnd() * 480, cy: 60 + rnd() * 400, r: 3 + rnd() * 7 }))
    out.push(g({ fill: 'none', stroke: '#fff', 'stroke-opacity': 0.22, 'stroke-width': 2 }, ...bubbles))
  }
  return out.join('')
}

// ---------------------------------------------------------------------------------------------
// Shared pieces: suits, gems, cards, chips, spheres

const SUIT_PATHS = {
  heart: 'M0 40C-28 18-46 4-46-16C-46-32-34-42-21-42C-11-42-4-36 0-28C4-36 11-42 21-42C34-42 46-32 46-16C46 4 28 18 0 40Z',
  diamond: 'M0-46L36 0L0 46L-36 0Z',
  spade: 'M0-46C-14-26-44-12-44 10C-44 24-33 33-21 33C-13 33-7 29-3 23C-4 33-9 40-17 44H17C9 40 4 33 3 23C7 29 13 33 21 33C33 33 44 24 44 10C44-12 14-26 0-46Z',
  club: 'M0-46A20 20 0 0 0-16-14A20 20 0 1 0-4 20C-5 31-10 39-17 44H17C10 39 5 31 4 20A20 20 0 1 0 16-14A20 20 0 0 0 0-46Z',
} as const
type Suit = keyof typeof SUIT_PATHS
const RED = '#d42a43'
const BLACK = '#1a1d26'
const suitColour = (s: Suit) => (s === 'heart' || s === 'diamond' ? RED : BLACK)

/** A suit centred on (x, y), `size` the height in pixels. */
const suit = (s: Suit, x: number, y: number, size: number, rotate = 0) =>
  el('path', { d: SUIT_PATHS[s], fill: suitColour(s), transform: `translate(${n(x)} ${n(y)})${rotate ? ` rotate(${rotate})` : ''} scale(${Math.round((size / 92) * 1000) / 1000})` })

const CARD_W = 150
const CARD_H = 210

/** Card gradients, for any kind that draws cards. */
const cardDefs = (p: Palette) =>
  linear('cf', 0, 0, 0.4, 1, [[0, '#ffffff'], [1, '#e9ebf2']]) + linear('cb', 0, 0, 1, 1, [[0, p.accent], [1, p.ink]])

/** A face-up card centred on (x, y); `face` draws its centre (a big suit or a crown). */
function card(x: number, y: number, rotate: number, s: Suit, face: 'pip' | 'crown' = 'pip', scale = 1): string {
  const w = CARD_W
  const h = CARD_H
  const centre = face === 'crown' ? crownFace(s) : suit(s, 0, 4, 96)
  return g(
    { transform: `translate(${n(x)} ${n(y)}) rotate(${rotate})${scale !== 1 ? ` scale(${scale})` : ''}` },
    el('rect', { x: -w / 2 + 5, y: -h / 2 + 8, width: w, height: h, rx: 16, fill: '#000', opacity: 0.3 }),
    el('rect', { x: -w / 2, y: -h / 2, width: w, height: h, rx: 16, fill: 'url(#cf)', stroke: '#000', 'stroke-opacity': 0.12, 'stroke-width': 2 }),
    suit(s, -w / 2 + 22, -h / 2 + 26, 26),
    suit(s, w / 2 - 22, h / 2 - 26, 26, 180),
    centre,
  )
}

/** A face card without letters: a crown over the suit. */
function crownFace(s: Suit): string {
  return g(
    {},
    el('rect', { x: -44, y: -62, width: 88, height: 128, rx: 8, fill: 'none', stroke: suitColour(s), 'stroke-opacity': 0.35, 'stroke-width': 2 }),
    el('path', { d: 'M-34 -4L-38-42L-17-22L0-50L17-22L38-42L34-4Z', fill: 'url(#mt)', stroke: '#8a5a10', 'stroke-width': 2, 'stroke-linejoin': 'round' }),
    el('rect', { x: -34, y: -8, width: 68, height: 10, rx: 3, fill: '#c98a1c' }),
    el('circle', { cx: 0, cy: -30, r: 5, fill: RED }),
    suit(s, 0, 34, 46),
  )
}

/** A face-down card centred on (x, y). */
function cardBack(x: number, y: number, rotate: number, p: Palette): string {
  const w = CARD_W
  const h = CARD_H
  return g(
    { transform: `translate(${n(x)} ${n(y)}) rotate(${rotate})` },
    el('rect', { x: -w / 2 + 5, y: -h / 2 + 8, width: w, height: h, rx: 16, fill: '#000', opacity: 0.3 }),
    el('rect', { x: -w / 2, y: -h / 2, width: w, height: h, rx: 16, fill: '#fff' }),
    el('rect', { x: -w / 2 + 9, y: -h / 2 + 9, width: w - 18, height: h - 18, rx: 10, fill: 'url(#cb)' }),
    el('rect', { x: -w / 2 + 9, y: -h / 2 + 9, width: w - 18, height: h - 18, rx: 10, fill: 'url(#lt)' }),
    el('path', { d: 'M0-40L26 0L0 40L-26 0Z', fill: 'none', stroke: p.metal[0], 'stroke-width': 4, opacity: 0.8 }),
  )
}

/** A lattice for card backs. */
const latticeDef = () =>
  el('pattern', { id: 'lt', width: 16, height: 16, patternUnits: 'userSpaceOnUse', patternTransform: 'rotate(45)' }, el('path', { d: 'M0 0H16M0 0V16', stroke: '#fff', 'stroke-opacity': 0.18, 'stroke-width': 3 }))

/** A casino chip seen from above, centred on (x, y). */
function chip(x: number, y: number, r: number, colour: string): string {
  const c = 2 * Math.PI * (r - 7)
  return g(
    { transform: `translate(${n(x)} ${n(y)})` },
    el('circle', { cx: 3, cy: 6, r, fill: '#000', opacity: 0.35 }),
    el('circle', { r, fill: colour }),
    el('circle', { r: r - 7, fill: 'none', stroke: '#fff', 'stroke-width': 12, 'stroke-dasharray': `${n(c / 12)} ${n(c / 12)}` }),
    el('circle', { r: r * 0.56, fill: colour, stroke: '#fff', 'stroke-opacity': 0.7, 'stroke-width': 2, 'stroke-dasharray': '4 4' }),
    el('circle', { r, fill: 'url(#sp)' }),
  )
}

/** A ball or pearl: colour with a shine (#sp is a white highlight over a darker rim). */
const sphere = (x: number, y: number, r: number, fill: string) => el('circle', { cx: x, cy: y, r, fill }) + el('circle', { cx: x, cy: y, r, fill: 'url(#sp)' })
const sphereDef = () => radial('sp', 0.36, 0.32, 0.7, [[0, '#fff', 0.75], [0.25, '#fff', 0.12], [0.75, '#000', 0], [1, '#000', 0.35]])

/** A faceted gem centred on 0,0 about 44 wide, in tones of hue `h`. */
function gem(h: number): string {
  const [l1, l2, l3, l4] = [hex(h, 0.9, 0.88), hex(h, 0.85, 0.7), hex(h, 0.8, 0.55), hex(h, 0.75, 0.38)]
  return g(
    {},
    el('polygon', { points: pts([[-11, -17], [11, -17], [6, -6], [-6, -6]]), fill: l1 }),
    el('polygon', { points: pts([[-22, -6], [-11, -17], [-6, -6]]), fill: l2 }),
    el('polygon', { points: pts([[22, -6], [11, -17], [6, -6]]), fill: l3 }),
    el('polygon', { points: pts([[-22, -6], [-6, -6], [0, 22]]), fill: l3 }),
    el('polygon', { points: pts([[-6, -6], [6, -6], [0, 22]]), fill: l2 }),
    el('polygon', { points: pts([[6, -6], [22, -6], [0, 22]]), fill: l4 }),
  )
}

/** An emerald-cut gem centred on 0,0 about 44 wide. */
function squareGem(h: number): string {
  const o = [[-14, -20], [14, -20], [22, -12], [22, 12], [14, 20], [-14, 20], [-22, 12], [-22, -12]]
  const i = [[-8, -11], [8, -11], [12, -6], [12, 6], [8, 11], [-8, 11], [-12, 6], [-12, -6]]
  return g({}, el('polygon', { points: pts(o), fill: hex(h, 0.8, 0.45) }), el('polygon', { points: pts([o[0]!, o[1]!, o[2]!, i[2]!, i[1]!, i[0]!]), fill: hex(h, 0.9, 0.8) }), el('polygon', { points: pts([o[4]!, o[5]!, o[6]!, i[6]!, i[5]!, i[4]!]), fill: hex(h, 0.75, 0.32) }), el('polygon', { points: pts(i), fill: hex(h, 0.85, 0.62) }))
}

// ---------------------------------------------------------------------------------------------
// Slot glyphs, drawn in a box about -45..45

type Glyph = 'lantern' | 'snowflake' | 'star' | 'anchor' | 'shell' | 'flame' | 'leaf' | 'coin' | 'pearl' | 'gem' | 'crown' | 'key'

function glyph(name: Glyph, p: Palette): string {
  switch (name) {
    case 'star':
      return el('polygon', {
        points: pts(Array.from({ length: 10 }, (_, i) => { const r = i % 2 ? 18 : 44; const a = (i * Math.PI) / 5 - Math.PI / 2; return [Math.cos(a) * r, Math.sin(a) * r + 4] })),
        fill: 'url(#gs)', stroke: '#b86a06', 'stroke-width': 3, 'stroke-linejoin': 'round',
      })
    case 'snowflake': {
      let d = ''
      for (let i = 0; i < 6; i++) {
        const a = (i * Math.PI) / 3 - Math.PI / 2
        const [c, s] = [Math.cos(a), Math.sin(a)]
        d += `M0 0L${n(c * 42)} ${n(s * 42)}`
        for (const side of [-1, 1]) {
          const b = a + side * 0.75
          d += `M${n(c * 24)} ${n(s * 24)}l${n(Math.cos(b) * 14)} ${n(Math.sin(b) * 14)}`
        }
      }
      return el('path', { d, stroke: '#2f8fd8', 'stroke-width': 8, 'stroke-linecap': 'round', fill: 'none' }) + el('circle', { r: 7, fill: '#2f8fd8' })
    }
    case 'lantern':
      return g(
        {},
        el('path', { d: 'M-10-44a10 10 0 0 1 20 0', fill: 'none', stroke: '#5a3b1c', 'stroke-width': 4 }),
        el('rect', { x: -18, y: -40, width: 36, height: 10, rx: 3, fill: '#5a3b1c' }),
        el('rect', { x: -24, y: -31, width: 48, height: 60, rx: 14, fill: 'url(#gl2)' }),
        el('path', { d: 'M-8-31V29M8-31V29', stroke: '#b5541b', 'stroke-width': 3, opacity: 0.6 }),
        el('rect', { x: -18, y: 28, width: 36, height: 10, rx: 3, fill: '#5a3b1c' }),
      )
    case 'anchor':
      return el('path', { d: 'M0-26V38M-18-14H18M-34 12C-32 32-16 40 0 40C16 40 32 32 34 12M-40 18L-34 8L-26 18M40 18L34 8L26 18', fill: 'none', stroke: '#1f4f8a', 'stroke-width': 8, 'stroke-linecap': 'round', 'stroke-linejoin': 'round' }) + el('circle', { cy: -34, r: 9, fill: 'none', stroke: '#1f4f8a', 'stroke-width': 7 })
    case 'shell': {
      let ridges = ''
      for (let i = 1; i < 6; i++) {
        const a = Math.PI + (i / 6) * Math.PI
        ridges += `M0 36L${n(Math.cos(a) * 40)} ${n(Math.sin(a) * 40 + 4)}`
      }
      return el('path', { d: 'M0 40L-42 -2C-38-34-18-44 0-44C18-44 38-34 42-2Z', fill: 'url(#gh)', stroke: '#c2415d', 'stroke-width': 3, 'stroke-linejoin': 'round' }) + el('path', { d: ridges, stroke: '#c2415d', 'stroke-width': 3, opacity: 0.7 })
    }
    case 'flame':
      return el('path', { d: 'M0 44C-28 44-38 20-30 0C-24-14-10-20-10-46C10-34 20-18 18 0C24-6 26-14 24-22C40-6 38 22 28 34C20 42 10 44 0 44Z', fill: 'url(#gf)' }) + el('path', { d: 'M0 42C-14 42-18 30-14 18C-10 8-2 4 0-8C10 4 16 14 14 26C12 36 8 42 0 42Z', fill: '#ffe27a' })
    case 'leaf':
      return el('path', { d: 'M-36 36C-42-8-8-40 40-40C42 6 10 42-36 36Z', fill: 'url(#gv)' }) + el('path', { d: 'M-40 40L22-22M-10 10L-12-10M6-6L16 8', stroke: '#7a2a10', 'stroke-width': 3.5, 'stroke-linecap': 'round', opacity: 0.7 })
    case 'coin':
      return el('circle', { r: 40, fill: 'url(#gs)', stroke: '#a5620f', 'stroke-width': 3 }) + el('circle', { r: 29, fill: 'none', stroke: '#a5620f', 'stroke-width': 3, opacity: 0.7 }) + el('path', { d: 'M0-16L5-5L16-4L8 4L10 16L0 10L-10 16L-8 4L-16-4L-5-5Z', fill: '#a5620f', opacity: 0.8 })
    case 'pearl':
      return el('circle', { r: 38, fill: 'url(#gp)' }) + el('ellipse', { cx: -12, cy: -14, rx: 12, ry: 8, fill: '#fff', opacity: 0.8 })
    case 'gem':
      return g({ transform: 'scale(1.9)' }, gem(p.h + 150))
    case 'crown':
      return el('path', { d: 'M-40 24L-44-22L-20 2L0-34L20 2L44-22L40 24Z', fill: 'url(#gs)', stroke: '#a5620f', 'stroke-width': 3, 'stroke-linejoin': 'round' }) + el('rect', { x: -40, y: 20, width: 80, height: 14, rx: 4, fill: '#d9962a' }) + el('circle', { cy: -2, r: 7, fill: RED }) + el('circle', { cx: -22, cy: 27, r: 4, fill: '#2f8fd8' }) + el('circle', { cx: 22, cy: 27, r: 4, fill: '#2f8fd8' })
    case 'key':
      return el('path', { d: 'M-6 6L34 46M22 34L30 26M30 42L38 34', fill: 'none', stroke: 'url(#gs)', 'stroke-width': 10, 'stroke-linecap': 'round' }) + el('circle', { cx: -18, cy: -18, r: 22, fill: 'none', stroke: '#e0a030', 'stroke-width': 10 }) + el('circle', { cx: -18, cy: -18, r: 22, fill: 'none', stroke: '#a5620f', 'stroke-width': 2 })
  }
}

/** The gradients glyphs use. */
const glyphDefs = () =>
  linear('gs', 0, 0, 0, 1, [[0, '#fff1a8'], [0.5, '#f7b733'], [1, '#d98310']]) +
  linear('gl2', 0, 0, 0, 1, [[0, '#fff3b0'], [0.6, '#ffb347'], [1, '#e0672a']]) +
  linear('gh', 0, 0, 0, 1, [[0, '#ffd7cf'], [1, '#f27b8e']]) +
  linear('gf', 0, 1, 0, 0, [[0, '#ff5a1f'], [1, '#ffb020']]) +
  linear('gv', 0, 0, 1, 1, [[0, '#ffb13b'], [1, '#d8431b']]) +
  radial('gp', 0.38, 0.34, 0.72, [[0, '#ffffff'], [0.6, '#e6e0f2'], [1, '#a79cc4']])

// ---------------------------------------------------------------------------------------------
// Motifs by kind: each returns [defs, drawing]

type Motif = (t: StudioTitle, p: Palette, rnd: () => number) => [string, string]

const PIPS: Record<number, number[][]> = {
  1: [[0, 0]],
  2: [[-1, -1], [1, 1]],
  3: [[-1, -1], [0, 0], [1, 1]],
  4: [[-1, -1], [1, -1], [-1, 1], [1, 1]],
  5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]],
  6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]],
}

function die(x: number, y: number, size: number, rotate: number, value: number, face: string, side: string, pip: string): string {
  const h = size / 2
  const d = size * 0.27
  return g(
    { transform: `translate(${n(x)} ${n(y)}) rotate(${rotate})` },
    el('rect', { x: -h + 8, y: -h + 16, width: size, height: size, rx: size * 0.2, fill: side }),
    el('rect', { x: -h, y: -h, width: size, height: size, rx: size * 0.2, fill: face }),
    el('rect', { x: -h + 4, y: -h + 4, width: size - 8, height: size - 8, rx: size * 0.17, fill: 'none', stroke: '#fff', 'stroke-opacity': 0.6, 'stroke-width': 3 }),
    g({ fill: pip }, ...PIPS[value]!.map(([px, py]) => el('circle', { cx: px! * d, cy: py! * d, r: size * 0.085 }))),
  )
}

const dice: Motif = (_t, p, rnd) => {
  const a = 4 + Math.floor(rnd() * 3)
  const b = 1 + Math.floor(rnd() * 5)
  return [
    linear('df', 0, 0, 1, 1, [[0, '#ffffff'], [1, p.pale]]) + linear('dg', 0, 0, 1, 1, [[0, p.bright], [1, p.accent]]),
    shadow(170, 330, 110, 22) +
      shadow(318, 388, 100, 20) +
      die(172, 205, 170, -14, a, 'url(#df)', hex(p.h, 0.25, 0.62), p.ink) +
      die(316, 300, 150, 16, b, 'url(#dg)', hex(p.h, 0.7, 0.3), '#fff'),
  ]
}

const limbo: Motif = (_t, p) => {
  const rings = [150, 118, 86, 54, 24].map((r, i) => el('circle', { cx: 250, cy: 228, r, fill: i % 2 ? p.accent : 'url(#tg)' })).join('')
  return [
    linear('tg', 0, 0, 0, 1, [[0, '#ffffff'], [1, p.pale]]) + linear('ar', 0, 0, 1, 1, [[0, p.metal[0]], [1, p.metal[2]]]),
    shadow(250, 400, 150, 24) +
      el('circle', { cx: 258, cy: 240, r: 150, fill: '#000', opacity: 0.3 }) +
      rings +
      el('circle', { cx: 250, cy: 228, r: 150, fill: 'url(#sp)', opacity: 0.5 }) +
      // The arrow, struck in the centre, flying up and to the right.
      g(
        { transform: 'translate(250 228) rotate(45)' },
        el('path', { d: 'M0 0V250', stroke: '#000', 'stroke-opacity': 0.3, 'stroke-width': 12, transform: 'translate(6 4)' }),
        el('path', { d: 'M0 -8V250', stroke: p.ink, 'stroke-width': 14, 'stroke-linecap': 'round' }),
        el('path', { d: 'M0 -8V250', stroke: 'url(#ar)', 'stroke-width': 8, 'stroke-linecap': 'round' }),
        el('path', { d: 'M0 190L-26 170V214L0 234ZM0 190L26 170V214L0 234Z', fill: p.pop, stroke: '#fff', 'stroke-width': 2, 'stroke-opacity': 0.6 }),
      ) +
      // Speed lines.
      g({ stroke: '#fff', 'stroke-linecap': 'round', 'stroke-width': 6, opacity: 0.5 }, el('path', { d: 'M40 420L70 390M80 462L108 434M30 470L46 454' })),
  ]
}

const crash: Motif = (_t, p) => {
  const grid: string[] = []
  for (let i = 1; i < 6; i++) grid.push(`M${70 + i * 66} 60V420M50 ${n(420 - i * 66)}H440`)
  const end = [350, 170] as const
  const curve = `M50 420C200 414 290 350 ${end[0]} ${end[1]}`
  const angle = (Math.atan2(end[0] - 290, -(end[1] - 350)) * 180) / Math.PI
  return [
    linear('cu', 0, 0, 0, 1, [[0, p.glow, 0.7], [1, p.glow, 0.05]]) +
      linear('rk', 0, 0, 1, 0, [[0, p.metal[0]], [1, p.metal[1]]]) +
      linear('fl', 0, 0, 0, 1, [[0, '#fff6b0'], [0.4, '#ffb020'], [1, '#ff4d1f', 0]]),
    el('path', { d: grid.join(''), stroke: '#fff', 'stroke-opacity': 0.08, 'stroke-width': 2 }) +
      el('path', { d: `${curve}L${end[0]} 430H50Z`, fill: 'url(#cu)' }) +
      el('path', { d: curve, fill: 'none', stroke: p.bright, 'stroke-width': 22, 'stroke-linecap': 'round', opacity: 0.35 }) +
      el('path', { d: curve, fill: 'none', stroke: '#fff', 'stroke-width': 9, 'stroke-linecap': 'round' }) +
      g(
        { transform: `translate(${end[0]} ${end[1]}) rotate(${n(angle)}) scale(1.6)` },
        el('path', { d: 'M-13 30Q0 92 13 30Z', fill: 'url(#fl)' }),
        el('path', { d: 'M-22 4L-42 40L-20 32ZM22 4L42 40L20 32Z', fill: p.accent }),
        el('path', { d: 'M0-64C24-42 28-8 22 32H-22C-28-8-24-42 0-64Z', fill: 'url(#rk)' }),
        el('path', { d: 'M0-64C10-55 17-46 20-36H-20C-17-46-10-55 0-64Z', fill: p.accent }),
        el('circle', { cy: -10, r: 11, fill: p.ink, stroke: p.metal[2], 'stroke-width': 4 }),
        el('circle', { cx: -3, cy: -13, r: 3.5, fill: '#fff', opacity: 0.8 }),
      ) +
      g({ fill: '#fff' }, el('circle', { cx: 110, cy: 120, r: 3, opacity: 0.7 }), el('circle', { cx: 190, cy: 80, r: 2, opacity: 0.6 }), el('circle', { cx: 300, cy: 200, r: 2.5, opacity: 0.5 })),
  ]
}

const mines: Motif = (_t, p, rnd) => {
  const size = 58
  const gap = 8
  const x0 = (480 - (5 * size + 4 * gap)) / 2
  const cells = Array.from({ length: 25 }, (_, i) => i)
  for (let i = cells.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1))
    ;[cells[i], cells[j]] = [cells[j]!, cells[i]!]
  }
  const gems = new Set(cells.slice(0, 7))
  const bomb = cells[7]!
  const out: string[] = []
  for (let i = 0; i < 25; i++) {
    const x = x0 + (i % 5) * (size + gap)
    const y = x0 + Math.floor(i / 5) * (size + gap)
    if (gems.has(i)) out.push(el('use', { href: '#o', x, y }), el('use', { href: '#gm', x: x + size / 2, y: y + size / 2 + 1 }))
    else if (i === bomb) out.push(el('use', { href: '#o', x, y }), el('use', { href: '#bm', x: x + size / 2, y: y + size / 2 }))
    else out.push(el('use', { href: '#c', x, y }))
  }
  return [
    linear('tl', 0, 0, 0, 1, [[0, hex(p.h, 0.45, 0.62)], [1, hex(p.h, 0.5, 0.42)]]) +
      g({ id: 'c' }, el('rect', { y: 4, width: size, height: size, rx: 12, fill: hex(p.h, 0.55, 0.22) }), el('rect', { width: size, height: size, rx: 12, fill: 'url(#tl)' }), el('rect', { x: 6, y: 4, width: size - 12, height: 6, rx: 3, fill: '#fff', opacity: 0.3 })) +
      g({ id: 'o' }, el('rect', { width: size, height: size, rx: 12, fill: p.ink, stroke: p.glow, 'stroke-opacity': 0.5, 'stroke-width': 2 }), el('rect', { width: size, height: size, rx: 12, fill: 'url(#sp)', opacity: 0.25 })) +
      g({ id: 'gm' }, gem(p.h + 160)) +
      g(
        { id: 'bm' },
        el('path', { d: 'M8-14Q14-26 24-22', fill: 'none', stroke: '#c9a45c', 'stroke-width': 3 }),
        el('circle', { r: 17, fill: '#1a1d26' }),
        el('circle', { cx: -6, cy: -6, r: 5, fill: '#fff', opacity: 0.35 }),
        el('path', { d: 'M24-30l2 6 6 2-6 2-2 6-2-6-6-2 6-2z', fill: '#ffd34d' }),
      ),
    shadow(240, 420, 190, 22) +
      el('rect', { x: x0 - 16, y: x0 - 16, width: 5 * size + 4 * gap + 32, height: 5 * size + 4 * gap + 36, rx: 26, fill: '#000', opacity: 0.35 }) +
      out.join(''),
  ]
}

function sector(r: number, a0: number, a1: number): string {
  return `M0 0L${n(Math.cos(a0) * r)} ${n(Math.sin(a0) * r)}A${r} ${r} 0 0 1 ${n(Math.cos(a1) * r)} ${n(Math.sin(a1) * r)}Z`
}

const wheel: Motif = (t, p) => {
  const count = t.figures.volatility === 'high' ? 16 : 12
  const R = 160
  const colours = [p.accent, p.pale, hex(p.h + 40, 0.85, 0.6), p.ink]
  const segs: string[] = []
  const studs: string[] = []
  for (let i = 0; i < count; i++) {
    const a0 = (i / count) * Math.PI * 2 - Math.PI / 2 - Math.PI / count
    const a1 = a0 + (Math.PI * 2) / count
    segs.push(el('path', { d: sector(R, a0, a1), fill: i === 0 ? p.pop : colours[i % colours.length] }))
    studs.push(el('circle', { cx: Math.cos(a0) * (R + 10), cy: Math.sin(a0) * (R + 10), r: 4.5 }))
  }
  return [
    linear('rm', 0, 0, 1, 1, [[0, p.metal[0]], [0.5, p.metal[1]], [1, p.metal[2]]]) + radial('wd', 0.5, 0.5, 0.5, [[0.55, '#000', 0], [1, '#000', 0.35]]),
    shadow(240, 440, 170, 22) +
      g(
        { transform: 'translate(240 252)' },
        el('circle', { cx: 6, cy: 10, r: R + 22, fill: '#000', opacity: 0.35 }),
        el('circle', { r: R + 22, fill: 'url(#rm)' }),
        el('circle', { r: R + 2, fill: p.ink }),
        ...segs,
        el('circle', { r: R, fill: 'url(#wd)' }),
        g({ fill: '#fff' }, ...studs),
        el('circle', { r: 38, fill: 'url(#rm)' }),
        el('circle', { r: 22, fill: p.ink }),
        el('circle', { r: 38, fill: 'url(#sp)', opacity: 0.6 }),
      ) +
      // Pointer at the top.
      el('path', { d: 'M222 48H258L240 100Z', fill: '#000', opacity: 0.3, transform: 'translate(3 5)' }) +
      el('path', { d: 'M218 44C218 34 262 34 262 44L240 100Z', fill: 'url(#rm)', stroke: p.metal[2], 'stroke-width': 2, 'stroke-linejoin': 'round' }),
  ]
}

const roulette: Motif = (_t, p, rnd) => {
  const r = 138
  const s = (2 * Math.PI * r) / 37
  const ball = Math.floor(rnd() * 36) + 1
  const ballAngle = ((ball + 0.5) / 37) * Math.PI * 2
  return [
    linear('rm', 0, 0, 1, 1, [[0, p.metal[0]], [0.5, p.metal[1]], [1, p.metal[2]]]) +
      radial('wo', 0.5, 0.5, 0.5, [[0.8, hex(p.h, 0.55, 0.32)], [1, hex(p.h, 0.6, 0.16)]]) +
      radial('cn', 0.5, 0.5, 0.5, [[0, hex(p.h, 0.4, 0.5)], [1, hex(p.h, 0.5, 0.2)]]),
    shadow(240, 450, 200, 22) +
      g(
        { transform: 'translate(240 240)' },
        el('circle', { cx: 6, cy: 10, r: 206, fill: '#000', opacity: 0.35 }),
        el('circle', { r: 206, fill: 'url(#wo)' }),
        el('circle', { r: 176, fill: 'none', stroke: 'url(#rm)', 'stroke-width': 8 }),
        g(
          { transform: 'rotate(-90)', fill: 'none', 'stroke-width': 52 },
          el('circle', { r, stroke: '#17181d' }),
          el('circle', { r, stroke: '#c8213a', 'stroke-dasharray': `${n(s)} ${n(s)}` }),
          el('circle', { r, stroke: '#12934a', 'stroke-dasharray': `${n(s)} 2000`, transform: `rotate(${n((36 * 360) / 37)})` }),
          el('circle', { r, stroke: p.metal[1], 'stroke-width': 52, 'stroke-dasharray': `1.6 ${n(s - 1.6)}` }),
        ),
        el('circle', { r: r - 26, fill: 'url(#cn)', stroke: 'url(#rm)', 'stroke-width': 5 }),
        el('circle', { r: r + 26, fill: 'none', stroke: p.metal[1], 'stroke-width': 3 }),
        // The turret.
        g(
          { fill: 'url(#rm)' },
          el('path', { d: 'M-5-74H5V74H-5ZM-74-5V5H74V-5Z' }),
          el('circle', { cy: -76, r: 9 }),
          el('circle', { cy: 76, r: 9 }),
          el('circle', { cx: -76, r: 9 }),
          el('circle', { cx: 76, r: 9 }),
          el('circle', { r: 26 }),
        ),
        el('circle', { r: 26, fill: 'url(#sp)' }),
        el('circle', { r: 206, fill: 'url(#sp)', opacity: 0.35 }),
        g({ transform: `rotate(${n((ballAngle * 180) / Math.PI - 90)})` }, sphere(r + 10, 0, 11, '#fff')),
      ),
  ]
}

const CARD_SUITS: Suit[] = ['heart', 'spade', 'diamond', 'club']

const baccarat: Motif = (_t, p, rnd) => {
  const s = Math.floor(rnd() * 4)
  return [
    cardDefs(p) + latticeDef(),
    shadow(240, 410, 180, 22) + card(190, 220, -12, CARD_SUITS[s]!) + card(300, 236, 10, CARD_SUITS[(s + 1) % 4]!) + chip(112, 372, 46, p.accent) + chip(168, 396, 46, p.pop),
  ]
}

const blackjack: Motif = (_t, p, rnd) => {
  const s = Math.floor(rnd() * 4)
  return [
    cardDefs(p) + latticeDef() + linear('mt', 0, 0, 0, 1, [[0, '#fff1a8'], [1, '#e3a128']]),
    shadow(240, 410, 180, 22) + card(186, 222, -12, 'spade') + card(296, 238, 10, CARD_SUITS[s === 1 ? 0 : s]!, 'crown') + chip(380, 380, 46, p.accent) + chip(404, 350, 46, p.pop),
  ]
}

const videoPoker: Motif = (_t, p, rnd) => {
  const s = CARD_SUITS[Math.floor(rnd() * 4)]!
  const cards = [-2, -1, 1, 2, 0].map((i) => {
    const a = i * 11
    const rad = (a * Math.PI) / 180
    return card(240 + Math.sin(rad) * 300, 560 - Math.cos(rad) * 300, a, s, i === 0 ? 'crown' : 'pip', 0.86)
  })
  return [cardDefs(p) + latticeDef() + linear('mt', 0, 0, 0, 1, [[0, '#fff1a8'], [1, '#e3a128']]), shadow(240, 420, 200, 24) + cards.join('')]
}

const highLow: Motif = (_t, p, rnd) => {
  const s = CARD_SUITS[Math.floor(rnd() * 4)]!
  const arrow = (y: number, up: boolean, fill: string) =>
    g(
      { transform: `translate(384 ${y})${up ? '' : ' rotate(180)'}` },
      el('circle', { r: 46, fill: '#000', opacity: 0.3, cy: up ? 5 : -5 }),
      el('circle', { r: 46, fill }),
      el('path', { d: 'M0-26L26 6H10V26H-10V6H-26Z', fill: '#fff' }),
      el('circle', { r: 46, fill: 'url(#sp)', opacity: 0.6 }),
    )
  return [
    cardDefs(p) + latticeDef(),
    shadow(200, 410, 150, 22) + cardBack(186, 254, -4, p) + cardBack(194, 246, 2, p) + card(200, 236, -5, s, 'pip', 1.18) + arrow(160, true, '#1fae62') + arrow(316, false, '#e0364f'),
  ]
}

const keno: Motif = (_t, p, rnd) => {
  const picks = new Set<number>()
  while (picks.size < 9) picks.add(Math.floor(rnd() * 30))
  const hits = [...picks].slice(0, 4)
  const cells: string[] = []
  for (let i = 0; i < 30; i++) {
    const x = 102 + (i % 6) * 55
    const y = 92 + Math.floor(i / 6) * 55
    if (hits.includes(i)) cells.push(el('circle', { cx: x, cy: y, r: 30, fill: 'url(#kh)' }), sphere(x, y, 21, p.pop))
    else if (picks.has(i)) cells.push(sphere(x, y, 21, p.accent))
    else cells.push(el('circle', { cx: x, cy: y, r: 21, fill: '#fff', opacity: 0.12 }))
  }
  const ball = (x: number, y: number, r: number, fill: string) => sphere(x, y, r, fill) + el('circle', { cx: x, cy: y, r: r * 0.5, fill: '#fff', opacity: 0.92 }) + el('circle', { cx: x, cy: y, r: r * 0.5, fill: 'none', stroke: fill, 'stroke-width': 3, opacity: 0.6 })
  return [
    radial('kh', 0.5, 0.5, 0.5, [[0.5, p.pop, 0.6], [1, p.pop, 0]]),
    el('rect', { x: 64, y: 54, width: 352, height: 296, rx: 28, fill: '#000', opacity: 0.28 }) +
      cells.join('') +
      shadow(300, 448, 150, 18) +
      ball(236, 392, 52, p.pop) +
      ball(350, 384, 60, p.accent) +
      ball(140, 410, 40, hex(p.h + 60, 0.8, 0.58)),
  ]
}

const plinko: Motif = (_t, p, rnd) => {
  const rows = 7
  const dx = 44
  const dy = 38
  const top = 100
  const pegs: string[] = []
  for (let r = 0; r < rows; r++) for (let j = 0; j < r + 3; j++) pegs.push(el('circle', { cx: 240 + (j - (r + 2) / 2) * dx, cy: top + r * dy, r: 7.5 }))
  // The ball's path: one bounce per row, left or right.
  let x = 240
  const path: number[][] = [[240, top - 40]]
  for (let r = 0; r < 4; r++) {
    x += (rnd() < 0.5 ? -1 : 1) * (dx / 2)
    path.push([x, top + r * dy + 18])
  }
  const [bx, by] = path[path.length - 1]!
  const slots = rows + 2
  const buckets: string[] = []
  for (let i = 0; i < slots; i++) {
    const edge = Math.abs(i - (slots - 1) / 2) / ((slots - 1) / 2)
    const cx = 240 + (i - (slots - 1) / 2) * dx
    buckets.push(el('rect', { x: cx - 18, y: top + rows * dy + 6, width: 36, height: 40, rx: 8, fill: hex(p.h + 30 - edge * 60, 0.85, 0.5 + edge * 0.12) }))
  }
  return [
    radial('pg', 0.5, 0.5, 0.5, [[0, p.glow, 0.5], [1, p.glow, 0]]),
    el('path', { d: `M${240 - 40} ${top - 24}L${240 + 40} ${top - 24}L${240 + ((rows + 1) / 2) * dx + 34} ${top + rows * dy + 44}H${240 - ((rows + 1) / 2) * dx - 34}Z`, fill: '#000', opacity: 0.25, 'stroke-linejoin': 'round' }) +
      g({ fill: '#fff' }, ...pegs) +
      buckets.join('') +
      el('polyline', { points: pts(path), fill: 'none', stroke: p.bright, 'stroke-width': 6, 'stroke-dasharray': '2 12', 'stroke-linecap': 'round', opacity: 0.9 }) +
      el('circle', { cx: bx!, cy: by!, r: 56, fill: 'url(#pg)' }) +
      sphere(bx!, by!, 22, p.pop),
  ]
}

const lineSlot: Motif = (t, p) => {
  const glyphs = SLOT_GLYPHS[t.sysname]
  if (!glyphs) throw new Error(`scripts/games-art.ts: no reel symbols for "${t.sysname}"; add them to SLOT_GLYPHS`)
  const rows = [[1, 2, 0], [0, 0, 0], [2, 0, 1]]
  const reelW = 104
  const gap = 10
  const x0 = (480 - (3 * reelW + 2 * gap)) / 2
  const reels: string[] = []
  const symbols: string[] = []
  for (let c = 0; c < 3; c++) {
    const x = x0 + c * (reelW + gap)
    reels.push(el('rect', { x, y: 132, width: reelW, height: 226, rx: 10, fill: 'url(#rl)' }))
    for (let r = 0; r < 3; r++) symbols.push(el('use', { href: `#y${rows[r]![c]}`, transform: `translate(${n(x + reelW / 2)} ${162 + r * 83 + (r === 1 ? 1 : 0)}) scale(${r === 1 ? 0.82 : 0.68})` }))
  }
  const bulbs: string[] = []
  for (let i = 0; i < 9; i++) bulbs.push(el('circle', { cx: 80 + i * 40, cy: 102, r: 6, fill: i % 2 ? p.bright : '#fff' }))
  return [
    linear('rm', 0, 0, 1, 1, [[0, p.metal[0]], [0.5, p.metal[1]], [1, p.metal[2]]]) +
      linear('rl', 0, 0, 0, 1, [[0, '#8d8a86'], [0.22, '#f3f1ec'], [0.5, '#ffffff'], [0.78, '#f3f1ec'], [1, '#8d8a86']]) +
      linear('rs', 0, 0, 0, 1, [[0, '#000', 0.55], [0.2, '#000', 0], [0.8, '#000', 0], [1, '#000', 0.55]]) +
      glyphDefs() +
      glyphs.map((name, i) => g({ id: `y${i}` }, glyph(name, p))).join(''),
    shadow(240, 440, 200, 22) +
      el('rect', { x: 36, y: 82, width: 408, height: 320, rx: 34, fill: '#000', opacity: 0.35, transform: 'translate(5 8)' }) +
      el('rect', { x: 36, y: 82, width: 408, height: 320, rx: 34, fill: 'url(#rm)' }) +
      el('rect', { x: 50, y: 122, width: 380, height: 246, rx: 20, fill: p.ink }) +
      reels.join('') +
      symbols.join('') +
      reels.map((r) => r.replace('url(#rl)', 'url(#rs)')).join('') +
      el('rect', { x: 54, y: 238, width: 372, height: 6, rx: 3, fill: p.pop, opacity: 0.85 }) +
      el('path', { d: 'M50 226L68 241L50 256ZM430 226L412 241L430 256Z', fill: p.pop }) +
      el('rect', { x: 50, y: 122, width: 380, height: 246, rx: 20, fill: 'none', stroke: '#000', 'stroke-opacity': 0.4, 'stroke-width': 4 }) +
      g({}, ...bulbs),
  ]
}

const clusterSlot: Motif = (t, p, rnd) => {
  const hues = CLUSTER_GEMS[t.sysname]
  if (!hues) throw new Error(`scripts/games-art.ts: no gem hues for "${t.sysname}"; add them to CLUSTER_GEMS`)
  const size = 82
  const gap = 8
  const x0 = (480 - (4 * size + 3 * gap)) / 2
  // The winning cluster: five touching cells.
  const cluster = new Set([5, 6, 9, 10, 14])
  const cells: string[] = []
  const glow: string[] = []
  for (let i = 0; i < 16; i++) {
    const cx = x0 + (i % 4) * (size + gap) + size / 2
    const cy = x0 + Math.floor(i / 4) * (size + gap) + size / 2
    const kind = cluster.has(i) ? 0 : 1 + Math.floor(rnd() * 3)
    if (cluster.has(i)) glow.push(el('rect', { x: cx - size / 2 - 6, y: cy - size / 2 - 6, width: size + 12, height: size + 12, rx: 22 }))
    cells.push(el('use', { href: `#k${kind}`, transform: `translate(${n(cx)} ${n(cy)})` }))
  }
  const shapes = [
    g({ id: 'k0' }, sphere(0, 0, 30, hex(hues[0]!, 0.75, 0.62))),
    g({ id: 'k1', transform: 'scale(1.45)' }, gem(hues[1]!)),
    g({ id: 'k2', transform: 'scale(1.4)' }, squareGem(hues[2]!)),
    g({ id: 'k3' }, el('path', { d: 'M0-32L30-8L18 30H-18L-30-8Z', fill: hex(hues[3]!, 0.85, 0.55) }), el('path', { d: 'M0-32L12-4H-12ZM-12-4L0 16L12-4', fill: hex(hues[3]!, 0.9, 0.78), opacity: 0.8 }), el('path', { d: 'M-18 30L0 16L18 30Z', fill: hex(hues[3]!, 0.8, 0.36) })),
  ]
  return [
    shapes.join(''),
    el('rect', { x: x0 - 14, y: x0 - 14, width: 4 * size + 3 * gap + 28, height: 4 * size + 3 * gap + 28, rx: 28, fill: '#000', opacity: 0.3 }) +
      g({ fill: '#fff', opacity: 0.06 }, ...Array.from({ length: 16 }, (_, i) => el('rect', { x: x0 + (i % 4) * (size + gap), y: x0 + Math.floor(i / 4) * (size + gap), width: size, height: size, rx: 18 }))) +
      g({ fill: p.bright, opacity: 0.35 }, ...glow) +
      g({ fill: 'none', stroke: '#fff', 'stroke-width': 3, opacity: 0.7 }, ...glow) +
      cells.join(''),
  ]
}

const MOTIFS: Record<StudioTitle['kind'], Motif> = {
  dice,
  limbo,
  crash,
  mines,
  wheel,
  roulette,
  baccarat,
  blackjack,
  video_poker: videoPoker,
  high_low: highLow,
  keno,
  plinko,
  line_slot: lineSlot,
  cluster_slot: clusterSlot,
}

// ---------------------------------------------------------------------------------------------
// Documents

/** The cover of one title: 480×480, no text. */
export function gameArt(title: StudioTitle): string {
  const p = palette(title)
  const rnd = random(title.sysname)
  const scene = backdrop(title, p, rnd)
  const [defs, motif] = MOTIFS[title.kind](title, p, rnd)
  const common =
    linear('bg', 0, 0, 1, 1, [[0, p.bg[0]], [0.55, p.bg[1]], [1, p.bg[2]]]) +
    radial('gw', 0.5, 0.46, 0.5, [[0, p.glow, 0.55], [0.6, p.glow, 0.12], [1, p.glow, 0]]) +
    radial('vg', 0.5, 0.5, 0.75, [[0.6, '#000', 0], [1, '#000', 0.5]]) +
    linear('sh', 0, 0, 0, 1, [[0, '#fff', 0.22], [1, '#fff', 0]]) +
    radial('sd', 0.5, 0.5, 0.5, [[0, '#000', 0.8], [1, '#000', 0]]) +
    linear('au', 0, 0, 1, 0, [[0, p.bright, 0], [0.5, p.bright, 0.9], [1, hex(p.h + 60, 0.9, 0.65), 0]]) +
    sphereDef() +
    el('pattern', { id: 'pd', width: 18, height: 18, patternUnits: 'userSpaceOnUse' }, el('circle', { cx: 3, cy: 3, r: 1.4, fill: '#fff', opacity: 0.09 }))
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 480 480" width="480" height="480">` +
    el('defs', {}, common, defs) +
    '\n' +
    el('rect', { width: 480, height: 480, fill: 'url(#bg)' }) +
    el('rect', { width: 480, height: 480, fill: 'url(#pd)' }) +
    scene +
    el('circle', { cx: 240, cy: 230, r: 240, fill: 'url(#gw)' }) +
    '\n' +
    motif +
    '\n' +
    el('path', { d: 'M0 0H480V150C330 110 170 200 0 170Z', fill: 'url(#sh)', opacity: 0.6 }) +
    el('rect', { width: 480, height: 480, fill: 'url(#vg)' }) +
    el('rect', { x: 1.5, y: 1.5, width: 477, height: 477, fill: 'none', stroke: '#fff', 'stroke-opacity': 0.14, 'stroke-width': 3 }) +
    '</svg>\n'
  )
}

/** Studio colours: `mark` fills the badge; `name` is mid-tone, readable on the site's dark and light surfaces. */
export const STUDIO_COLOURS: Readonly<Record<Studio, { mark: [string, string]; name: string; sub: string }>> = {
  northlight: { mark: ['#3aa0ff', '#1c3f9e'], name: '#2f7fd9', sub: '#7a8190' },
  redfox: { mark: ['#ff8a3d', '#c4261b'], name: '#e0521c', sub: '#7a8190' },
  tidewater: { mark: ['#2fd3d0', '#0b5c8e'], name: '#0e8fa6', sub: '#7a8190' },
}

function studioMark(studio: Studio): string {
  switch (studio) {
    case 'northlight':
      return (
        el('rect', { x: -48, y: -48, width: 96, height: 96, rx: 26, fill: 'url(#m)' }) +
        el('path', { d: 'M-40 24C-20 4 20 4 40 24M-40 38C-20 18 20 18 40 38', fill: 'none', stroke: '#9ff5d6', 'stroke-width': 5, 'stroke-linecap': 'round', opacity: 0.85 }) +
        el('path', { d: 'M0-36L7-9L32-4L7 2L0 28L-7 2L-32-4L-7-9Z', fill: '#fff' })
      )
    case 'redfox':
      return (
        el('circle', { r: 50, fill: 'url(#m)' }) +
        el('path', { d: 'M-32-30L-12-12H12L32-30L30 4L0 36L-30 4Z', fill: '#fff' }) +
        el('path', { d: 'M-30 4L0 36L30 4L14 8L0 16L-14 8Z', fill: '#ffd9bf' }) +
        el('path', { d: 'M-26-22L-16-13L-24-6ZM26-22L16-13L24-6Z', fill: '#c4261b' }) +
        el('circle', { cx: -11, cy: 2, r: 4, fill: '#2a1610' }) +
        el('circle', { cx: 11, cy: 2, r: 4, fill: '#2a1610' }) +
        el('path', { d: 'M-5 26H5L0 32Z', fill: '#2a1610' })
      )
    case 'tidewater':
      return (
        el('circle', { r: 50, fill: 'url(#m)' }) +
        el('path', { d: 'M-38-6C-26-18-14-18 0-6C14 6 26 6 38-6M-38 12C-26 0-14 0 0 12C14 24 26 24 38 12M-30 30C-20 22-10 22 0 30C10 38 20 38 30 30', fill: 'none', stroke: '#fff', 'stroke-width': 7, 'stroke-linecap': 'round' }) +
        el('circle', { cx: 18, cy: -28, r: 7, fill: '#fff', opacity: 0.9 })
      )
  }
}

/** A studio logo: 320×160, transparent, a mark and the studio's name (a proper noun, so not translated). */
export function providerArt(studio: Studio): string {
  const c = STUDIO_COLOURS[studio]
  const name = STUDIOS[studio].name
  const split = name.lastIndexOf(' ')
  const [first, rest] = split < 0 ? [name, ''] : [name.slice(0, split), name.slice(split + 1)]
  const font = 'Inter, Segoe UI, Helvetica Neue, Arial, Liberation Sans, DejaVu Sans, sans-serif'
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 160" width="320" height="160" role="img" aria-label="${STUDIOS[studio].name}">` +
    el('defs', {}, linear('m', 0, 0, 1, 1, [[0, c.mark[0]], [1, c.mark[1]]]), sphereDef()) +
    '\n' +
    g({ transform: 'translate(62 80)' }, studioMark(studio)) +
    '\n' +
    el('text', { x: 126, y: 78, 'font-family': font, 'font-size': 31, 'font-weight': 800, fill: c.name }, first!) +
    el('text', { x: 127, y: 110, 'font-family': font, 'font-size': 22, 'font-weight': 600, fill: c.sub }, rest) +
    '</svg>\n'
  )
}

/** Every file this script owns, path relative to the repository → content. */
export function artFiles(): Map<string, string> {
  const files = new Map<string, string>()
  for (const title of STUDIO_TITLES) files.set(`public/images/games/${title.sysname}.svg`, gameArt(title))
  for (const studio of Object.keys(STUDIOS) as Studio[]) files.set(`public/images/providers/${studio}.svg`, providerArt(studio))
  return files
}

export const ART_DIRS = ['public/images/games', 'public/images/providers'] as const

function main() {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..')
  const files = artFiles()
  for (const dir of ART_DIRS) {
    mkdirSync(join(root, dir), { recursive: true })
    // The folders are this script's: a cover for a title that left the catalogue goes too.
    for (const name of readdirSync(join(root, dir))) if (name.endsWith('.svg') && !files.has(`${dir}/${name}`)) rmSync(join(root, dir, name))
  }
  for (const [path, content] of files) writeFileSync(join(root, path), content)
  console.log(`games-art: wrote ${files.size} files to ${ART_DIRS.join(', ')}`)
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main()
