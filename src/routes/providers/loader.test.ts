import { describe, expect, it, vi } from 'vitest'
import { providerImage } from '../../shared/games/art'
import type { ApiClient } from '../../services/api/client'
import { EMPTY_HALL_QUERY } from '../../machines/games/hall/hall.rules'
import { loadHallWith, type HallData, type HallStudio } from '../../ui/app/games'
import { providersLoader } from './loader'

const studio = (sysname: string, name: string, games: number): HallStudio => ({ sysname, name, games, image: providerImage(sysname) })
const STUDIOS = [studio('northlight', 'Northlight Studio', 14), studio('redfox', 'Red Fox Games', 15)]

describe('the studios page’s loader', () => {
  const hall = (providers: HallData['providers']): HallData => ({ categories: [], providers, first: null })

  it('reads the studios alone through the hall’s dependency, and a failure as null', async () => {
    const loadHall = vi.fn(async () => hall(STUDIOS))
    expect(await providersLoader(loadHall)).toEqual({ studios: STUDIOS })
    // Page size 0: no categories, no games, only the studios.
    expect(loadHall).toHaveBeenCalledWith(expect.objectContaining({ providers: [], favourites: false }), 0)
    expect(await providersLoader(async () => hall(null))).toEqual({ studios: null })
    expect(await providersLoader(async () => Promise.reject(new Error('chunk')))).toEqual({ studios: null })
    expect(await providersLoader(undefined)).toEqual({ studios: null })
  })

  it('asks the server for the studios alone, with their counts and logos, when no page of games is wanted', async () => {
    const calls: { call: string; params: unknown }[] = []
    const api = (answer: () => Promise<unknown>) =>
      ({
        call: (def: { name: string }, params: unknown) => {
          calls.push({ call: def.name, params })
          return answer()
        },
        content: () => Promise.reject(new Error('no content here')),
      }) as unknown as ApiClient
    const read = await loadHallWith(api(async () => [{ sysname: 'redfox', name: 'Red Fox Games', games: 15, image: providerImage('redfox') }, { sysname: 'bare' }]))(EMPTY_HALL_QUERY, 0)
    expect(calls).toEqual([{ call: 'getProviders', params: { fields: ['sysname', 'name', 'games', 'image'] } }])
    expect(read).toEqual({ categories: [], first: null, providers: [studio('redfox', 'Red Fox Games', 15), { sysname: 'bare', name: 'bare', games: 0, image: null }] })
    // A refused read is no studios known (the page offers to try again), not an empty list.
    expect((await loadHallWith(api(() => Promise.reject(new Error('503'))))(EMPTY_HALL_QUERY, 0)).providers).toBeNull()
  })
})
