import type { Config } from 'vike/types'

// Inherits ../+config.ts (no client routing, nothing passed to the client: the page writes its own
// state script) and overrides the hooks and the Page with the files beside this one.
export default {
  clientRouting: false,
  passToClient: [],
} satisfies Config
