// Types of the header's menus (DESIGN 'Layout': a player's header holds the balance, Deposit and
// the profile menu; SPEC §3 'Account info': the balance breakdown on tap).

/** The header's popovers: the balance breakdown and the account (profile) menu. */
export const HEADER_MENUS = ['balance', 'account'] as const
export type HeaderMenu = (typeof HEADER_MENUS)[number]

export type HeaderMenusEvent =
  /** The menu's trigger: opens it, closes it when it is the one open, or swaps the other for it. */
  | { type: 'menu.toggle'; menu: HeaderMenu }
  /** Whatever ends a menu: Escape, a click or focus outside, a choice made, a navigation. */
  | { type: 'menu.close' }
