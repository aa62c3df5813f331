// Sample events of the frame-messages flow, walked by its model test and by the flows registry.
import { defineEntry, type SampleTable } from '../../flow-entry'
import { frameMessagesMachine } from './frame-messages.machine'
import type { FrameMessagesEvent, FramePage } from './frame-messages.types'

/** The top page on the cashier's deposit page. */
export const depositPage: FramePage = { href: 'https://casino.example/cashier/deposit?x=1', pathname: '/cashier/deposit' }

// Every event type needs samples, or this does not compile. Each has one the top page follows and one it does not.
export const frameMessagesSamples = {
  'frame.navigated': [{ type: 'frame.navigated' }],
  'frame.refreshUser': [{ type: 'frame.refreshUser' }],
  'frame.redirect': [
    { type: 'frame.redirect', url: 'https://casino.example/?show_popup_reg=1', page: depositPage },
    { type: 'frame.redirect', url: '/es/promotions', page: depositPage },
    { type: 'frame.redirect', url: 'https://evil.example/', page: depositPage },
    { type: 'frame.redirect', url: 'http://[bad', page: depositPage },
  ],
  'frame.checkIframe': [
    { type: 'frame.checkIframe', path: '/cashier/paysuccess', page: depositPage },
    { type: 'frame.checkIframe', path: '/es/forms/sign_in', page: depositPage },
    { type: 'frame.checkIframe', path: '/cashier/deposit', page: depositPage },
  ],
} satisfies SampleTable<FrameMessagesEvent>

export const frameMessagesEntry = defineEntry({
  name: 'frame-messages',
  area: 'app',
  spec: '§2.3 frame messages (checkIframe, refresh_user, redirect)',
  description: "The site's side of the /forms frame messages: tells a parent where it is, and follows its own frames' messages",
  machine: frameMessagesMachine,
  events: frameMessagesSamples,
})
