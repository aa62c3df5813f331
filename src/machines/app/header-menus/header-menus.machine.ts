// The header's menus: DESIGN 'Layout' (a player's header: balance, Deposit, profile menu) and SPEC §3
// 'Account info' (the balance total, its breakdown on tap; detalization locations header-cashier
// and header-profile-menu).
//
// Why this shape. The two popovers share one corner of the screen, so at most one is open: one
// state per menu plus `closed`, rather than two booleans that could both be true. A trigger sends
// 'menu.toggle' with its menu (open it, close it if it is the open one, or swap the other for it);
// everything else that ends a menu (Escape, a click or focus outside, a link chosen, a navigation)
// sends 'menu.close'. Non-modal popovers: no scroll lock, no dialog stack. The phone's menu sheet is
// a curtain of the dialog stack instead, since it is modal.

import { setup } from 'xstate'
import type { HeaderMenu, HeaderMenusEvent } from './header-menus.types'

export const headerMenusMachine = setup({
  types: {
    events: {} as HeaderMenusEvent,
  },
  guards: {
    asks: ({ event }, params: { menu: HeaderMenu }) => event.type === 'menu.toggle' && event.menu === params.menu,
  },
}).createMachine({
  id: 'headerMenus',
  initial: 'closed',
  states: {
    closed: {
      on: {
        'menu.toggle': [{ guard: { type: 'asks', params: { menu: 'balance' } }, target: 'balance' }, { target: 'account' }],
      },
    },
    balance: {
      on: {
        'menu.toggle': [{ guard: { type: 'asks', params: { menu: 'balance' } }, target: 'closed' }, { target: 'account' }],
        'menu.close': 'closed',
      },
    },
    account: {
      on: {
        'menu.toggle': [{ guard: { type: 'asks', params: { menu: 'account' } }, target: 'closed' }, { target: 'balance' }],
        'menu.close': 'closed',
      },
    },
  },
})

export type HeaderMenusMachine = typeof headerMenusMachine
