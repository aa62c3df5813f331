// The game client page (/platform/game/{sysname}/play): the shell of a title of our studio, the
// "cannot be shown" page of a title whose kind has no table here, or a not-found page. Rendered by
// its own Vike page (src/renderer/game-client), with none of the site's app around it.
import type { I18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import { lazy, Suspense, useEffect, useState } from 'react'
import type { InspectionEvent, Observer } from 'xstate'
import { css } from 'styled-system/css'
import type { PlayMode } from '../../../services/api/contract/games'
import type { StudioTitle } from '../../../shared/games/catalogue'
import { isRoundKind } from '../../../shared/games/kinds'
import { GameShell } from './GameShell'
import { CannotShow, StagePlaceholder } from './ViewSlot'

// A crash title shares one round with every player: its own flow and page (src/ui/games/crash), a
// chunk of its own, drawn in the browser only (the server draws its placeholder).
const CrashPage = lazy(() => import('../crash/CrashPage').then((module) => ({ default: module.CrashPage })))

export interface GameClientPageProps {
  readonly i18n: I18n
  /** The address's title (the server reads the catalogue and hands it over); null: the page is a 404. */
  readonly title: StudioTitle | null
  readonly mode: PlayMode
  /** In the site's game page, whose bar names the game and switches the money (`?in=site`). */
  readonly inSite?: boolean
  readonly inspect?: Observer<InspectionEvent>
}

const page = css({ minH: '100dvh', display: 'grid', placeItems: 'center', p: '6', bg: 'bg', color: 'text', textAlign: 'center' })

export function GameClientPage({ i18n, title, mode, inSite = false, inspect }: GameClientPageProps) {
  useEffect(() => {
    // Controls work from here on; journeys wait for it, as on the site's pages.
    document.documentElement.dataset.hydrated = 'true'
  }, [])
  return (
    <I18nProvider i18n={i18n}>
      {title === null ? (
        <GameNotFound />
      ) : isRoundKind(title.kind) ? (
        <GameShell title={title} mode={mode} inSite={inSite} inspect={inspect} />
      ) : title.kind === 'crash' ? (
        <CrashTitle title={title} mode={mode} />
      ) : (
        <main className={page}>
          <div className={css({ w: 'full', maxW: '36rem' })}>
            <CannotShow />
          </div>
        </main>
      )}
    </I18nProvider>
  )
}

function CrashTitle({ title, mode }: { title: StudioTitle; mode: PlayMode }) {
  const [browser, setBrowser] = useState(false)
  useEffect(() => setBrowser(true), [])
  const placeholder = (
    <main className={css({ maxW: '56rem', mx: 'auto', p: '6' })} aria-busy="true">
      <StagePlaceholder />
    </main>
  )
  return browser ? (
    <Suspense fallback={placeholder}>
      <CrashPage title={title} mode={mode} />
    </Suspense>
  ) : (
    placeholder
  )
}

export function GameNotFound() {
  return (
    <main className={page} data-testid="game-not-found">
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '3', maxW: '28rem' })}>
        <h1 className={css({ textStyle: 'display' })}>
          <Trans>Game not found</Trans>
        </h1>
        <p className={css({ color: 'textMuted' })}>
          <Trans>There is no game at this address. It may have been removed, or the link is wrong.</Trans>
        </p>
        <p>
          <a href="/gamehall" target="_top" className={css({ color: 'accent', textDecoration: 'underline' })}>
            <Trans>See all games</Trans>
          </a>
        </p>
      </div>
    </main>
  )
}
