// The games search popup (SPEC §2.4 'games search'): the header's search. It runs the hall's flow
// (src/machines/games/hall) on the search alone, a short list of matches as the player types;
// a match opens its game, Enter or "See every match" opens the hall with the search.
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { useId, useRef } from 'react'
import { Link, useNavigate } from 'react-router'
import { css } from 'styled-system/css'
import { hallMachine } from '../../../machines/games/hall/hall.machine'
import { EMPTY_HALL_QUERY } from '../../../machines/games/hall/hall.rules'
import { selectBusy, selectHallView, selectItems, selectQuery, selectTotal, selectTyped } from '../../../machines/games/hall/hall.selectors'
import type { Dialog as DialogModel } from '../../../machines/app/dialog-stack/dialog-stack.types'
import { useFlowActor } from '../../app/useFlowActor'
import { Dialog } from '../../kit/Dialog'
import { gamePageHref } from './GameCard'
import { hallHref } from './GamesHall'

/** Matches the popup lists; the rest are one click away in the hall. */
const LISTED = 8

const field = css({ w: 'full', minH: '12', px: '4', borderRadius: 'md', bg: 'bg', color: 'text', border: '1px solid token(colors.border)', fontSize: 'md', _focusVisible: { outline: '2px solid token(colors.accent)', outlineOffset: '1px' } })
const list = css({ listStyle: 'none', p: 0, m: 0, mt: '3', display: 'grid', gap: '1', minH: '12' })
const row = css({
  display: 'grid',
  gridTemplateColumns: '64px minmax(0, 1fr)',
  alignItems: 'center',
  gap: '3',
  p: '1.5',
  borderRadius: 'md',
  color: 'text',
  _hover: { bg: 'surfaceRaised' },
  _focusVisible: { outline: '2px solid token(colors.accent)', bg: 'surfaceRaised' },
})
const thumb = css({ w: '64px', h: '48px', borderRadius: 'sm', objectFit: 'cover', bg: 'surfaceRaised' })
const muted = css({ textStyle: 'small', color: 'textMuted' })

export function GamesSearchDialog({ dialog, onClose }: { dialog: DialogModel; onClose: () => void }) {
  const { t } = useLingui()
  const navigate = useNavigate()
  const inputId = useId()
  const input = useRef<HTMLInputElement>(null)
  // The flow reads nothing until there is something to find: the popup starts empty, not loading.
  const actor = useFlowActor(hallMachine, { input: { query: EMPTY_HALL_QUERY, pageSize: LISTED, initial: { query: EMPTY_HALL_QUERY, page: { items: [], total: 0 } } } })
  const typed = useSelector(actor, selectTyped)
  const query = useSelector(actor, selectQuery)
  const items = useSelector(actor, selectItems)
  const total = useSelector(actor, selectTotal) ?? 0
  const view = useSelector(actor, selectHallView)
  const busy = useSelector(actor, selectBusy)
  const searched = query.text !== ''
  const shownText = query.text
  const seeAll = () => {
    onClose()
    void navigate(hallHref({ ...EMPTY_HALL_QUERY, text: query.text || typed.trim() }))
  }
  return (
    <Dialog open size="md" title={t`Search games`} onClose={onClose} preventClose={dialog.preventClose} initialFocusRef={input}>
      <form
        role="search"
        onSubmit={(e) => {
          e.preventDefault()
          seeAll()
        }}
        data-testid="games-search"
      >
        <label htmlFor={inputId} className={css({ srOnly: true })}>
          <Trans>Game or studio</Trans>
        </label>
        <input
          ref={input}
          id={inputId}
          className={field}
          type="search"
          enterKeyHint="search"
          autoComplete="off"
          spellCheck={false}
          placeholder={t`Search by game or studio`}
          value={typed}
          onChange={(e) => actor.send({ type: 'hall.search.change', text: e.currentTarget.value })}
          data-testid="games-search-input"
        />
      </form>
      <div aria-live="polite" aria-busy={busy} className={css({ mt: '3' })}>
        {!searched ? (
          <p className={muted}>
            <Trans>Type a game’s name or a studio. Spelling slips are fine.</Trans>
          </p>
        ) : view === 'empty' ? (
          <p className={muted} data-testid="games-search-empty">
            <Trans>No games match “{shownText}”.</Trans>
          </p>
        ) : view === 'failed' ? (
          <p className={muted}>
            <Trans>The search did not answer. Try again in a moment.</Trans>
          </p>
        ) : (
          <>
            <ul className={list} aria-label={t`Matches`}>
              {items.map((game) => (
                <li key={game.sysname}>
                  <Link to={gamePageHref(game.sysname, 'real')} className={row} onClick={onClose} data-testid="games-search-result" data-game={game.sysname}>
                    <img className={thumb} src={game.image.x1} srcSet={`${game.image.x1} 1x, ${game.image.x2} 2x`} width={64} height={48} alt="" loading="lazy" />
                    <span>
                      <span className={css({ display: 'block', textStyle: 'label' })}>{game.title}</span>
                      <span className={muted}>{game.provider.name}</span>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
            {total > 0 ? (
              <button type="button" onClick={seeAll} className={css({ mt: '3', color: 'accent', fontWeight: 'semibold', textDecoration: 'underline' })} data-testid="games-search-all">
                <Plural value={total} one="See the match in the games hall" other="See all # matches in the games hall" />
              </button>
            ) : null}
          </>
        )}
      </div>
    </Dialog>
  )
}
