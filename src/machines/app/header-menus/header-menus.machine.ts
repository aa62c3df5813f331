// The header's menus (DESIGN 'Layout', SPEC §3 'Account info'): the two popovers share one corner, so one
// state per menu plus `closed`, never two flags both true (docs/machines.md#header-menus).

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
