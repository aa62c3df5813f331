// The heart on a game card (SPEC §4 'Favourites'): pressed at once, put back if the server refuses;
// a visitor's tap opens the login popup. Before the page hydrates there is no list: the heart is off.
import { useLingui } from '@lingui/react/macro'
import { css } from 'styled-system/css'
import type { ActorRefFrom } from 'xstate'
import { selectFavouritesRef } from '../../../machines/app/app/app.selectors'
import type { favouritesMachine } from '../../../machines/games/favourites/favourites.machine'
import { selectIsFavourite } from '../../../machines/games/favourites/favourites.selectors'
import { useAppSelector } from '../../app/AppProviders'
import { useActorValue } from '../../kit/useActorValue'

const heart = css({
  position: 'absolute',
  top: '1',
  right: '1',
  zIndex: 3,
  display: 'grid',
  placeItems: 'center',
  w: '9',
  h: '9',
  borderRadius: 'full',
  bg: 'rgb(0 0 0 / 0.55)',
  color: 'white',
  _hover: { bg: 'rgb(0 0 0 / 0.75)' },
  _focusVisible: { outline: '2px solid token(colors.accent)', outlineOffset: '2px' },
  '&[aria-pressed=true]': { color: '#ff5c7a' },
})

type FavouritesRef = ActorRefFrom<typeof favouritesMachine>

const notFavourite = () => false

export function FavouriteButton({ sysname, title }: { sysname: string; title: string }) {
  const ref = useAppSelector(selectFavouritesRef) as FavouritesRef | null
  // One element before and after the favourites wake: see useActorValue.
  const pressed = useActorValue(ref, selectIsFavourite(sysname), notFavourite)
  // A refusal is told once by the page (FavouritesRefusals), not by each card that shows the game.
  return <Heart pressed={pressed} title={title} onPress={ref ? () => ref.send({ type: 'favourites.toggle', sysname, title }) : undefined} />
}

function Heart({ pressed, title, onPress }: { pressed: boolean; title: string; onPress: (() => void) | undefined }) {
  const { t } = useLingui()
  return (
    <button type="button" className={heart} aria-pressed={pressed} aria-label={t`Favourite: ${title}`} onClick={onPress} data-testid="favourite-toggle">
      <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
        <path
          d="M12 20.5s-7.5-4.6-9.3-9.4C1.5 7.7 3.8 4.5 7.2 4.5c2 0 3.5 1.1 4.8 2.8 1.3-1.7 2.8-2.8 4.8-2.8 3.4 0 5.7 3.2 4.5 6.6-1.8 4.8-9.3 9.4-9.3 9.4z"
          fill={pressed ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  )
}
