import { SystemPageView } from './SystemPageView'
import type { SystemPageType } from './system-pages'

const paymentTypes = {
  payfail: 'payFail',
  paysuccess: 'paySuccess',
  paypending: 'payPending',
  paycancel: 'payCancel',
  paymobile: 'payMobile',
  paynewwindow: 'payNewWindow',
} as const satisfies Record<string, SystemPageType>

/** The payment result routes of SPEC §4 render the matching system page of §2.5. */
export function paymentPage(route: keyof typeof paymentTypes) {
  const type = paymentTypes[route]
  function PaymentResultPage() {
    return <SystemPageView type={type} />
  }
  PaymentResultPage.displayName = `PaymentResultPage(${route})`
  return PaymentResultPage
}
