import { defineConfig } from '@pandacss/dev'
import { breakpoints } from './src/ui/theme/breakpoints'
import { tokens, semanticTokens, textStyles, keyframes } from './src/ui/theme/tokens'
import { recipes, slotRecipes } from './src/ui/theme/recipes'

// Panda generates styled-system/ from here; the design tokens themselves live in src/ui/theme.
export default defineConfig({
  preflight: true,
  include: ['./src/**/*.{ts,tsx}'],
  exclude: ['./src/**/*.test.{ts,tsx}'],
  outdir: 'styled-system',
  jsxFramework: 'react',
  conditions: {
    extend: {
      dark: '[data-theme="dark"] &',
      light: '[data-theme="light"] &',
    },
  },
  theme: {
    extend: {
      breakpoints,
      tokens,
      semanticTokens,
      textStyles,
      keyframes,
      recipes,
      slotRecipes,
    },
  },
  // The kit passes recipe variants through props, which static extraction cannot follow.
  staticCss: { recipes: '*' },
  globalCss: {
    html: { colorScheme: 'dark', '&[data-theme="light"]': { colorScheme: 'light' } },
    'html, body': { bg: 'bg', color: 'text', fontFamily: 'body', fontVariantNumeric: 'tabular-nums' },
    ':focus-visible': { outline: '2px solid token(colors.focusRing)', outlineOffset: '2px' },
    '@media (prefers-reduced-motion: reduce)': {
      '*, *::before, *::after': {
        animationDuration: '0.01ms !important',
        animationIterationCount: '1 !important',
        transitionDuration: '0.01ms !important',
      },
    },
  },
})
