/**
 * The pages of SPEC §2.1 with no parameter that anyone may see and search engines should find:
 * the sitemap lists them in every locale. src/routes/routes.test.ts keeps this list and the route
 * table in step (every public, indexable route without a parameter is here, and nothing else).
 */
export const PUBLIC_PAGE_PATHS = [
  '/',
  '/offers',
  '/betting',
  '/loyalty',
  '/loyalty/shop',
  '/support',
  '/winners',
  '/gamehall',
  '/jackpots',
  '/providers',
  '/promotions',
  '/tournaments',
  '/fairness',
] as const
