// Actors of the personal details form; the defaults call this browser page's API client, settling
// API errors as values (auth.results). Tests swap them with `.provide({ actors })`.
import { fromPromise } from 'xstate'
import { browserApiClient } from '../../../services/api/browser-client'
import { getPersonalDataFields, getprofileinfo } from '../../../services/api/contract/account'
import { saveProfileInfo } from '../../../services/api/contract/profile'
import { settleAuthCall } from '../../auth/auth.results'
import type { LoadFieldsResult, LoadProfileResult, SaveProfileInput, SaveProfileResult } from './profile-settings.types'

/** The site's default list answers a player without a country. */
const ANY_COUNTRY = 'ZZ'

/** GET account/getprofileinfo?fields=document, then the field list of the player's country. */
export const loadProfile = fromPromise<LoadProfileResult>(() =>
  settleAuthCall(async () => {
    const client = browserApiClient()
    const profile = await client.call(getprofileinfo, { fields: 'document' })
    const fields = await client.call(getPersonalDataFields, { country_code: profile.country_code ?? ANY_COUNTRY })
    return { profile, fields }
  }),
)

/** GET account/getPersonalDataFields for the country the player chose. */
export const loadFields = fromPromise<LoadFieldsResult, { countryCode: string }>(({ input }) =>
  settleAuthCall(async () => ({ fields: await browserApiClient().call(getPersonalDataFields, { country_code: input.countryCode }) })),
)

/** POST account/saveProfileInfo. */
export const saveProfile = fromPromise<SaveProfileResult, SaveProfileInput>(({ input }) =>
  settleAuthCall(async () => {
    const { sex, ...text } = input
    await browserApiClient().call(saveProfileInfo, { ...text, ...(sex ? { sex: Number(sex) } : {}) })
    return {}
  }),
)
