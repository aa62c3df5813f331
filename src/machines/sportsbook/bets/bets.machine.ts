// The player's sports bets (/bets/*, "Sports bets" of /profile/bets; docs/machines.md#sportsbook-bets,
// docs/sportsbook.md#the-bets-page). Two things on the page change apart, so they are parallel
// regions: the list (every filter goes through `loading`, "show more" appends) and the cash-out of
// one open bet. The cash-out asks the offer, shows it asked again every CASHOUT_OFFER_POLL_MS while
// the player decides, checks the part typed, confirms, then sells with one key kept across retries;
// the server's "the offer moved" comes back to the offer with the new one.
import { assign, assertEvent, emit, setup } from 'xstate'
import { cashOut, loadBets, loadOffer } from './bets.actors'
import { canCashOut, cashOutKey, hasMore, mergeBets, readPart, replaceBet } from './bets.rules'
import {
  CASHOUT_OFFER_POLL_MS,
  SB_BALANCE_STALE,
  SB_BETS_PAGE_SIZE,
  type CashOutResult,
  type LoadBetsResult,
  type LoadOfferResult,
  type SbBetsContext,
  type SbBetsEmitted,
  type SbBetsEvent,
  type SbBetsInput,
} from './bets.types'

export const SB_BETS_TAGS = {
  /** A first page is read: the list shows skeletons. */
  loading: 'bets.loading',
  loadingMore: 'bets.loadingMore',
  /** The cash-out is being sent: its buttons wait. */
  cashing: 'cashout.busy',
} as const

type BetsDone = { event: { output: LoadBetsResult } }
const page = ({ event }: BetsDone) => ({ result: event.output })
type OfferDone = { event: { output: LoadOfferResult } }
const offered = ({ event }: OfferDone) => ({ result: event.output })
type CashDone = { event: { output: CashOutResult } }
const cashed = ({ event }: CashDone) => ({ result: event.output })

const sbBetsSetup = setup({
  types: {
    input: {} as SbBetsInput,
    context: {} as SbBetsContext,
    events: {} as SbBetsEvent,
    emitted: {} as SbBetsEmitted,
    children: {} as { loadBets: 'loadBets'; loadMore: 'loadBets'; loadOffer: 'loadOffer'; refreshOffer: 'loadOffer'; cashOut: 'cashOut' },
    tags: {} as (typeof SB_BETS_TAGS)[keyof typeof SB_BETS_TAGS],
  },
  actors: { loadBets, loadOffer, cashOut },
  delays: { offerPoll: CASHOUT_OFFER_POLL_MS },
  actions: {
    reportError: (_, params: { error: unknown }) => {
      console.error('sbBetsMachine:', params.error)
    },
    /** Money moved: the page has the site's one balance read again. */
    refreshBalance: emit({ type: SB_BALANCE_STALE }),
    assignFilter: assign(({ event }) => {
      assertEvent(event, 'bets.filter')
      return { filter: event.filter, bets: [], total: null, failure: null }
    }),
    assignFirstPage: assign((_, params: { result: LoadBetsResult }) => (params.result.ok ? { bets: [...params.result.bets], total: params.result.total, failure: null } : {})),
    assignMore: assign(({ context }, params: { result: LoadBetsResult }) => (params.result.ok ? { bets: mergeBets(context.bets, params.result.bets), total: params.result.total, failure: null } : {})),
    assignFailure: assign((_, params: { result: LoadBetsResult }) => (params.result.ok ? {} : { failure: params.result.error })),
    assignNetworkFailure: assign({ failure: { type: 'NetworkError' } }),
    assignBet: assign(({ event }) => {
      assertEvent(event, 'cashout.open')
      return { betId: event.bet, offer: null, mode: 'full' as const, amountText: '', amountProblem: null, notice: null, key: null, taking: null, cashFailure: null }
    }),
    clearCashOut: assign({ betId: null, offer: null, amountText: '', amountProblem: null, notice: null, key: null, taking: null, cashFailure: null }),
    assignOffer: assign((_, params: { result: LoadOfferResult }) => (params.result.ok ? { offer: params.result.offer } : {})),
    assignMode: assign(({ event }) => {
      assertEvent(event, 'cashout.mode')
      return { mode: event.mode, amountProblem: null }
    }),
    assignAmount: assign(({ event }) => {
      assertEvent(event, 'cashout.amount')
      return { amountText: event.value, amountProblem: null }
    }),
    assignAmountProblem: assign(({ context }) => {
      const read = readPart(context.amountText, context.locale, context.offer?.amount ?? '0', context.offer?.currency ?? '')
      return read.ok ? {} : { amountProblem: read.problem }
    }),
    /** What the confirmation shows and the cash-out sends: all of the offer, or the part read. */
    assignTaking: assign(({ context }) => {
      const offer = context.offer?.amount ?? null
      if (offer === null) throw new Error('sbBetsMachine: assignTaking without an offer')
      if (context.mode === 'full') return { taking: offer, notice: null }
      const read = readPart(context.amountText, context.locale, offer, context.offer!.currency)
      if (!read.ok) throw new Error('sbBetsMachine: assignTaking on a part that does not read')
      return { taking: read.amount, notice: null }
    }),
    /** A new amount confirmed is a new cash-out: a new key. A retry keeps the one it has. */
    assignKey: assign(() => ({ key: cashOutKey(), cashFailure: null })),
    assignCashedBet: assign(({ context }, params: { result: CashOutResult }) => (params.result.ok ? { bets: replaceBet(context.bets, params.result.bet) } : {})),
    assignChanged: assign((_, params: { result: CashOutResult }) =>
      !params.result.ok && params.result.reason === 'changed' ? { offer: params.result.offer, notice: 'changed' as const, taking: null, key: null } : {},
    ),
    /** Back from the confirmation: the amount is chosen again. */
    clearTaking: assign({ taking: null }),
    clearProblem: assign({ amountProblem: null }),
    assignAmountRefused: assign({ notice: 'amount_refused', taking: null, key: null }),
    assignCashFailure: assign((_, params: { result: CashOutResult }) => (!params.result.ok && params.result.reason === 'failed' ? { cashFailure: params.result.error } : {})),
    assignCashNetworkFailure: assign({ cashFailure: { type: 'NetworkError' } }),
  },
  guards: {
    hasMore: ({ context }) => hasMore(context.bets, context.total),
    rows: (_, params: { result: LoadBetsResult }) => params.result.ok && params.result.bets.length > 0,
    read: (_, params: { result: LoadBetsResult }) => params.result.ok,
    /** Only a bet shown as open and on the player's money opens the panel. */
    cashable: ({ context, event }) => {
      assertEvent(event, 'cashout.open')
      const bet = context.bets.find((b) => b.id === event.bet)
      return bet !== undefined && canCashOut(bet)
    },
    hasOffer: (_, params: { result: LoadOfferResult }) => params.result.ok && params.result.offer.amount !== null,
    noOffer: (_, params: { result: LoadOfferResult }) => params.result.ok && params.result.offer.amount === null,
    amountReads: ({ context }) => context.mode === 'full' || readPart(context.amountText, context.locale, context.offer?.amount ?? '0', context.offer?.currency ?? '').ok,
    cashedOut: (_, params: { result: CashOutResult }) => params.result.ok,
    offerChanged: (_, params: { result: CashOutResult }) => !params.result.ok && params.result.reason === 'changed',
    unavailable: (_, params: { result: CashOutResult }) => !params.result.ok && params.result.reason === 'unavailable',
    amountRefused: (_, params: { result: CashOutResult }) => !params.result.ok && params.result.reason === 'amount',
  },
})

const reportError = { type: 'reportError', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) } as const

/** Every state of the list answers a new filter with its first page. */
const change = { 'bets.filter': { target: '#sbBets.list.loading', reenter: true, actions: 'assignFilter' } } as const

/** The panel closes from anywhere but while the cash-out is sent (its answer must reach the row). */
const close = { 'cashout.close': { target: '#sbBets.cashout.idle', actions: 'clearCashOut' } } as const

export const sbBetsMachine = sbBetsSetup.createMachine({
  id: 'sbBets',
  type: 'parallel',
  context: ({ input }) => ({
    filter: input.filter ?? 'all',
    locale: input.locale,
    pageSize: input.pageSize ?? SB_BETS_PAGE_SIZE,
    bets: [],
    total: null,
    failure: null,
    betId: null,
    offer: null,
    mode: 'full',
    amountText: '',
    amountProblem: null,
    notice: null,
    key: null,
    taking: null,
    cashFailure: null,
  }),
  states: {
    list: {
      initial: 'loading',
      states: {
        loading: {
          tags: SB_BETS_TAGS.loading,
          on: change,
          invoke: {
            id: 'loadBets',
            src: 'loadBets',
            input: ({ context }) => ({ filter: context.filter, offset: 0, count: context.pageSize }),
            onDone: [
              { guard: { type: 'rows', params: page }, target: 'shown', actions: { type: 'assignFirstPage', params: page } },
              { guard: { type: 'read', params: page }, target: 'empty', actions: { type: 'assignFirstPage', params: page } },
              { target: 'failed', actions: { type: 'assignFailure', params: page } },
            ],
            onError: { target: 'failed', actions: ['assignNetworkFailure', reportError] },
          },
        },
        shown: {
          initial: 'idle',
          on: change,
          states: {
            idle: { on: { 'bets.more': { guard: 'hasMore', target: 'loadingMore' } } },
            loadingMore: {
              tags: SB_BETS_TAGS.loadingMore,
              invoke: {
                id: 'loadMore',
                src: 'loadBets',
                input: ({ context }) => ({ filter: context.filter, offset: context.bets.length, count: context.pageSize }),
                onDone: [
                  { guard: { type: 'read', params: page }, target: 'idle', actions: { type: 'assignMore', params: page } },
                  { target: 'moreFailed', actions: { type: 'assignFailure', params: page } },
                ],
                onError: { target: 'moreFailed', actions: ['assignNetworkFailure', reportError] },
              },
            },
            /** The next page failed: the bets read stay, and "try again" reads it again. */
            moreFailed: { on: { 'bets.retry': 'loadingMore', 'bets.more': 'loadingMore' } },
          },
        },
        /** No bet under this filter. */
        empty: { on: change },
        failed: { on: { ...change, 'bets.retry': 'loading' } },
      },
    },
    cashout: {
      initial: 'idle',
      states: {
        idle: { on: { 'cashout.open': { guard: 'cashable', target: 'quoting', actions: 'assignBet' } } },
        /** The first offer is asked for. */
        quoting: {
          // Asked again after "no cash-out now": the amount once confirmed is gone with its offer.
          entry: 'clearTaking',
          on: close,
          invoke: {
            id: 'loadOffer',
            src: 'loadOffer',
            input: ({ context }) => ({ bet: context.betId! }),
            onDone: [
              { guard: { type: 'hasOffer', params: offered }, target: 'offered', actions: { type: 'assignOffer', params: offered } },
              { guard: { type: 'noOffer', params: offered }, target: 'unavailable', actions: { type: 'assignOffer', params: offered } },
              { target: 'quoteFailed' },
            ],
            onError: { target: 'quoteFailed', actions: reportError },
          },
        },
        /** The offer is shown and the player picks all or a part; it is asked again every pause. */
        offered: {
          initial: 'waiting',
          // A problem with the part is said beside the field only; leaving the offer forgets it.
          exit: 'clearProblem',
          on: {
            ...close,
            'cashout.mode': { actions: 'assignMode' },
            'cashout.amount': { actions: 'assignAmount' },
            'cashout.submit': [{ guard: 'amountReads', target: 'confirming', actions: 'assignTaking' }, { actions: 'assignAmountProblem' }],
          },
          states: {
            waiting: { after: { offerPoll: 'refreshing' } },
            refreshing: {
              invoke: {
                id: 'refreshOffer',
                src: 'loadOffer',
                input: ({ context }) => ({ bet: context.betId! }),
                onDone: [
                  { guard: { type: 'hasOffer', params: offered }, target: 'waiting', actions: { type: 'assignOffer', params: offered } },
                  { guard: { type: 'noOffer', params: offered }, target: '#sbBets.cashout.unavailable', actions: { type: 'assignOffer', params: offered } },
                  // Not read this time: the offer shown stands (the server honours only a value near it) and the next pause asks again.
                  { target: 'waiting' },
                ],
                onError: { target: 'waiting', actions: reportError },
              },
            },
          },
        },
        /** "Cash out $12.40?": the amount fixed, the offer no longer asked (the server checks it). */
        confirming: {
          on: { ...close, 'cashout.back': { target: 'offered', actions: 'clearTaking' }, 'cashout.confirm': { target: 'cashing', actions: 'assignKey' } },
        },
        cashing: {
          tags: SB_BETS_TAGS.cashing,
          invoke: {
            id: 'cashOut',
            src: 'cashOut',
            input: ({ context }) => ({
              bet: context.betId!,
              key: context.key!,
              seen: context.offer!.amount!,
              ...(context.mode === 'partial' && context.taking !== null ? { amount: context.taking } : {}),
            }),
            onDone: [
              { guard: { type: 'cashedOut', params: cashed }, target: 'done', actions: [{ type: 'assignCashedBet', params: cashed }, 'refreshBalance'] },
              { guard: { type: 'offerChanged', params: cashed }, target: 'offered', actions: { type: 'assignChanged', params: cashed } },
              { guard: { type: 'unavailable', params: cashed }, target: 'unavailable' },
              { guard: { type: 'amountRefused', params: cashed }, target: 'offered', actions: 'assignAmountRefused' },
              { target: 'failed', actions: { type: 'assignCashFailure', params: cashed } },
            ],
            onError: { target: 'failed', actions: ['assignCashNetworkFailure', reportError] },
          },
        },
        /** No cash-out now (a leg suspended, a result being settled): said, and asked again on "try again". */
        unavailable: { on: { ...close, 'cashout.retry': 'quoting' } },
        /** The offer could not be read. */
        quoteFailed: { on: { ...close, 'cashout.retry': 'quoting' } },
        /** The cash-out's answer did not come back: sent again with the same key, it is paid once. */
        failed: { on: { ...close, 'cashout.retry': 'cashing' } },
        done: { on: close },
      },
    },
  },
})
