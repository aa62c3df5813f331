// The line slots' symbols, drawn for the studio (DESIGN 'Game and event art': our own art, no stock
// images, no emoji): a tile in the title's palette with a motif per symbol id, the card ranks as
// letters, the wild and the scatter as marks of their own. Each title's palette comes from its
// sysname, so two titles side by side never look alike.
import { useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'

const stroke = { fill: 'none', stroke: '#fff', strokeWidth: 3.5, strokeLinecap: 'round', strokeLinejoin: 'round' } as const
const solid = { fill: '#fff' } as const

/** Motifs on a 64 × 64 tile, drawn in white over the tile's colour. */
const MOTIFS: Readonly<Record<string, ReactNode>> = {
  reindeer: (
    <g {...stroke}>
      <circle cx="32" cy="40" r="9" />
      <path d="M26 32 L20 18 M20 24 L13 20 M38 32 L44 18 M44 24 L51 20 M20 18 L18 11 M44 18 L46 11" />
    </g>
  ),
  lantern: (
    <g {...stroke}>
      <path d="M26 16 Q32 10 38 16 M22 20 H42 L40 46 H24 Z M26 50 H38" />
      <circle cx="32" cy="33" r="5" {...solid} />
    </g>
  ),
  snowflake: (
    <g {...stroke}>
      <path d="M32 12 V52 M15 22 L49 42 M15 42 L49 22 M27 15 L32 20 L37 15 M27 49 L32 44 L37 49" />
    </g>
  ),
  lighthouse: (
    <g {...stroke}>
      <path d="M26 52 L28 22 H36 L38 52 Z M27 32 H37 M26.5 42 H37.5 M29 22 V16 H35 V22 M22 14 L12 10 M42 14 L52 10" />
    </g>
  ),
  anchor: (
    <g {...stroke}>
      <circle cx="32" cy="15" r="4" />
      <path d="M32 19 V52 M24 26 H40 M16 38 Q18 52 32 52 Q46 52 48 38 M13 41 L16 37 L20 41 M44 41 L48 37 L51 41" />
    </g>
  ),
  gull: (
    <g {...stroke}>
      <path d="M10 34 Q20 22 32 34 Q44 22 54 34" />
    </g>
  ),
  shell: (
    <g {...stroke}>
      <path d="M12 44 Q32 4 52 44 Z M32 44 V20 M22 44 L18 28 M42 44 L46 28 M27 44 L25 24 M37 44 L39 24" />
    </g>
  ),
  fox: (
    <g {...stroke}>
      <path d="M14 16 L24 30 L32 26 L40 30 L50 16 L48 36 L32 52 L16 36 Z" />
      <circle cx="26" cy="36" r="1.5" {...solid} />
      <circle cx="38" cy="36" r="1.5" {...solid} />
    </g>
  ),
  ember: <path d="M32 10 C40 22 48 28 46 40 C44 50 36 54 32 54 C24 54 18 48 18 40 C18 32 26 30 26 22 C30 26 32 30 32 34 C36 30 36 20 32 10 Z" {...solid} />,
  acorn: (
    <g {...stroke}>
      <path d="M16 28 Q32 12 48 28 Z M32 16 V10 M20 28 Q20 48 32 54 Q44 48 44 28" />
    </g>
  ),
  leaf: (
    <g {...stroke}>
      <path d="M14 50 Q14 16 50 14 Q50 48 14 50 Z M14 50 L40 24" />
    </g>
  ),
  pearl: (
    <g>
      <circle cx="32" cy="34" r="16" {...solid} opacity="0.95" />
      <circle cx="26" cy="28" r="5" fill="#000" opacity="0.12" />
    </g>
  ),
  turtle: (
    <g {...stroke}>
      <ellipse cx="30" cy="34" rx="16" ry="12" />
      <path d="M46 32 Q54 30 54 36 Q52 40 46 38 M22 28 L30 24 L38 28 L38 38 L30 42 L22 38 Z M18 44 L14 50 M42 44 L46 50" />
    </g>
  ),
  coral: (
    <g {...stroke}>
      <path d="M32 54 V30 M32 40 L20 28 V16 M20 28 L12 22 M32 34 L44 22 V12 M44 22 L52 18 M32 30 L28 18" />
    </g>
  ),
  starfish: <path d="M32 8 L38 26 L56 26 L42 37 L47 55 L32 44 L17 55 L22 37 L8 26 L26 26 Z" {...solid} />,
  giant: (
    <g {...stroke}>
      <path d="M18 36 Q18 16 32 16 Q46 16 46 36 Z M14 36 H50 M18 24 Q8 20 10 10 M46 24 Q56 20 54 10 M26 36 V46 H38 V36" />
    </g>
  ),
  axe: (
    <g>
      <path d="M20 54 L40 14" {...stroke} />
      <path d="M33 16 Q52 10 54 32 Q46 27 37 31 Z" {...solid} />
    </g>
  ),
  horn: (
    <g>
      <path d="M12 18 Q14 46 44 50 L50 42 Q26 38 20 16 Z" {...solid} />
      <path d="M44 50 L50 42" fill="none" stroke="#000" strokeOpacity="0.25" strokeWidth="3" />
    </g>
  ),
  rune: (
    <g {...stroke}>
      <path d="M24 12 V52 M24 20 L40 12 M24 32 L42 22 M40 32 L48 44" />
    </g>
  ),
  crown: <path d="M12 46 L16 20 L26 32 L32 14 L38 32 L48 20 L52 46 Z M14 50 H50 V54 H14 Z" {...solid} />,
  ruby: (
    <g>
      <path d="M20 16 H44 L54 28 L32 54 L10 28 Z" {...solid} />
      <path d="M10 28 H54 M24 16 L32 28 L40 16 M32 28 V54" fill="none" stroke="#000" strokeOpacity="0.18" strokeWidth="2" />
    </g>
  ),
  key: (
    <g {...stroke}>
      <circle cx="20" cy="22" r="8" />
      <path d="M26 28 L50 52 M42 44 L48 38 M36 38 L42 32" />
    </g>
  ),
  coin: (
    <g>
      <circle cx="32" cy="32" r="20" {...solid} />
      <circle cx="32" cy="32" r="14" fill="none" stroke="#000" strokeOpacity="0.2" strokeWidth="2.5" />
      <path d="M32 22 L35 29 L42 29 L36 34 L38 42 L32 37 L26 42 L28 34 L22 29 L29 29 Z" fill="#000" opacity="0.2" />
    </g>
  ),
}

const RANKS: Readonly<Record<string, string>> = { ace: 'A', king: 'K', queen: 'Q', jack: 'J', ten: '10' }

/** FNV-1a of the title's name: a stable hue per title. */
function hueOf(text: string): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return hash % 360
}

export interface SymbolArt {
  readonly id: string
  readonly kind: 'regular' | 'wild' | 'scatter'
}

/** One symbol on its tile. `index` is its place in the paytable (highest first), which sets its colour. */
export function SlotSymbol({ symbol, index, title }: { symbol: SymbolArt; index: number; title: string }) {
  const { t } = useLingui()
  const base = hueOf(title)
  const rank = RANKS[symbol.id]
  const hue = symbol.kind === 'wild' ? 45 : symbol.kind === 'scatter' ? (base + 180) % 360 : (base + index * 47) % 360
  const light = rank ? 30 : 42
  return (
    <svg viewBox="0 0 64 64" width="100%" height="100%" aria-hidden="true" focusable="false">
      <rect x="3" y="3" width="58" height="58" rx="12" fill={`hsl(${hue} 70% ${light}%)`} />
      <path d="M3 15 Q3 3 15 3 H49 Q61 3 61 15 V30 H3 Z" fill="#fff" opacity="0.1" />
      {symbol.kind === 'wild' ? (
        <g>
          <path d="M32 8 L37 22 L52 22 L40 31 L44 45 L32 37 L20 45 L24 31 L12 22 L27 22 Z" fill="#fff" opacity="0.9" />
          <text x="32" y="56" textAnchor="middle" fontSize="12" fontWeight="700" fill="#14171d" fontFamily="system-ui, sans-serif">
            {t`WILD`}
          </text>
        </g>
      ) : symbol.kind === 'scatter' ? (
        <g>
          <path d="M32 6 L36 24 L54 14 L42 30 L58 36 L40 38 L46 56 L32 44 L18 56 L24 38 L6 36 L22 30 L10 14 L28 24 Z" fill="#fff" opacity="0.92" />
          <circle cx="32" cy="32" r="7" fill={`hsl(${hue} 70% 40%)`} />
        </g>
      ) : rank ? (
        <text x="32" y="44" textAnchor="middle" fontSize={rank.length > 1 ? 26 : 32} fontWeight="700" fill="#fff" fontFamily="Georgia, 'Times New Roman', serif">
          {rank}
        </text>
      ) : (
        (MOTIFS[symbol.id] ?? (
          <text x="32" y="42" textAnchor="middle" fontSize="26" fontWeight="700" fill="#fff" fontFamily="system-ui, sans-serif">
            {symbol.id.slice(0, 1).toUpperCase()}
          </text>
        ))
      )}
    </svg>
  )
}

/** The symbols' names, for screen readers and the win lines ("Line 3: 4 × lantern"). */
export function useSymbolName(): (id: string) => string {
  const { t } = useLingui()
  const names: Record<string, string> = {
    ace: t`ace`,
    king: t`king`,
    queen: t`queen`,
    jack: t`jack`,
    ten: t`ten`,
    wild: t`wild`,
    scatter: t`scatter`,
    reindeer: t`reindeer`,
    lantern: t`lantern`,
    snowflake: t`snowflake`,
    lighthouse: t`lighthouse`,
    anchor: t`anchor`,
    gull: t`gull`,
    shell: t`shell`,
    fox: t`fox`,
    ember: t`ember`,
    acorn: t`acorn`,
    leaf: t`leaf`,
    pearl: t`pearl`,
    turtle: t`turtle`,
    coral: t`coral`,
    starfish: t`starfish`,
    giant: t`giant`,
    axe: t`axe`,
    horn: t`horn`,
    rune: t`rune`,
    crown: t`crown`,
    ruby: t`ruby`,
    key: t`key`,
    coin: t`coin`,
  }
  return (id) => names[id] ?? id
}
