import { useLoaderData, useParams } from 'react-router'
import type { BoardData, EventData } from '../../ui/app/sportsbook'
import { BannerStrip } from '../../ui/banners/Banners'
import { SportsBoard } from '../../ui/sportsbook/board/SportsBoard'
import { SportsEvent } from '../../ui/sportsbook/event/SportsEvent'

export function BettingPage() {
  const loaded = useLoaderData() as { data: BoardData | null } | null
  return (
    <>
      <SportsBoard data={loaded?.data ?? null} />
      <BannerStrip position="sports" testId="sports-banners" />
    </>
  )
}

export function BettingEventPage() {
  const data = useLoaderData() as EventData | null
  const { id = '' } = useParams()
  // One flow per event: another event starts from its own server-read board.
  return <SportsEvent key={id} id={id} data={data} />
}
