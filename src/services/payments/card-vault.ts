// The payment provider's card fields (WithdrawSettings.card_vault): a new card's number is posted
// there straight from the browser and never to our API (ARCHITECTURE §5). The answer is checked
// against the contract's shapes like any call of ours.
import { is } from 'superstruct'
import { CardVaultAnswerSchema, CardVaultRefusalSchema, type CardVaultAnswer } from '../api/contract/cashier'

export type CardVaultResult =
  | { readonly ok: true; readonly card: CardVaultAnswer }
  | { readonly ok: false; readonly reason: 'refused'; readonly messageId: 'required' | 'cardNumber' }
  | { readonly ok: false; readonly reason: 'unavailable' }

/** Sends `digits` to the card fields at `url`; a network failure or an odd answer is 'unavailable'. */
export async function tokenizeCard(url: string, digits: string, fetcher: typeof fetch = fetch): Promise<CardVaultResult> {
  let res: Response
  try {
    res = await fetcher(url, {
      method: 'POST',
      body: new URLSearchParams({ card_number: digits }),
      // The provider's fields are not our API: our session cookie has no business there.
      credentials: 'omit',
      headers: { accept: 'application/json' },
    })
  } catch {
    return { ok: false, reason: 'unavailable' }
  }
  const body: unknown = await res.json().catch(() => null)
  if (res.ok && is(body, CardVaultAnswerSchema)) return { ok: true, card: body }
  if (res.status === 422 && is(body, CardVaultRefusalSchema)) return { ok: false, reason: 'refused', messageId: body.error.code }
  return { ok: false, reason: 'unavailable' }
}
