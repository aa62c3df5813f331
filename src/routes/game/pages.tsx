import { useLoaderData, useParams } from 'react-router'
import type { LaunchGame } from '../../machines/games/launch/launch.types'
import { GamePage as GameView } from '../../ui/games/launch/GamePage'

export function GamePage() {
  const game = useLoaderData() as LaunchGame
  const { sysname } = useParams()
  // One launch per game: another game's page starts its own flow.
  return <GameView key={sysname} game={game} />
}
