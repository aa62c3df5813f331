import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { LayoutName } from '../../ui/layout/route-handle'

/** The system pages of SPEC §2.5. */
export type SystemPageType =
  | 'maintenance'
  | 'unavailable'
  | 'payCancel'
  | 'payFail'
  | 'payMobile'
  | 'payNewWindow'
  | 'payPending'
  | 'paySuccess'
  | 'notFound'
  | 'forbidden'
  | 'userBlocked'
  | 'unsubscribe'
  | 'errorsSlot'
  | 'error'

export interface SystemPageDef {
  status: number
  layout: LayoutName
  header: MessageDescriptor
  description: MessageDescriptor
  /** SPEC §2.5: the button appears only when its text exists; pages without a target have none. */
  button?: { text: MessageDescriptor; to: string }
  /** payment pending shows a loader while the payment settles */
  loader?: boolean
}

const deposit = '/cashier/deposit'

export const SYSTEM_PAGES: Record<SystemPageType, SystemPageDef> = {
  maintenance: {
    status: 503,
    layout: 'empty',
    header: msg`We are doing some maintenance`,
    description: msg`The site is temporarily unavailable. Your balance is safe. Please come back in a few minutes.`,
  },
  // Not the operator's maintenance: our database is briefly out of reach, and the page says so.
  unavailable: {
    status: 503,
    layout: 'empty',
    header: msg`Something went wrong on our side`,
    description: msg`The site cannot reach its records for a moment. Your balance and your bets are safe. Please try again in a minute.`,
  },
  forbidden: {
    status: 403,
    layout: 'empty',
    header: msg`Access denied`,
    description: msg`You do not have permission to open this page.`,
  },
  notFound: {
    status: 404,
    layout: 'default',
    header: msg`Page Not Found: {path}`,
    description: msg`The page you are looking for does not exist or has moved.`,
  },
  userBlocked: {
    status: 403,
    layout: 'default',
    header: msg`Your account is blocked`,
    description: msg`Please contact our support team to find out why and what to do next.`,
    button: { text: msg`Contact support`, to: '/support' },
  },
  errorsSlot: {
    status: 500,
    layout: 'default',
    header: msg`Something went wrong`,
    description: msg`We could not show this page. Please try again or pick another game.`,
    button: { text: msg`Go to the games hall`, to: '/gamehall' },
  },
  // A page that failed to render: an error, never "not found"; the view offers to try again.
  error: {
    status: 500,
    layout: 'default',
    header: msg`Something went wrong`,
    description: msg`We could not show this page. Please try again, or go to the home page.`,
    button: { text: msg`Go to the home page`, to: '/' },
  },
  unsubscribe: {
    status: 200,
    layout: 'default',
    header: msg`You are unsubscribed`,
    description: msg`You will no longer receive our mailings. You can subscribe again in your profile.`,
  },
  payCancel: {
    status: 200,
    layout: 'default',
    header: msg`Payment cancelled`,
    description: msg`You cancelled the payment. No money was taken.`,
    button: { text: msg`Back to deposit`, to: deposit },
  },
  payFail: {
    status: 200,
    layout: 'default',
    header: msg`Payment failed`,
    description: msg`The payment did not go through. No money was taken. Try again or choose another method.`,
    button: { text: msg`Try again`, to: deposit },
  },
  payMobile: {
    status: 200,
    layout: 'default',
    header: msg`Continue on your phone`,
    description: msg`Confirm the payment in your mobile app. We will update your balance as soon as it is done.`,
  },
  payNewWindow: {
    status: 200,
    layout: 'default',
    header: msg`Continue in the new window`,
    description: msg`Finish the payment in the window that opened. If it did not open, go back and try again.`,
    button: { text: msg`Back to deposit`, to: deposit },
  },
  payPending: {
    status: 200,
    layout: 'default',
    header: msg`Payment in progress`,
    description: msg`We are waiting for the payment provider to confirm. This usually takes less than a minute.`,
    loader: true,
  },
  paySuccess: {
    status: 200,
    layout: 'default',
    header: msg`Payment successful`,
    description: msg`Your money is on your balance. Good luck!`,
    button: { text: msg`Go to the games hall`, to: '/gamehall' },
  },
}
