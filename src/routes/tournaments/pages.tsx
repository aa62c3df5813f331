import { Trans } from '@lingui/react/macro'
import { SectionPage } from '../../ui/layout/SectionPage'

export function TournamentsPage() {
  return <SectionPage intro={<Trans>Compete with other players for prizes.</Trans>} empty={<Trans>No tournaments are running right now.</Trans>} />
}

export function TournamentPage() {
  return <SectionPage intro={<Trans>Prizes, rules and the leaderboard.</Trans>} empty={<Trans>This tournament is not available.</Trans>} />
}

export function TournamentGamesPage() {
  return <SectionPage intro={<Trans>The games that count in this tournament.</Trans>} empty={<Trans>This tournament has no games yet.</Trans>} />
}
