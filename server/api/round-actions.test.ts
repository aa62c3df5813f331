// games/round answers a round's decisions (`actions`), so the /fairness page can replay a step
// game from its seeds: the decisions recorded are the engine's own, in order, and replaying them
// from the revealed seed gives the state the server shows (docs/games.md#verifying-a-round).
import { describe, expect, it } from 'vitest'
import { STUDIO_TITLES } from '../../src/shared/games/catalogue'
import { KINDS, replayRound } from '../../src/shared/games/kinds'
import { roundStream } from '../domain/games/fair'
import { credit, walletOptions } from '../domain/wallet/seamless'
import { apiPlayers } from '../test/api-player'
import { PGLITE_ONLY, useTestApp } from '../test/harness'

const MINES = STUDIO_TITLES.find((t) => t.kind === 'mines')
const BLACKJACK = STUDIO_TITLES.find((t) => t.kind === 'blackjack')
let keys = 0
const key = () => `ra${Date.now().toString(36)}${(keys++).toString(36).padStart(4, '0')}`

describe.each(PGLITE_ONLY)('a round’s recorded decisions on %s', (backend) => {
  const t = useTestApp(backend)
  const players = apiPlayers(t, 193, 'round-actions-')

  async function funded() {
    const player = await players.newPlayer()
    await credit(t.database.db, { provider: 'test-cashier', transactionId: key(), playerId: player.id, currency: 'USD', amount: '50.00', kind: 'deposit' }, walletOptions(t.database.config))
    return player
  }

  it.skipIf(!MINES)('mines: the reveals and the cash-out come back in order and replay to the shown state once revealed', async () => {
    const player = await funded()
    let round = (await players.post(player, 'games/play', { game: MINES!.sysname, amount: '1.00', bet: JSON.stringify({ mines: 1 }), key: key() })).json().data
    expect(round.actions).toEqual([])
    const sent: unknown[] = []
    for (let tile = 0; round.status === 'open' && tile < 2; tile++) {
      sent.push({ reveal: tile })
      round = (await players.post(player, 'games/act', { round: round.id, step: String(round.step), action: JSON.stringify({ reveal: tile }) })).json().data
    }
    if (round.status === 'open') {
      sent.push({ cashOut: true })
      round = (await players.post(player, 'games/act', { round: round.id, step: String(round.step), action: JSON.stringify({ cashOut: true }) })).json().data
    }
    expect(round.actions).toEqual(sent)
    const revealed = (await players.post(player, 'games/rotateSeeds', {})).json().data.previous.serverSeed as string
    const shown = (await players.get(player, `games/round?round=${round.id}`)).json().data
    expect(shown.actions).toEqual(sent)
    expect(shown.fairness.serverSeed).toBe(revealed)
    const replayed = replayRound(KINDS.mines, MINES!.rules, shown.bet, shown.actions, roundStream(revealed, shown.fairness.clientSeed, shown.fairness.nonce))
    expect(KINDS.mines.view(replayed)).toEqual(shown.state)
  })

  it.skipIf(!BLACKJACK)('blackjack: each decision in the engine’s form (the action’s name) and the listing agrees', async () => {
    const player = await funded()
    let round = (await players.post(player, 'games/play', { game: BLACKJACK!.sysname, amount: '1.00', key: key() })).json().data
    const sent: string[] = []
    while (round.status === 'open') {
      const action = round.state.phase === 'insurance' ? 'noInsurance' : 'stand'
      sent.push(action)
      round = (await players.post(player, 'games/act', { round: round.id, step: String(round.step), action: JSON.stringify({ action }) })).json().data
    }
    expect(round.actions).toEqual(sent)
    const listed = (await players.get(player, 'games/rounds')).json().data.find((r: { id: string }) => r.id === round.id)
    expect(listed.actions).toEqual(sent)
  })
})
