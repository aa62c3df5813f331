// The game client's default effects: the games API (purse, openRound, rounds, play, act), the
// page's remembered settings (localStorage) and the messages to and from the framing page.
import { fromCallback, fromPromise } from 'xstate'
import { browserApiClient } from '../../../services/api/browser-client'
import { actOnRound, getOpenRound, getPurse, getRounds, playRound, type Purse, type Round } from '../../../services/api/contract/games'
import { listenToGameParent, postToGameParent } from '../../../services/games/game-frame'
import { read, store } from '../../../services/storage/local'
import { HISTORY_SIZE } from './game-client.rules'
import type { ActInput, GameClientActionParams, GameClientEvent, GamePrefs, LoadedTable, LoadInput, PlayInput, SavedBet } from './game-client.types'

const SETTINGS_KEY = 'game_settings'
const betKey = (game: string) => `game_bet:${game}`

function readJson(key: string): unknown {
  try {
    return JSON.parse(read(key) ?? 'null')
  } catch {
    return null
  }
}

/** Sound (off until the player turns it on) and turbo, and this title's last stake and options. */
export function readPrefs(game: string): GamePrefs {
  const settings = readJson(SETTINGS_KEY) as { soundOn?: unknown; turbo?: unknown } | null
  const saved = readJson(betKey(game)) as Partial<SavedBet> | null
  const validSaved =
    saved && typeof saved.currency === 'string' && typeof saved.stake === 'string' && typeof saved.bet === 'object' && saved.bet !== null && !Array.isArray(saved.bet)
      ? { currency: saved.currency, stake: saved.stake, bet: saved.bet }
      : null
  return { soundOn: settings?.soundOn === true, turbo: settings?.turbo === true, saved: validSaved }
}

/** Reads the purse, the round to resume and the latest rounds at once (GET games/purse, games/openRound, games/rounds). */
export const loadTable = fromPromise<LoadedTable, LoadInput>(async ({ input }) => {
  const api = browserApiClient()
  const [purse, open, history] = await Promise.all([
    api.call(getPurse, { game: input.game, mode: input.mode }),
    api.call(getOpenRound, { game: input.game, mode: input.mode }),
    api.call(getRounds, { game: input.game, limit: HISTORY_SIZE }),
  ])
  return { purse, open, history, prefs: readPrefs(input.game) }
})

/** Reads the purse again (GET games/purse). */
export const refreshPurse = fromPromise<Purse, LoadInput>(({ input }) => browserApiClient().call(getPurse, { game: input.game, mode: input.mode }))

/** Starts a round (POST games/play); the key makes a retried request the same round. */
export const startRound = fromPromise<Round, PlayInput>(({ input }) =>
  browserApiClient().call(playRound, { game: input.game, amount: input.amount, bet: input.bet, key: input.key, mode: input.mode, free_spin: input.freeSpin }),
)

/** One decision in the open round (POST games/act), for the step the player saw. */
export const actInRound = fromPromise<Round, ActInput>(({ input }) =>
  browserApiClient().call(actOnRound, { round: input.round, step: input.step, action: input.action }),
)

/** The framing page's messages (our own origin only) as the table's events. */
export const parentMessages = fromCallback<GameClientEvent>(({ sendBack }) =>
  listenToGameParent((message) => {
    if (message.type === 'set_sound') sendBack({ type: 'settings.sound', on: message.on })
    else sendBack({ type: 'purse.refresh' })
  }),
)

/** Default implementations of the table's named actions that reach outside it. */
export const effects = {
  notifyNeedsDeposit: () => void postToGameParent({ type: 'needs_deposit' }),
  announceBalance: (params: GameClientActionParams['announceBalance']) => void postToGameParent({ type: 'balance_changed', balance: params.balance, currency: params.currency }),
  announceFreeSpins: (params: GameClientActionParams['announceFreeSpins']) => void postToGameParent({ type: 'free_spins', remaining: params.remaining }),
  requestClose: () => void postToGameParent({ type: 'close' }),
  rememberSettings: (params: GameClientActionParams['rememberSettings']) => store(SETTINGS_KEY, JSON.stringify(params)),
  rememberBet: (params: GameClientActionParams['rememberBet']) => store(betKey(params.game), JSON.stringify(params.saved)),
}

/** A random seed for the page's round keys. */
export function newKeySeed(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
  const bytes = new Uint8Array(16)
  crypto.getRandomValues(bytes)
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('')
}
