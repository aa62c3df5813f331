import { useLoaderData, useParams } from 'react-router'
import { EMPTY_HALL_DATA, type HallData } from '../../ui/app/games'
import { BannerStrip } from '../../ui/banners/Banners'
import { GamesHall } from '../../ui/games/hall/GamesHall'

export function GamehallPage() {
  const data = (useLoaderData() as HallData | null) ?? EMPTY_HALL_DATA
  return (
    <>
      <GamesHall data={data} category={null} />
      <BannerStrip position="casino" testId="casino-banners" />
    </>
  )
}

export function GameCategoryPage() {
  const data = (useLoaderData() as HallData | null) ?? EMPTY_HALL_DATA
  const { id } = useParams()
  // One flow per category: a new category starts from its own server-read first page.
  return <GamesHall key={id} data={data} category={id ?? null} />
}
