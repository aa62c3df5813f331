import { defineKeyframes, defineSemanticTokens, defineTextStyles, defineTokens } from '@pandacss/dev'

// DESIGN 'Visual language'. Every colour is a semantic layer with a dark base (the default theme,
// SPEC §9) and a `_light` value; tokens.test.ts holds the WCAG AA pairs so a tweak cannot break them.
export const tokens = defineTokens({
  spacing: {
    0: { value: '0' },
    0.5: { value: '0.125rem' },
    1: { value: '0.25rem' },
    1.5: { value: '0.375rem' },
    2: { value: '0.5rem' },
    3: { value: '0.75rem' },
    4: { value: '1rem' },
    5: { value: '1.25rem' },
    6: { value: '1.5rem' },
    8: { value: '2rem' },
    10: { value: '2.5rem' },
    12: { value: '3rem' },
    16: { value: '4rem' },
    20: { value: '5rem' },
    24: { value: '6rem' },
  },
  radii: {
    sm: { value: '4px' },
    md: { value: '8px' },
    lg: { value: '12px' },
    full: { value: '9999px' },
  },
  fontWeights: {
    regular: { value: '400' },
    semibold: { value: '600' },
  },
  fonts: {
    body: {
      value: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif, "Apple Color Emoji", "Segoe UI Emoji"',
    },
    mono: { value: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace' },
  },
  durations: {
    fast: { value: '150ms' },
    normal: { value: '200ms' },
    slow: { value: '250ms' },
  },
  easings: {
    standard: { value: 'cubic-bezier(0.2, 0, 0, 1)' },
  },
  zIndex: {
    header: { value: 100 },
    dialog: { value: 1000 },
    toast: { value: 1100 },
  },
})

export const semanticTokens = defineSemanticTokens({
  colors: {
    bg: { value: { base: '#0f1218', _light: '#f5f6f8' } },
    surface: { value: { base: '#171b23', _light: '#ffffff' } },
    surfaceRaised: { value: { base: '#1f2430', _light: '#ffffff' } },
    // Dividers only; form controls use borderStrong, which meets the 3:1 of WCAG 1.4.11.
    border: { value: { base: '#2c3340', _light: '#dde1e7' } },
    borderStrong: { value: { base: '#6b7689', _light: '#7c8596' } },
    text: { value: { base: '#eef1f6', _light: '#14171d' } },
    textMuted: { value: { base: '#a3acbb', _light: '#545c6b' } },
    accent: { value: { base: '#a78bfa', _light: '#6d28d9' } },
    accentText: { value: { base: '#14171d', _light: '#ffffff' } },
    success: { value: { base: '#4ade80', _light: '#15803d' } },
    danger: { value: { base: '#f87171', _light: '#b91c1c' } },
    // Text on a danger fill, as accentText is on accent: no red is both readable on the dark bg and under white text.
    dangerText: { value: { base: '#14171d', _light: '#ffffff' } },
    warning: { value: { base: '#fbbf24', _light: '#a16207' } },
    info: { value: { base: '#60a5fa', _light: '#1d4ed8' } },
    // Alert backgrounds: 8 % of the tone over surfaceRaised, so a banner reads as its tone before its words.
    dangerSubtle: { value: { base: '#302a35', _light: '#f9eded' } },
    warningSubtle: { value: { base: '#31302f', _light: '#f7f2eb' } },
    infoSubtle: { value: { base: '#242e40', _light: '#edf1fc' } },
    successSubtle: { value: { base: '#223336', _light: '#ecf5ef' } },
    overlay: { value: { base: 'rgb(5 7 10 / 0.72)', _light: 'rgb(15 18 24 / 0.5)' } },
    focusRing: { value: { base: '#7dd3fc', _light: '#0369a1' } },
  },
  shadows: {
    raised: {
      value: { base: '0 8px 24px rgb(0 0 0 / 0.5)', _light: '0 8px 24px rgb(15 18 24 / 0.16)' },
    },
  },
})

export const textStyles = defineTextStyles({
  body: { value: { fontSize: 'md', lineHeight: '1.5', fontWeight: 'regular' } },
  small: { value: { fontSize: 'sm', lineHeight: '1.4', fontWeight: 'regular' } },
  label: { value: { fontSize: 'sm', lineHeight: '1.4', fontWeight: 'semibold' } },
  title: { value: { fontSize: 'lg', lineHeight: '1.3', fontWeight: 'semibold' } },
  heading: { value: { fontSize: { base: 'xl', tablet: '2xl' }, lineHeight: '1.25', fontWeight: 'semibold' } },
  // The h1 of a whole page of its own (content, system and profile pages); cashier steps use heading.
  display: { value: { fontSize: { base: '2xl', tablet: '3xl' }, lineHeight: '1.25', fontWeight: 'semibold' } },
  amount: { value: { fontWeight: 'semibold', fontVariantNumeric: 'tabular-nums' } },
})

export const keyframes = defineKeyframes({
  spin: { to: { transform: 'rotate(360deg)' } },
  shimmer: { from: { backgroundPosition: '100% 0' }, to: { backgroundPosition: '-100% 0' } },
  fadeIn: { from: { opacity: 0 }, to: { opacity: 1 } },
  scaleIn: { from: { opacity: 0, transform: 'scale(0.96)' }, to: { opacity: 1, transform: 'scale(1)' } },
  slideUp: { from: { transform: 'translateY(100%)' }, to: { transform: 'translateY(0)' } },
  slideInLeft: { from: { transform: 'translateX(-100%)' }, to: { transform: 'translateX(0)' } },
  slideInRight: { from: { transform: 'translateX(100%)' }, to: { transform: 'translateX(0)' } },
  toastIn: { from: { opacity: 0, transform: 'translateY(-8px)' }, to: { opacity: 1, transform: 'translateY(0)' } },
})
