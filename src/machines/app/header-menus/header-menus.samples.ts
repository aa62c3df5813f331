// Sample events of the header menus, walked by the model test and by the flows registry.
import { defineEntry, type SampleTable } from '../../flow-entry'
import { headerMenusMachine } from './header-menus.machine'
import { HEADER_MENUS, type HeaderMenusEvent } from './header-menus.types'

// Every event type needs samples, or this does not compile.
export const headerMenusSamples = {
  'menu.toggle': HEADER_MENUS.map((menu) => ({ type: 'menu.toggle' as const, menu })),
  'menu.close': [{ type: 'menu.close' }],
} satisfies SampleTable<HeaderMenusEvent>

export const headerMenusEntry = defineEntry({
  name: 'header-menus',
  area: 'app',
  spec: '§3 Account info (balance breakdown), DESIGN Layout (profile menu)',
  description: "The header's popovers, at most one open: the balance breakdown and the account menu",
  machine: headerMenusMachine,
  events: headerMenusSamples,
})
