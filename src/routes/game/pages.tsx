import { Trans } from '@lingui/react/macro'
import { SectionPage } from '../../ui/layout/SectionPage'

export function GamePage() {
  return <SectionPage intro={<Trans>Play this game for real money or for fun.</Trans>} empty={<Trans>This game is not available.</Trans>} />
}
