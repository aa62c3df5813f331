import type { Config } from 'vike/types'

// One catch-all page; react-router owns routing and client navigation (ARCHITECTURE §1).
export default {
  clientRouting: false,
  passToClient: [],
} satisfies Config
