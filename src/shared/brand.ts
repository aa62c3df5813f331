/** The brand is a name, not a phrase: it is the same in every locale. */
export const SITE_NAME = 'Royal Ace'

/**
 * The page background of each theme (src/ui/theme/tokens.ts `bg`), for what the browser paints
 * before the CSS: the app manifest's colours and the theme-color meta tags.
 */
export const THEME_COLORS = {
  dark: { background: '#0f1218', theme: '#0f1218' },
  light: { background: '#f5f6f8', theme: '#f5f6f8' },
} as const
