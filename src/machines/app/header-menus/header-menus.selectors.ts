// What views read from the header's menus (ARCHITECTURE §7 rule 4: selectors, never state strings).
import type { SnapshotFrom } from 'xstate'
import type { HeaderMenusMachine } from './header-menus.machine'
import { HEADER_MENUS, type HeaderMenu } from './header-menus.types'

export type HeaderMenusSnapshot = SnapshotFrom<HeaderMenusMachine>

/** The open menu, or null. */
export const selectOpenMenu = (snapshot: HeaderMenusSnapshot): HeaderMenu | null =>
  HEADER_MENUS.find((menu) => snapshot.matches(menu)) ?? null

export const selectIsMenuOpen =
  (menu: HeaderMenu) =>
  (snapshot: HeaderMenusSnapshot): boolean =>
    snapshot.matches(menu)
