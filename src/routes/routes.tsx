import { msg } from '@lingui/core/macro'
import { data, Outlet, redirect, type LoaderFunctionArgs, type RouteObject, type ShouldRevalidateFunctionArgs } from 'react-router'
import { requireUser, type GuardSession } from './guards'
import type { LayoutName, RouteHandle } from '../ui/layout/route-handle'
import { PageErrorBoundary } from './system/PageErrorBoundary'
import { RouteErrorPage } from './system/RouteErrorPage'
import { LayoutRoute } from '../ui/layout/LayoutRoute'
import type { ContentPage, PathRedirect } from '../services/api/contract/content'
import type { Navigate } from '../services/navigation'
import { splitLocale } from '../shared/locales'
import type { HallData } from '../ui/app/games'
import { EMPTY_HOME_DATA, type HomeData } from '../ui/app/home-games'
import type { HallQuery } from '../machines/games/hall/hall.types'
import { gamehallLoader } from './gamehall/loader'
import type { LaunchGame } from '../machines/games/launch/launch.types'
import type { BoardData, EventData } from '../ui/app/sportsbook'
import type { BoardQuery } from '../machines/sportsbook/board/board.types'
import { boardQueryFromSearch } from '../machines/sportsbook/board/board.rules'

/** What loaders need from the request they run in; built per request (server) or per page (browser). */
export interface RouteDeps {
  session: GuardSession
  /** Resolves a content page of the CMS by slug in the current locale, or null when there is none. */
  loadContentPage(slug: string): Promise<ContentPage | null>
  /**
   * The server-side path check (the CMS redirect table) for an address about to be a 404. Only the
   * browser needs it: the server applies the table to every page request before rendering.
   */
  checkPath?(path: string): Promise<PathRedirect | null>
  /** The navigate helper (src/services/navigation.ts): how a redirect to another site leaves. */
  navigate?: Navigate
  /** Set when the whole site must show one system page (banned player, maintenance): SPEC §8. */
  fatal?: { type: string; status: number; code?: string }
  /** The server's APP_ENV (demo, staging, production); decides the pages only some environments have. */
  appEnv?: string
  /** The games hall's categories, studios and first page of a query (src/ui/app/games.ts). */
  loadHall?(query: HallQuery, pageSize: number): Promise<HallData>
  /** One game's catalogue entry for its game page; null when there is no such game. */
  loadGame?(sysname: string): Promise<LaunchGame | null>
  /** The home page's rails of games and its studios (src/ui/app/home-games.ts). */
  loadHome?(): Promise<HomeData>
  /** The sportsbook board's tree and the lists of a query (src/ui/app/sportsbook.ts). */
  loadBoard?(query: BoardQuery, count: number): Promise<BoardData>
  /** One sportsbook event; null when there is no such event. */
  loadSportsEvent?(id: string): Promise<EventData | null>
}

/** Events per list the board's first view reads (the flow's page size). */
const BOARD_LOADER_PAGE = 50

/** ARCHITECTURE §5: the /_flows page (and its inspector) exist in these environments only. */
export const FLOWS_PAGE_ENVS: readonly string[] = ['demo', 'staging']

type PageComponent = () => React.ReactNode

interface PageDef {
  path?: string
  index?: true
  name: string
  title: RouteHandle['title']
  /**
   * The page's component, in its area's chunk: a first load downloads only the page it draws.
   * The server resolves it before rendering, the browser before hydrating (+onRenderClient).
   */
  lazy?: LazyPage
  protected?: true
  noindex?: true
  loader?: (deps: RouteDeps, args: LoaderFunctionArgs) => unknown
  hideChatBadge?: true
  immersive?: true
  /** Whether the loader runs again on a navigation within the page (react-router's shouldRevalidate); always, by default. */
  revalidate?: 'always' | 'path'
  children?: PageDef[]
}

/**
 * Every module that holds pages, by its path under src/routes without the extension. The client
 * build's manifest knows each chunk by that path, so the server can preload the chunk of the page
 * it renders (server/build-manifest.ts) instead of the browser finding it only after the entry ran.
 */
export const PAGE_MODULES = {
  'home/pages': () => import('./home/pages'),
  'offers/pages': () => import('./offers/pages'),
  'betting/pages': () => import('./betting/pages'),
  'cashier/pages': () => import('./cashier/pages'),
  'cashier/deposit': () => import('./cashier/deposit'),
  'cashier/withdraw': () => import('./cashier/withdraw'),
  'loyalty/pages': () => import('./loyalty/pages'),
  'profile/pages': () => import('./profile/pages'),
  'support/pages': () => import('./support/pages'),
  'winners/pages': () => import('./winners/pages'),
  'gamehall/pages': () => import('./gamehall/pages'),
  'jackpots/pages': () => import('./jackpots/pages'),
  'providers/pages': () => import('./providers/pages'),
  'promotions/pages': () => import('./promotions/pages'),
  'tournaments/pages': () => import('./tournaments/pages'),
  'unsubscribe/pages': () => import('./unsubscribe/pages'),
  'confirmation/pages': () => import('./confirmation/pages'),
  'game/pages': () => import('./game/pages'),
  'responsible-game/pages': () => import('./responsible-game/pages'),
  'bets/pages': () => import('./bets/pages'),
  'content/pages': () => import('./content/pages'),
  'flows/FlowsPage': () => import('./flows/FlowsPage'),
  'forms/pages': () => import('./forms/pages'),
  'operator/pages': () => import('./operator/pages'),
  'icons/pages': () => import('./icons/pages'),
  'fairness/pages': () => import('./fairness/pages'),
} as const

export type PageModule = keyof typeof PAGE_MODULES

interface LazyPage {
  module: PageModule
  load: () => Promise<{ Component: PageComponent }>
}

/** A lazy page: the area's chunk, and the page component picked from it. */
function page<K extends PageModule>(module: K, pick: (loaded: Awaited<ReturnType<(typeof PAGE_MODULES)[K]>>) => PageComponent): LazyPage {
  return { module, load: async () => ({ Component: pick((await PAGE_MODULES[module]()) as Awaited<ReturnType<(typeof PAGE_MODULES)[K]>>) }) }
}

const notFound = () => {
  throw data(null, { status: 404 })
}

/** /game/{sysname}: the game's entry, or the 404 page for a game the catalogue does not have. */
async function gameLoader(deps: RouteDeps, sysname: string): Promise<LaunchGame> {
  const game = deps.loadGame ? await deps.loadGame(sysname) : null
  return game ?? notFound()
}

/**
 * Before a 404, the CMS redirect table: a path on the same locale moves the router, any other
 * address (another locale, another site) is a full page load, another site through the navigate
 * helper's explicit external option.
 */
async function redirectOrNotFound(deps: RouteDeps, request: Request): Promise<never> {
  const url = new URL(request.url)
  const target = deps.checkPath ? await deps.checkPath(url.pathname + url.search).catch(() => null) : null
  if (target) {
    const here = splitLocale(url.pathname).basename
    const there = target.external ? null : new URL(target.location, url.origin)
    if (there && splitLocale(there.pathname).basename === here) throw redirect(splitLocale(there.pathname).path + there.search + there.hash, target.status)
    if (target.external) deps.navigate?.(target.location, { external: true })
    else window.location.assign(target.location)
    // The page is being left: nothing to render meanwhile.
    return new Promise<never>(() => {})
  }
  return notFound()
}

/**
 * SPEC §2.1. Paths are locale-free: the locale prefix is split off before routing and becomes
 * the router's basename (see src/shared/locales.ts), so every route exists bare and under /es, /pt, /de.
 */
function table(): Record<LayoutName, PageDef[]> {
  return {
    default: [
      // The rails do not depend on the query: a query-only navigation (?login, a banner's ?promo=) keeps them.
      { index: true, name: 'index', title: msg`Casino and sports betting`, lazy: page('home/pages', (m) => m.HomePage), loader: async (deps) => (deps.loadHome ? deps.loadHome().catch(() => EMPTY_HOME_DATA) : EMPTY_HOME_DATA), revalidate: 'path' },
      { path: 'offers', name: 'offers', title: msg`Offers`, lazy: page('offers/pages', (m) => m.OffersPage) },
      { path: 'offers/:id', name: 'offers.id', title: msg`Offer`, lazy: page('offers/pages', (m) => m.OfferPage) },
      // The board reads its own lists as its query changes: the loader runs again only when the path moves.
      {
        path: 'betting',
        name: 'betting',
        title: msg`Sports betting`,
        lazy: page('betting/pages', (m) => m.BettingPage),
        // A garbage address reads as no filter (boardQueryFromSearch): a sensible board, never an error.
        loader: async (deps, { request }) => {
          const query = boardQueryFromSearch(new URL(request.url).searchParams)
          return { query, data: deps.loadBoard ? await deps.loadBoard(query, BOARD_LOADER_PAGE) : null }
        },
        revalidate: 'path',
        hideChatBadge: true,
      },
      {
        path: 'betting/event/:id',
        name: 'betting.event',
        title: msg`Sports event`,
        lazy: page('betting/pages', (m) => m.BettingEventPage),
        loader: async (deps, { params, request }) => (deps.loadSportsEvent ? ((await deps.loadSportsEvent(params.id ?? '')) ?? redirectOrNotFound(deps, request)) : null),
        hideChatBadge: true,
      },
      {
        path: 'cashier',
        name: 'cashier',
        title: msg`Cashier`,
        protected: true,
        children: [
          { index: true, name: 'cashier.index', title: msg`Cashier`, loader: () => redirect('/cashier/deposit') },
          { path: 'wallet', name: 'cashier.wallet', title: msg`Wallet`, lazy: page('cashier/pages', (m) => m.WalletPage) },
          // SPEC §2.1: billing goes to deposit while no deposit-method path is active.
          { path: 'billing', name: 'cashier.billing', title: msg`Deposit`, loader: () => redirect('/cashier/deposit') },
          { path: 'deposit', name: 'cashier.deposit', title: msg`Deposit`, lazy: page('cashier/deposit', (m) => m.DepositPage) },
          { path: 'deposit/:sysname', name: 'cashier.deposit.sysname', title: msg`Deposit`, lazy: page('cashier/deposit', (m) => m.DepositMethodPage) },
          { path: 'history', name: 'cashier.history', title: msg`Transaction history`, lazy: page('cashier/pages', (m) => m.HistoryPage) },
          { path: 'receipt', name: 'cashier.receipt', title: msg`Receipt`, lazy: page('cashier/pages', (m) => m.ReceiptPage) },
          { path: 'withdraw', name: 'cashier.withdraw', title: msg`Withdraw`, lazy: page('cashier/withdraw', (m) => m.WithdrawPage) },
          // SPEC §2.1: each result page bare (static system page) and with its {transaction}.
          ...(['payfail', 'paysuccess', 'paypending', 'paycancel', 'paymobile', 'paynewwindow'] as const).flatMap((p) => [
            { path: p, name: `cashier.${p}`, title: payTitles[p], lazy: page('cashier/pages', (m) => m.paymentPage(p)), noindex: true as const },
            { path: `${p}/:transaction`, name: `cashier.${p}.transaction`, title: payTitles[p], lazy: page('cashier/pages', (m) => m.paymentPage(p)), noindex: true as const },
          ]),
        ],
      },
      { path: 'loyalty', name: 'loyalty', title: msg`Loyalty`, lazy: page('loyalty/pages', (m) => m.LoyaltyPage) },
      { path: 'loyalty/shop', name: 'loyalty.shop', title: msg`Loyalty shop`, lazy: page('loyalty/pages', (m) => m.LoyaltyShopPage) },
      { path: 'loyalty/:sysname', name: 'loyalty.sysname', title: msg`Loyalty programme`, lazy: page('loyalty/pages', (m) => m.LoyaltyProgramPage) },
      {
        path: 'profile',
        name: 'profile',
        title: msg`Profile`,
        protected: true,
        children: [
          { index: true, name: 'profile.index', title: msg`Profile`, loader: () => redirect('/profile/settings') },
          { path: 'bets', name: 'profile.bets', title: msg`My bets`, lazy: page('profile/pages', (m) => m.ProfileBetsPage) },
          { path: 'bonuses', name: 'profile.bonuses', title: msg`Bonuses`, lazy: page('profile/pages', (m) => m.ProfileBonusesPage) },
          { path: 'loyalty', name: 'profile.loyalty', title: msg`Loyalty`, lazy: page('profile/pages', (m) => m.ProfileLoyaltyPage) },
          { path: 'cashback', name: 'profile.cashback', title: msg`Cashback`, lazy: page('profile/pages', (m) => m.ProfileCashbackPage) },
          { path: 'security', name: 'profile.security', title: msg`Security`, lazy: page('profile/pages', (m) => m.ProfileSecurityPage) },
          { path: 'settings', name: 'profile.settings', title: msg`Settings`, lazy: page('profile/pages', (m) => m.ProfileSettingsPage) },
          { path: 'notification', name: 'profile.notification', title: msg`Notifications`, lazy: page('profile/pages', (m) => m.ProfileNotificationPage) },
          { path: 'verification', name: 'profile.verification', title: msg`Verification`, lazy: page('profile/pages', (m) => m.ProfileVerificationPage) },
          { path: 'responsible-game', name: 'profile.responsible-game', title: msg`Responsible gaming`, lazy: page('profile/pages', (m) => m.ProfileResponsibleGamePage) },
        ],
      },
      { path: 'support', name: 'support', title: msg`Support`, lazy: page('support/pages', (m) => m.SupportPage) },
      { path: 'winners', name: 'winners', title: msg`Winners`, lazy: page('winners/pages', (m) => m.WinnersPage) },
      { path: 'gamehall', name: 'gamehall', title: msg`Games`, lazy: page('gamehall/pages', (m) => m.GamehallPage), loader: (deps, { request }) => gamehallLoader(deps.loadHall, request, null, deps.session.isLoggedIn()), revalidate: 'path' },
      // SPEC §2.1 category guard: a category the catalogue does not have goes to the whole hall.
      { path: 'gamehall/:id', name: 'gamehall.id', title: msg`Games`, lazy: page('gamehall/pages', (m) => m.GameCategoryPage), loader: (deps, { request, params }) => gamehallLoader(deps.loadHall, request, params.id ?? null, deps.session.isLoggedIn()), revalidate: 'path' },
      { path: 'jackpots', name: 'jackpots', title: msg`Jackpots`, lazy: page('jackpots/pages', (m) => m.JackpotsPage) },
      { path: 'jackpots/:id', name: 'jackpots.id', title: msg`Jackpot`, lazy: page('jackpots/pages', (m) => m.JackpotPage) },
      { path: 'providers', name: 'providers', title: msg`Game providers`, lazy: page('providers/pages', (m) => m.ProvidersPage), loader: async (deps) => (await import('./providers/loader')).providersLoader(deps.loadHall) },
      { path: 'promotions', name: 'promotions', title: msg`Promotions`, lazy: page('promotions/pages', (m) => m.PromotionsPage) },
      { path: 'promotions/:id', name: 'promotions.id', title: msg`Promotion`, lazy: page('promotions/pages', (m) => m.PromotionPage) },
      { path: 'tournaments', name: 'tournaments', title: msg`Tournaments`, lazy: page('tournaments/pages', (m) => m.TournamentsPage) },
      { path: 'tournaments/:id', name: 'tournaments.id', title: msg`Tournament`, lazy: page('tournaments/pages', (m) => m.TournamentPage) },
      { path: 'tournaments/:id/gamehall', name: 'tournaments.id.gamehall', title: msg`Tournament games`, lazy: page('tournaments/pages', (m) => m.TournamentGamesPage) },
      { path: 'unsubscribe', name: 'unsubscribe', title: msg`Unsubscribe`, lazy: page('unsubscribe/pages', (m) => m.UnsubscribePage), noindex: true },
      { path: 'confirmation', name: 'confirmation', title: msg`Confirmation`, lazy: page('confirmation/pages', (m) => m.ConfirmationPage), noindex: true },
      { path: 'confirmation/success', name: 'confirmation.success', title: msg`Contact confirmed`, lazy: page('confirmation/pages', (m) => m.ConfirmationSuccessPage), noindex: true },
      {
        path: 'game/:sysname',
        name: 'game.sysname',
        title: msg`Game`,
        lazy: page('game/pages', (m) => m.GamePage),
        loader: (deps, { params }) => gameLoader(deps, params.sysname ?? ''),
        hideChatBadge: true,
        immersive: true,
      },
      { path: 'responsible-game', name: 'responsible-game', title: msg`Responsible gaming`, lazy: page('responsible-game/pages', (m) => m.ResponsibleGamePage), protected: true },
      { path: 'bets/*', name: 'bets', title: msg`My bets`, lazy: page('bets/pages', (m) => m.BetsPage), protected: true },
      // Public and indexed: visitors have seeds and demo rounds too (docs/games.md#verifying-a-round).
      { path: 'fairness', name: 'fairness', title: msg`Provably fair`, lazy: page('fairness/pages', (m) => m.FairnessPage) },
      {
        path: ':slug',
        name: 'slug',
        title: msg`Page`,
        lazy: page('content/pages', (m) => m.ContentPageView),
        loader: async (deps, { params, request }) => (await deps.loadContentPage(params.slug ?? '')) ?? redirectOrNotFound(deps, request),
      },
      {
        path: '_flows',
        name: 'flows',
        title: msg`Flows`,
        noindex: true,
        // 404 outside demo and staging, decided by the server's APP_ENV; the page's code is lazy.
        loader: async (deps) => (FLOWS_PAGE_ENVS.includes(deps.appEnv ?? '') ? (await import('./flows/flows-data')).flowsPageData() : notFound()),
        lazy: page('flows/FlowsPage', (m) => m.FlowsPage),
      },
      { path: '*', name: 'not-found', title: msg`Page not found`, loader: (deps, { request }) => redirectOrNotFound(deps, request) },
    ],
    empty: [
      { path: 'forms/sign_in', name: 'forms.sign_in', title: msg`Log in`, lazy: page('forms/pages', (m) => m.SignInFormPage), noindex: true },
      { path: 'forms/sign_up', name: 'forms.sign_up', title: msg`Sign up`, lazy: page('forms/pages', (m) => m.SignUpFormPage), noindex: true },
      // The operators' side of the support chat: the page asks for the operator token before it shows anything.
      { path: 'operator/chat', name: 'operator.chat', title: msg`Support chats`, lazy: page('operator/pages', (m) => m.OperatorChatPage), noindex: true },
    ],
    'svg-sprite': [{ path: '_icons', name: 'icons', title: msg`Icons`, lazy: page('icons/pages', (m) => m.IconsPage), noindex: true }],
  }
}

const payTitles = {
  payfail: msg`Payment failed`,
  paysuccess: msg`Payment successful`,
  paypending: msg`Payment in progress`,
  paycancel: msg`Payment cancelled`,
  paymobile: msg`Payment on mobile`,
  paynewwindow: msg`Payment in a new window`,
}

function toRoute(def: PageDef, layout: LayoutName, resolve: ResolveDeps, inheritedProtected: boolean): RouteObject {
  const isProtected = inheritedProtected || Boolean(def.protected)
  const handle: RouteHandle = { name: def.name, layout, title: def.title, protected: isProtected, noindex: def.noindex, module: def.lazy?.module, hideChatBadge: def.hideChatBadge, immersive: def.immersive }
  const loader = async (args: LoaderFunctionArgs) => {
    const deps = resolve(args.context)
    // The root shows the site-wide system page (SPEC §8: a banned player); no guard sends them away.
    if (deps.fatal) return null
    if (isProtected) requireUser(deps.session, args.request)
    return def.loader ? def.loader(deps, args) : null
  }
  const children = def.children?.map((child) => toRoute(child, layout, resolve, isProtected))
  // A page whose flow reads its own data as its query changes (the games hall) loads again only when the path moves.
  const shouldRevalidate = def.revalidate === 'path' ? ({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) => currentUrl.pathname !== nextUrl.pathname && defaultShouldRevalidate : undefined
  const base = { id: def.name, handle, loader, ...(shouldRevalidate ? { shouldRevalidate } : {}), ...(def.lazy ? { lazy: def.lazy.load } : {}) }
  if (def.index) return { ...base, index: true }
  return { ...base, path: def.path, children }
}

/**
 * Loaders find their request's dependencies through react-router's loader `context`: the server
 * builds the routes and the static handler once and passes each request's deps as
 * `requestContext`; the browser resolves to its one page-wide set.
 */
export type ResolveDeps = (context: unknown) => RouteDeps

export function createRoutes(resolve: ResolveDeps): RouteObject[] {
  const layouts = table()
  return [
    {
      id: 'root',
      path: '/',
      ErrorBoundary: RouteErrorPage,
      loader: ({ context }) => {
        const { fatal } = resolve(context)
        if (fatal) throw data({ type: fatal.type, code: fatal.code ?? null }, { status: fatal.status })
        return null
      },
      children: (Object.keys(layouts) as LayoutName[]).map((layout) => ({
        id: `layout.${layout}`,
        element: (
          <LayoutRoute layout={layout}>
            <PageErrorBoundary>
              <Outlet />
            </PageErrorBoundary>
          </LayoutRoute>
        ),
        children: layouts[layout].map((def) => toRoute(def, layout, resolve, false)),
      })),
    },
  ]
}
