// The offline page's words (SPEC §4 'Service worker'). The page is written at build time, outside
// React, by scripts/vite-service-worker.ts, which reads them from the compiled catalogs by these
// explicit ids; this module is where `lingui extract` finds them.
import { msg } from '@lingui/core/macro'

export const OFFLINE_MESSAGES = {
  title: msg({ id: 'offline.title', message: 'Offline · Royal Ace' }),
  heading: msg({ id: 'offline.heading', message: 'You are offline' }),
  body: msg({ id: 'offline.body', message: 'Check your connection. Your balance and bets are safe; this page loads again once you are back online.' }),
  retry: msg({ id: 'offline.retry', message: 'Try again' }),
} as const
