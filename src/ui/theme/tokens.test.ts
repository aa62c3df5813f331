import { describe, expect, it } from 'vitest'
import { semanticTokens } from './tokens'

// WCAG 2.x relative luminance and contrast ratio.
const luminance = (hex: string) => {
  const n = Number.parseInt(hex.slice(1), 16)
  const [r, g, b] = [n >> 16, (n >> 8) & 255, n & 255].map((v) => {
    const c = v / 255
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }) as [number, number, number]
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (hi + 0.05) / (lo + 0.05)
}

const colors = semanticTokens.colors as Record<string, { value: { base: string; _light: string } }>
const color = (name: string, theme: 'base' | '_light') => colors[name]!.value[theme]

const surfaces = ['bg', 'surface', 'surfaceRaised']
// 4.5:1 for text (1.4.3); 3:1 for control borders and the focus ring (1.4.11).
const pairs: Array<[fg: string, bg: string, min: number]> = [
  ...surfaces.flatMap((s) =>
    ['text', 'textMuted', 'accent', 'success', 'danger', 'warning', 'info'].map((f): [string, string, number] => [f, s, 4.5]),
  ),
  ...surfaces.flatMap((s) => ['borderStrong', 'focusRing'].map((f): [string, string, number] => [f, s, 3])),
  ...['dangerSubtle', 'warningSubtle', 'infoSubtle', 'successSubtle'].flatMap((s) =>
    ['text', 'textMuted', 'accent'].map((f): [string, string, number] => [f, s, 4.5]),
  ),
  // The alert's icon is a graphic: 3:1 on its own tone's background.
  ['danger', 'dangerSubtle', 3],
  ['warning', 'warningSubtle', 3],
  ['info', 'infoSubtle', 3],
  ['success', 'successSubtle', 3],
  ['accentText', 'accent', 4.5],
  ['dangerText', 'danger', 4.5],
]

describe.each(['base', '_light'] as const)('%s theme meets WCAG AA', (theme) => {
  it.each(pairs)('%s on %s', (fg, bg, min) => {
    expect(contrast(color(fg, theme), color(bg, theme))).toBeGreaterThanOrEqual(min)
  })
})
