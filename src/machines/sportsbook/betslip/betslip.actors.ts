// Actors of the betslip: the saved slip (localStorage for a visitor, sportsbook/settings for a
// player), sportsbook/outcomes to show it with prices now, sportsbook/placeBet, and the public
// topics `sb.event.{id}` of the slip's events. An API error comes back as a value; tests swap
// every actor with `.provide()`.
import { fromCallback, fromPromise } from 'xstate'
import { browserApiClient } from '../../../services/api/browser-client'
import { read, store } from '../../../services/storage/local'
import { followPublicTopic } from '../../../services/socket/topics'
import { isApiError } from '../../../shared/errors'
import { isOddsFormat, isPrice } from '../../../shared/sportsbook/odds'
import { MAX_SELECTIONS } from '../../../shared/sportsbook/bets'
import { parseChange } from '../live.rules'
import { activeFreeBet } from './betslip.rules'
import { ODDS_FORMAT_STORAGE_KEY, SLIP_STORAGE_KEY, type SlipFreeBet, type BetslipEvent, type FollowEvent, type PlaceInput, type PlaceResult, type RestoreInput, type RestoreResult, type SavedSlip, type SaveInput } from './betslip.types'

const contract = () => import('../../../services/api/contract/sportsbook')
const bonusContract = () => import('../../../services/api/contract/betting-bonuses')

/**
 * A list sent as one JSON field: the wire spreads a top-level array over repeated keys, while a
 * wireJson field is one JSON text (the schema parses it back into the list the type names).
 */
const jsonField = <T>(list: readonly T[]): T[] => JSON.stringify(list) as unknown as T[]

/** A stored slip as this browser kept it; anything unreadable is no slip. */
export function parseSaved(text: string | null): SavedSlip {
  if (!text) return []
  try {
    const value: unknown = JSON.parse(text)
    if (!Array.isArray(value)) return []
    return value.filter((x): x is { outcome_id: string; price: number } => typeof x === 'object' && x !== null && typeof x.outcome_id === 'string' && /^[1-9]\d{0,17}$/.test(x.outcome_id) && isPrice(x.price)).slice(0, MAX_SELECTIONS)
  } catch {
    return []
  }
}

/** The saved slip (and a player's settings), then its outcomes as they stand now. */
export const restoreSlip = fromPromise<RestoreResult, RestoreInput>(async ({ input }) => {
  const api = browserApiClient()
  const { getSlipOutcomes, getSportsSettings } = await contract()
  try {
    let saved = parseSaved(read(SLIP_STORAGE_KEY))
    let settings = null
    let unsaved = false
    let freeBet: SlipFreeBet | null = null
    if (input.loggedIn) {
      const { getBettingBonuses } = await bonusContract()
      const [s, bonuses] = await Promise.all([api.call(getSportsSettings, {}), api.call(getBettingBonuses, {})])
      freeBet = activeFreeBet(bonuses, Date.now())
      settings = {
        oddsFormat: s.odds_format,
        policy: s.odds_policy,
        limits: s.limits,
      }
      // A slip made before logging in is the one the player means; it goes to the account.
      const local = input.current.length > 0 ? input.current : saved
      unsaved = local.length > 0
      saved = local.length > 0 ? local : s.slip
      if (unsaved) store(SLIP_STORAGE_KEY, '[]')
    } else if (input.current.length > 0) saved = input.current
    const outcomes =
      saved.length === 0
        ? []
        : await api.call(getSlipOutcomes, {
            ids: saved.map((s) => s.outcome_id).join(','),
          })
    const local = input.loggedIn ? null : read(ODDS_FORMAT_STORAGE_KEY)
    return { ok: true, saved, outcomes, settings, unsaved, freeBet, localFormat: isOddsFormat(local) ? local : null }
  } catch (error) {
    if (isApiError(error)) return { ok: false, type: error.type }
    throw error
  }
})

/** Keeps the slip where it belongs: this browser for a visitor, the account for a player. */
export const saveSlip = fromPromise<{ ok: boolean }, SaveInput>(async ({ input }) => {
  if (!input.loggedIn) {
    store(SLIP_STORAGE_KEY, JSON.stringify(input.slip))
    store(ODDS_FORMAT_STORAGE_KEY, input.oddsFormat)
    return { ok: true }
  }
  const { saveSportsSettings } = await contract()
  try {
    await browserApiClient().call(saveSportsSettings, {
      slip: jsonField(input.slip),
      odds_policy: input.policy,
      odds_format: input.oddsFormat,
    })
    return { ok: true }
  } catch (error) {
    if (isApiError(error)) return { ok: false }
    throw error
  }
})

const stringData = (data: Record<string, unknown> | null): Record<string, string> => Object.fromEntries(Object.entries(data ?? {}).flatMap(([k, v]) => (typeof v === 'string' || typeof v === 'number' ? [[k, String(v)]] : [])))

/** Places the bets one after another, stopping at the first refusal (the rest stay on the slip). */
export const placeBets = fromPromise<PlaceResult, PlaceInput>(async ({ input }) => {
  const api = browserApiClient()
  const { placeSportsBet } = await contract()
  const placed: PlaceResult['placed'][number][] = []
  for (const bet of input.bets) {
    try {
      placed.push(
        await api.call(placeSportsBet, {
          key: bet.key,
          kind: bet.kind,
          ...(bet.system ? { system: bet.system } : {}),
          stake: bet.stake,
          ...(bet.free_bet ? { free_bet: bet.free_bet } : {}),
          ...(bet.balance ? { balance: bet.balance } : {}),
          odds_policy: input.policy,
          selections: jsonField(bet.selections),
        }),
      )
    } catch (error) {
      if (!isApiError(error)) throw error
      const changes = Array.isArray(error.errorData?.changes)
        ? (error.errorData.changes as {
            outcome_id: string
            price: number | null
          }[])
        : undefined
      return {
        placed,
        refusal: {
          type: error.type,
          code: String(error.code ?? error.type),
          data: stringData(error.errorData),
          ...(changes ? { changes } : {}),
        },
      }
    }
  }
  return { placed, refusal: null }
})

/** Follows `sb.event.{id}` of every event on the slip; the slip tells it when that list changes. */
export const followSlip = fromCallback<FollowEvent, { eventIds: readonly string[] }, BetslipEvent>(({ input, sendBack, receive }) => {
  const stops = new Map<string, () => void>()
  const follow = (ids: readonly string[]) => {
    for (const [id, stop] of stops) {
      if (ids.includes(id)) continue
      stop()
      stops.delete(id)
    }
    for (const id of ids) {
      if (stops.has(id)) continue
      stops.set(
        id,
        followPublicTopic(`sb.event.${id}`, (data) => {
          const change = parseChange(data)
          if (change && change.id === id) sendBack({ type: 'slip.live', change })
        }),
      )
    }
  }
  follow(input.eventIds)
  receive((event) => follow(event.eventIds))
  return () => {
    for (const stop of stops.values()) stop()
  }
})
