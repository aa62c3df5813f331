// The studios page's loader (SPEC §2.1 /providers): the studios with their logos and counts, read on
// the server so they are in the HTML, through the hall's loader dependency (the studios alone).
import { EMPTY_HALL_QUERY } from '../../machines/games/hall/hall.rules'
import type { HallQuery } from '../../machines/games/hall/hall.types'
import type { HallData } from '../../ui/app/games'
import type { ProvidersData } from '../../ui/games/providers/ProvidersScreen'

/** `loadHall` is the page's RouteDeps.loadHall (absent in tests that build no API: nothing was read). */
export async function providersLoader(loadHall: ((query: HallQuery, pageSize: number) => Promise<HallData>) | undefined): Promise<ProvidersData> {
  if (!loadHall) return { studios: null }
  try {
    const { providers } = await loadHall(EMPTY_HALL_QUERY, 0)
    return { studios: providers }
  } catch {
    // A chunk that would not load in the browser: the page offers to try again, as for a failed read.
    return { studios: null }
  }
}
