// @vitest-environment happy-dom
// The heart on a game card: the same button from the server's HTML on, pressed once the player's list is known.
import { setupI18n } from '@lingui/core'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { quietAppMachine } from '../../../machines/app/app/app.testing'
import { favouritesMachine } from '../../../machines/games/favourites/favourites.machine'
import type { FavouritesResult, SaveLikeInput } from '../../../machines/games/favourites/favourites.types'
import { VISITOR } from '../../../services/api/contract/account'
import { AppProviders } from '../../app/AppProviders'
import { FavouriteButton } from './FavouriteButton'

afterEach(cleanup)

/** A player whose list holds `liked`; the root's children wake when the test says (as after hydration). */
function show(liked: string[]) {
  const saved: SaveLikeInput[] = []
  const favourites = favouritesMachine.provide({
    actors: {
      loadLikes: fromPromise<FavouritesResult>(async () => ({ ok: true, likes: liked })),
      saveLike: fromPromise<FavouritesResult, SaveLikeInput>(async ({ input }) => {
        saved.push(input)
        return { ok: true, likes: input.like ? [input.sysname, ...liked] : liked.filter((s) => s !== input.sysname) }
      }),
    },
  })
  const machine = quietAppMachine({ favourites })
  const app = createActor(machine, { input: { account: { ...VISITOR, uid: 5, balance_main: { amount: '5.00', currency: 'USD' } }, locale: 'en', theme: 'dark' } }).start()
  render(
    <AppProviders i18n={setupI18n({ locale: 'en', messages: { en: {} } })} actor={app}>
      <FavouriteButton sysname="aurora-lanterns" title="Aurora Lanterns" />
      <FavouriteButton sysname="dice-classic" title="Dice" />
    </AppProviders>,
  )
  return { app, saved }
}

const flush = () => act(() => new Promise((r) => setTimeout(r, 0)))

describe('the favourite heart', () => {
  it('is the same button before and after the favourites wake, and then shows and changes the list', async () => {
    const { app, saved } = show(['aurora-lanterns'])
    const before = screen.getAllByTestId('favourite-toggle')
    // Before the page has hydrated nothing is known: every heart is off, as in the server's HTML.
    expect(before.map((b) => b.getAttribute('aria-pressed'))).toEqual(['false', 'false'])
    act(() => app.send({ type: 'app.hydrated' }))
    await flush()
    const after = screen.getAllByTestId('favourite-toggle')
    // The same elements: cards whose hearts were swapped for others were built again whole.
    after.forEach((button, i) => expect(button).toBe(before[i]))
    expect(after.map((b) => b.getAttribute('aria-pressed'))).toEqual(['true', 'false'])
    fireEvent.click(after[1]!)
    expect(after[1]!.getAttribute('aria-pressed')).toBe('true')
    await flush()
    expect(saved).toEqual([expect.objectContaining({ sysname: 'dice-classic', like: true })])
  })
})
