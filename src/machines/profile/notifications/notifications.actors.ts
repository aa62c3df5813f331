// Actors of the news-and-offers choices; the defaults call this browser page's API client, settling
// API errors as values (auth.results). Tests swap them with `.provide({ actors })`.
import { fromPromise } from 'xstate'
import { browserApiClient } from '../../../services/api/browser-client'
import { changeSubscription, getprofileinfo } from '../../../services/api/contract/account'
import { settleAuthCall } from '../../auth/auth.results'
import type { LoadContactsResult, SaveSubscriptionInput, SaveSubscriptionResult } from './notifications.types'

/** GET account/getprofileinfo?fields=contacts. */
export const loadContacts = fromPromise<LoadContactsResult>(() =>
  settleAuthCall(async () => ({ contacts: (await browserApiClient().call(getprofileinfo, { fields: 'contacts' })).contacts ?? [] })),
)

/** POST account/changeSubscription. */
export const saveSubscription = fromPromise<SaveSubscriptionResult, SaveSubscriptionInput>(({ input }) =>
  settleAuthCall(async () => {
    await browserApiClient().call(changeSubscription, { contact: input.contact, subscription: input.on })
    return {}
  }),
)
