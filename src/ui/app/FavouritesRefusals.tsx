// Says so when the server refuses a heart (the card has put it back): one toast per tap, from the
// favourites actor's own word, however many cards on the page show that game.
import { useLingui } from '@lingui/react/macro'
import type { ActorRefFrom } from 'xstate'
import { selectFavouritesRef } from '../../machines/app/app/app.selectors'
import type { favouritesMachine } from '../../machines/games/favourites/favourites.machine'
import { FAVOURITES_REFUSED } from '../../machines/games/favourites/favourites.types'
import { useAppSelector, useToasts } from './AppProviders'
import { useEmitted } from './useEmitted'

type FavouritesRef = ActorRefFrom<typeof favouritesMachine>

export function FavouritesRefusals() {
  const ref = useAppSelector(selectFavouritesRef) as FavouritesRef | null
  return ref ? <Refusals actor={ref} /> : null
}

function Refusals({ actor }: { actor: FavouritesRef }) {
  const { t } = useLingui()
  const toasts = useToasts()
  useEmitted(actor, FAVOURITES_REFUSED, ({ title }) => {
    toasts.send({ type: 'toast.show', toast: { type: 'error', message: t`We could not save ${title} to your favourites. Try again.` } })
  })
  return null
}
