import { Trans } from '@lingui/react/macro'
import { BannerStrip } from '../../ui/banners/Banners'
import { SectionPage } from '../../ui/layout/SectionPage'

export function GamehallPage() {
  return (
    <SectionPage intro={<Trans>Every game, by category and provider.</Trans>} empty={<Trans>No games to show yet.</Trans>}>
      <BannerStrip position="casino" testId="casino-banners" />
    </SectionPage>
  )
}

export function GameCategoryPage() {
  return <SectionPage intro={<Trans>The games of one category.</Trans>} empty={<Trans>This category has no games yet.</Trans>} />
}
