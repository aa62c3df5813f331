import { msg } from '@lingui/core/macro'
import { data, Outlet, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router'
import { requireUser, type GuardSession } from './guards'
import type { LayoutName, RouteHandle } from '../ui/layout/route-handle'
import { PageErrorBoundary } from './system/PageErrorBoundary'
import { RouteErrorPage } from './system/RouteErrorPage'
import { LayoutRoute } from '../ui/layout/LayoutRoute'
import * as home from './home/pages'
import * as content from './content/pages'
import * as offers from './offers/pages'
import * as betting from './betting/pages'
import * as cashier from './cashier/pages'
import * as loyalty from './loyalty/pages'
import * as profile from './profile/pages'
import * as support from './support/pages'
import * as winners from './winners/pages'
import * as gamehall from './gamehall/pages'
import * as jackpots from './jackpots/pages'
import * as providers from './providers/pages'
import * as promotions from './promotions/pages'
import * as tournaments from './tournaments/pages'
import * as unsubscribe from './unsubscribe/pages'
import * as confirmation from './confirmation/pages'
import * as forms from './forms/pages'
import * as game from './game/pages'
import * as responsibleGame from './responsible-game/pages'
import * as bets from './bets/pages'
import * as icons from './icons/pages'
import type { ContentPage } from '../services/api/contract/content'

/** What loaders need from the request they run in; built per request (server) or per page (browser). */
export interface RouteDeps {
  session: GuardSession
  /** Resolves a content page of the CMS by slug in the current locale, or null when there is none. */
  loadContentPage(slug: string): Promise<ContentPage | null>
  /** Set when the whole site must show one system page (banned player, maintenance): SPEC §8. */
  fatal?: { type: string; status: number }
  /** The server's APP_ENV (demo, staging, production); decides the pages only some environments have. */
  appEnv?: string
}

/** ARCHITECTURE §5: the /_flows page (and its inspector) exist in these environments only. */
export const FLOWS_PAGE_ENVS: readonly string[] = ['demo', 'staging']

type PageComponent = () => React.ReactNode

interface PageDef {
  path?: string
  index?: true
  name: string
  title: RouteHandle['title']
  Component?: PageComponent
  /** The component as a chunk of its own, loaded when the route is first matched. */
  lazy?: () => Promise<{ Component: PageComponent }>
  protected?: true
  noindex?: true
  loader?: (deps: RouteDeps, args: LoaderFunctionArgs) => unknown
  children?: PageDef[]
}

const notFound = () => {
  throw data(null, { status: 404 })
}

/**
 * SPEC §2.1. Paths are locale-free: the locale prefix is split off before routing and becomes
 * the router's basename (see src/shared/locales.ts), so every route exists bare and under /es, /pt, /de.
 */
function table(): Record<LayoutName, PageDef[]> {
  return {
    default: [
      { index: true, name: 'index', title: msg`Casino and sports betting`, Component: home.HomePage },
      { path: 'offers', name: 'offers', title: msg`Offers`, Component: offers.OffersPage },
      { path: 'offers/:id', name: 'offers.id', title: msg`Offer`, Component: offers.OfferPage },
      { path: 'betting', name: 'betting', title: msg`Sports betting`, Component: betting.BettingPage },
      {
        path: 'cashier',
        name: 'cashier',
        title: msg`Cashier`,
        protected: true,
        children: [
          { index: true, name: 'cashier.index', title: msg`Cashier`, loader: () => redirect('/cashier/deposit') },
          { path: 'wallet', name: 'cashier.wallet', title: msg`Wallet`, Component: cashier.WalletPage },
          // SPEC §2.1: billing goes to deposit while no deposit-method path is active.
          { path: 'billing', name: 'cashier.billing', title: msg`Deposit`, loader: () => redirect('/cashier/deposit') },
          { path: 'deposit', name: 'cashier.deposit', title: msg`Deposit`, Component: cashier.DepositPage },
          { path: 'deposit/:sysname', name: 'cashier.deposit.sysname', title: msg`Deposit`, Component: cashier.DepositMethodPage },
          { path: 'history', name: 'cashier.history', title: msg`Transaction history`, Component: cashier.HistoryPage },
          { path: 'receipt', name: 'cashier.receipt', title: msg`Receipt`, Component: cashier.ReceiptPage },
          { path: 'withdraw', name: 'cashier.withdraw', title: msg`Withdraw`, Component: cashier.WithdrawPage },
          // SPEC §2.1: each result page bare (static system page) and with its {transaction}.
          ...(['payfail', 'paysuccess', 'paypending', 'paycancel', 'paymobile', 'paynewwindow'] as const).flatMap((p) => [
            { path: p, name: `cashier.${p}`, title: payTitles[p], Component: cashier.paymentPage(p), noindex: true as const },
            { path: `${p}/:transaction`, name: `cashier.${p}.transaction`, title: payTitles[p], Component: cashier.paymentPage(p), noindex: true as const },
          ]),
        ],
      },
      { path: 'loyalty', name: 'loyalty', title: msg`Loyalty`, Component: loyalty.LoyaltyPage },
      { path: 'loyalty/shop', name: 'loyalty.shop', title: msg`Loyalty shop`, Component: loyalty.LoyaltyShopPage },
      { path: 'loyalty/:sysname', name: 'loyalty.sysname', title: msg`Loyalty programme`, Component: loyalty.LoyaltyProgramPage },
      {
        path: 'profile',
        name: 'profile',
        title: msg`Profile`,
        protected: true,
        children: [
          { index: true, name: 'profile.index', title: msg`Profile`, loader: () => redirect('/profile/settings') },
          { path: 'bets', name: 'profile.bets', title: msg`My bets`, Component: profile.ProfileBetsPage },
          { path: 'bonuses', name: 'profile.bonuses', title: msg`Bonuses`, Component: profile.ProfileBonusesPage },
          { path: 'loyalty', name: 'profile.loyalty', title: msg`Loyalty`, Component: profile.ProfileLoyaltyPage },
          { path: 'cashback', name: 'profile.cashback', title: msg`Cashback`, Component: profile.ProfileCashbackPage },
          { path: 'security', name: 'profile.security', title: msg`Security`, Component: profile.ProfileSecurityPage },
          { path: 'settings', name: 'profile.settings', title: msg`Settings`, Component: profile.ProfileSettingsPage },
          { path: 'notification', name: 'profile.notification', title: msg`Notifications`, Component: profile.ProfileNotificationPage },
          { path: 'verification', name: 'profile.verification', title: msg`Verification`, Component: profile.ProfileVerificationPage },
          { path: 'responsible-game', name: 'profile.responsible-game', title: msg`Responsible gaming`, Component: profile.ProfileResponsibleGamePage },
        ],
      },
      { path: 'support', name: 'support', title: msg`Support`, Component: support.SupportPage },
      { path: 'winners', name: 'winners', title: msg`Winners`, Component: winners.WinnersPage },
      { path: 'gamehall', name: 'gamehall', title: msg`Games`, Component: gamehall.GamehallPage },
      { path: 'gamehall/:id', name: 'gamehall.id', title: msg`Games`, Component: gamehall.GameCategoryPage },
      { path: 'jackpots', name: 'jackpots', title: msg`Jackpots`, Component: jackpots.JackpotsPage },
      { path: 'jackpots/:id', name: 'jackpots.id', title: msg`Jackpot`, Component: jackpots.JackpotPage },
      { path: 'providers', name: 'providers', title: msg`Game providers`, Component: providers.ProvidersPage },
      { path: 'promotions', name: 'promotions', title: msg`Promotions`, Component: promotions.PromotionsPage },
      { path: 'promotions/:id', name: 'promotions.id', title: msg`Promotion`, Component: promotions.PromotionPage },
      { path: 'tournaments', name: 'tournaments', title: msg`Tournaments`, Component: tournaments.TournamentsPage },
      { path: 'tournaments/:id', name: 'tournaments.id', title: msg`Tournament`, Component: tournaments.TournamentPage },
      { path: 'tournaments/:id/gamehall', name: 'tournaments.id.gamehall', title: msg`Tournament games`, Component: tournaments.TournamentGamesPage },
      { path: 'unsubscribe', name: 'unsubscribe', title: msg`Unsubscribe`, Component: unsubscribe.UnsubscribePage, noindex: true },
      { path: 'confirmation', name: 'confirmation', title: msg`Confirmation`, Component: confirmation.ConfirmationPage, noindex: true },
      { path: 'confirmation/success', name: 'confirmation.success', title: msg`Contact confirmed`, Component: confirmation.ConfirmationSuccessPage, noindex: true },
      { path: 'game/:sysname', name: 'game.sysname', title: msg`Game`, Component: game.GamePage },
      { path: 'responsible-game', name: 'responsible-game', title: msg`Responsible gaming`, Component: responsibleGame.ResponsibleGamePage, protected: true },
      { path: 'bets/*', name: 'bets', title: msg`My bets`, Component: bets.BetsPage, protected: true },
      {
        path: ':slug',
        name: 'slug',
        title: msg`Page`,
        Component: content.ContentPageView,
        loader: async (deps, { params }) => (await deps.loadContentPage(params.slug ?? '')) ?? notFound(),
      },
      {
        path: '_flows',
        name: 'flows',
        title: msg`Flows`,
        noindex: true,
        // 404 outside demo and staging, decided by the server's APP_ENV; the page's code is lazy.
        loader: async (deps) => (FLOWS_PAGE_ENVS.includes(deps.appEnv ?? '') ? (await import('./flows/flows-data')).flowsPageData() : notFound()),
        lazy: async () => ({ Component: (await import('./flows/FlowsPage')).FlowsPage }),
      },
      { path: '*', name: 'not-found', title: msg`Page not found`, loader: notFound },
    ],
    empty: [
      { path: 'forms/sign_in', name: 'forms.sign_in', title: msg`Log in`, Component: forms.SignInFormPage, noindex: true },
      { path: 'forms/sign_up', name: 'forms.sign_up', title: msg`Sign up`, Component: forms.SignUpFormPage, noindex: true },
    ],
    'svg-sprite': [{ path: '_icons', name: 'icons', title: msg`Icons`, Component: icons.IconsPage, noindex: true }],
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
  const handle: RouteHandle = { name: def.name, layout, title: def.title, protected: isProtected, noindex: def.noindex }
  const loader = async (args: LoaderFunctionArgs) => {
    const deps = resolve(args.context)
    // The root shows the site-wide system page (SPEC §8: a banned player); no guard sends them away.
    if (deps.fatal) return null
    if (isProtected) requireUser(deps.session, args.request)
    return def.loader ? def.loader(deps, args) : null
  }
  const children = def.children?.map((child) => toRoute(child, layout, resolve, isProtected))
  const base = { id: def.name, handle, loader, ...(def.lazy ? { lazy: def.lazy } : { Component: def.Component }) }
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
        if (fatal) throw data({ type: fatal.type }, { status: fatal.status })
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
