// The site's game page (/game/{sysname}; DESIGN 'Game page'): a thin bar (back to the games, the
// title, demo or real money, full screen, fairness) over the game client in a frame that fills the
// screen. It draws the launch flow (src/machines/games/launch) and hands it the page's facts: the
// session, the `#real` hash, the registration popup closing, and the frame's messages.
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { useEffect, useRef, useState } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import { css, cx } from 'styled-system/css'
import { launchMachine } from '../../../machines/games/launch/launch.machine'
import { frameSrc } from '../../../machines/games/launch/launch.rules'
import { selectCanDemo, selectCanReal, selectFrameMode, selectFreeSpins, selectFunds, selectLaunchView } from '../../../machines/games/launch/launch.selectors'
import { LAUNCH_LEAVE, type LaunchGame } from '../../../machines/games/launch/launch.types'
import { selectIsLoggedIn } from '../../../machines/app/app/app.selectors'
import { selectIsDialogOpen } from '../../../machines/app/dialog-stack/dialog-stack.selectors'
import { AUTH_DIALOG_ID } from '../../auth/auth-popup/AuthPopupShell.ids'
import { useAppActor, useAppSelector, useDialogs } from '../../app/AppProviders'
import { useEmitted } from '../../app/useEmitted'
import { useFlowActor } from '../../app/useFlowActor'
import { AuthLink } from '../../layout/AuthLink'
import { button } from 'styled-system/recipes'
import { Button } from '../../kit/Button'
import { LoadFailed } from '../../kit/LoadFailed'
import { formatAmount } from '../../../shared/format-money'

const page = css({ display: 'grid', gridTemplateRows: 'auto minmax(0, 1fr)', h: 'calc(100dvh - 56px)', bg: 'bg' })
const bar = css({
  display: 'flex',
  alignItems: 'center',
  gap: { base: '2', tablet: '3' },
  minH: '11',
  px: { base: '2', tablet: '4' },
  bg: 'surface',
  borderBottom: '1px solid token(colors.border)',
  minW: 0,
})
const back = css({ display: 'inline-flex', alignItems: 'center', gap: '1', minH: '10', px: '2', borderRadius: 'md', color: 'text', textStyle: 'small', fontWeight: 'semibold', _hover: { bg: 'surfaceRaised' }, _focusVisible: { outline: '2px solid token(colors.accent)' } })
const titleCss = css({ textStyle: 'label', flex: '1', minW: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' })
const switcher = css({ display: 'inline-flex', p: '0.5', borderRadius: 'md', bg: 'bg', border: '1px solid token(colors.border)' })
const switchButton = css({
  minH: '8',
  px: { base: '2', tablet: '3' },
  borderRadius: 'sm',
  textStyle: 'small',
  fontWeight: 'semibold',
  color: 'textMuted',
  '&[aria-pressed=true]': { bg: 'accent', color: 'accentText' },
  _disabled: { opacity: 0.5, cursor: 'not-allowed' },
  _focusVisible: { outline: '2px solid token(colors.accent)' },
})
const iconButton = css({ display: { base: 'none', tablet: 'inline-grid' }, placeItems: 'center', w: '10', h: '10', borderRadius: 'md', color: 'text', _hover: { bg: 'surfaceRaised' }, _focusVisible: { outline: '2px solid token(colors.accent)' } })
const spinsPill = css({ flexShrink: 0, display: 'inline-flex', alignItems: 'center', gap: '1', px: '2', py: '1', borderRadius: 'full', bg: 'accent', color: 'accentText', textStyle: 'small', fontWeight: 'semibold', whiteSpace: 'nowrap' })
const stage = css({ position: 'relative', minH: 0, bg: 'black' })
const frame = css({ display: 'block', w: 'full', h: 'full', border: 0 })
const panel = css({ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center', p: '4', bg: 'bg' })
const closeNotice = css({ display: 'grid', placeItems: 'center', w: '8', h: '8', borderRadius: 'md', color: 'textMuted', _hover: { color: 'text' }, _focusVisible: { outline: '2px solid token(colors.accent)' } })
const card = css({ display: 'grid', gap: '3', maxW: '28rem', w: 'full', p: '6', borderRadius: 'lg', bg: 'surface', border: '1px solid token(colors.border)', textAlign: 'center' })
const notice = css({
  position: 'absolute',
  left: '50%',
  bottom: '3',
  transform: 'translateX(-50%)',
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'center',
  columnGap: '2',
  pl: '4',
  pr: '1',
  py: '1',
  borderRadius: 'lg',
  bg: 'surface',
  border: '1px solid token(colors.border)',
  boxShadow: 'lg',
  textStyle: 'small',
  w: 'max-content',
  maxW: 'calc(100% - 24px)',
})

/**
 * SPEC §3 fullscreen option: where the page offers full screen. `telegram`: inside the messenger's
 * mini-app only, which the browser alone knows (after hydration, so the server's HTML matches).
 */
function offersFullscreen(option: LaunchGame['fullscreen'], hydrated: boolean): boolean {
  if (option === 'none') return false
  if (option === 'telegram') return hydrated && 'Telegram' in window
  return true
}

export function GamePage({ game }: { game: LaunchGame }) {
  const { t, i18n } = useLingui()
  const navigate = useNavigate()
  const location = useLocation()
  const app = useAppActor()
  const dialogs = useDialogs()
  const loggedIn = useAppSelector(selectIsLoggedIn)
  const actor = useFlowActor(launchMachine, { input: { game, wantsReal: false, loggedIn } })
  const view = useSelector(actor, selectLaunchView)
  const mode = useSelector(actor, selectFrameMode)
  const canDemo = useSelector(actor, selectCanDemo)
  const canReal = useSelector(actor, selectCanReal)
  const funds = useSelector(actor, selectFunds)
  const freeSpins = useSelector(actor, selectFreeSpins)
  const stageRef = useRef<HTMLDivElement>(null)
  const frameRef = useRef<HTMLIFrameElement>(null)
  // The frame is the browser's: the hash is not sent to the server, so the table starts after hydration.
  const [started, setStarted] = useState(false)
  const [noticeClosed, setNoticeClosed] = useState(false)

  useEffect(() => {
    if (location.hash === '#real') actor.send({ type: 'launch.real' })
    setStarted(true)
  }, [actor, location.hash])
  useEffect(() => {
    actor.send({ type: 'launch.session', loggedIn })
  }, [actor, loggedIn])
  useEmitted(actor, LAUNCH_LEAVE, ({ to }) => {
    if (to === 'home') void navigate('/')
    else if (window.history.length > 1) void navigate(-1)
    else void navigate('/gamehall')
  })

  // SPEC §2.2: a visitor asking for real money gets the registration popup; closing it goes home.
  const authOpen = useSelector(dialogs, selectIsDialogOpen(AUTH_DIALOG_ID))
  const wasOpen = useRef(false)
  useEffect(() => {
    if (view !== 'needsLogin') return
    if (!authOpen && !wasOpen.current) {
      dialogs.send({ type: 'dialog.open', dialog: { id: AUTH_DIALOG_ID, kind: 'auth', props: { view: 'registration' } } })
      // Open from now on, even if the player closes it before this page renders again.
      wasOpen.current = true
      return
    }
    if (authOpen) wasOpen.current = true
    else if (wasOpen.current && !selectIsDialogOpen(AUTH_DIALOG_ID)(dialogs.getSnapshot())) {
      wasOpen.current = false
      // A login or registration in the popup moved the session first; only a close without one leaves.
      if (!loggedIn) actor.send({ type: 'launch.popupClosed' })
    }
  }, [view, authOpen, loggedIn, dialogs, actor])

  // The game's messages, from our own frame only (docs/games.md#messages-with-the-page-around-it).
  useEffect(() => {
    const listen = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== frameRef.current?.contentWindow) return
      const data = event.data as { type?: unknown; remaining?: unknown } | null
      const type = data?.type
      if (type === 'balance_changed') app.send({ type: 'balance.refresh' })
      else if (type === 'free_spins' && typeof data?.remaining === 'number' && Number.isInteger(data.remaining)) {
        actor.send({ type: 'launch.freeSpins', remaining: data.remaining })
      }
      else if (type === 'needs_deposit') actor.send({ type: 'launch.needsDeposit' })
      else if (type === 'close') actor.send({ type: 'launch.close' })
    }
    window.addEventListener('message', listen)
    return () => window.removeEventListener('message', listen)
  }, [actor, app])

  const fullscreen = offersFullscreen(game.fullscreen, started)
  const gameTitle = game.title
  const goFullscreen = () => void stageRef.current?.requestFullscreen?.().catch(() => undefined)
  const src = mode ? frameSrc(game.url, mode, loggedIn, i18n.locale) : null
  const minBet = funds?.minBet ? formatAmount({ amount: funds.minBet, currency: funds.currency }, i18n.locale) : null

  return (
    <div className={page} data-testid="game-page" data-view={started ? view : 'starting'} data-mode={mode ?? 'none'}>
      <div className={bar}>
        <Link to="/gamehall" className={back} aria-label={t`Back to the games`}>
          <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
            <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          <span className={css({ display: { base: 'none', tablet: 'inline' } })}>
            <Trans>Games</Trans>
          </span>
        </Link>
        <h1 className={titleCss}>{game.title}</h1>
        {freeSpins > 0 ? (
          <p className={spinsPill} role="status" data-testid="game-free-spins" data-remaining={freeSpins}>
            <svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true">
              <path d="M4 11h16v9H4zM3 7h18v4H3zM12 7v13M12 7c-2-4-6-4-6-1s6 1 6 1c2-4 6-4 6-1s-6 1-6 1" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
            </svg>
            {/* A phone's bar keeps room for the title: the count only, the words for screen readers. */}
            <span className={css({ srOnly: { base: true, tablet: false } })}>
              <Plural value={freeSpins} one="# free spin" other="# free spins" />
            </span>
            <span className={css({ display: { base: 'inline', tablet: 'none' } })} aria-hidden="true">
              {freeSpins}
            </span>
          </p>
        ) : null}
        <div className={switcher} role="group" aria-label={t`Play for`}>
          <button type="button" className={switchButton} aria-pressed={mode === 'demo'} disabled={!canDemo && mode !== 'demo'} onClick={() => actor.send({ type: 'launch.demo' })} data-testid="game-mode-demo">
            <Trans>Fun</Trans>
          </button>
          <button type="button" className={switchButton} aria-pressed={mode === 'real'} disabled={!canReal && mode !== 'real'} onClick={() => actor.send({ type: 'launch.real' })} data-testid="game-mode-real">
            <Trans>Real money</Trans>
          </button>
        </div>
        <Link to="/fairness" className={iconButton} aria-label={t`Provably fair: check a round`} title={t`Provably fair`}>
          <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
            <path d="M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
            <path d="M8.5 12l2.5 2.5 4.5-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </Link>
        {fullscreen ? (
          <button type="button" className={iconButton} onClick={goFullscreen} aria-label={t`Full screen`} data-testid="game-fullscreen">
            <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
              <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        ) : null}
      </div>
      <div className={stage} ref={stageRef}>
        {started && src ? (
          <iframe
            key={src}
            ref={frameRef}
            className={frame}
            title={game.title}
            src={src}
            // Our own client, same origin for its cookies; it may only send the top page to /fairness on a click.
            sandbox="allow-scripts allow-same-origin allow-top-navigation-by-user-activation"
            allow="fullscreen; autoplay"
            referrerPolicy="same-origin"
            data-testid="game-frame"
          />
        ) : null}
        {view === 'demo' && !loggedIn && !noticeClosed ? (
          <p className={notice} role="status" data-testid="demo-notice">
            <span>
              <Trans>Playing for fun with play money.</Trans>
            </span>
            <AuthLink view="registration" className={cx(css({ color: 'accent', fontWeight: 'semibold', textDecoration: 'underline' }))}>
              <Trans>Sign up to play for real</Trans>
            </AuthLink>
            <button type="button" className={closeNotice} onClick={() => setNoticeClosed(true)} aria-label={t`Close`}>
              <svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true">
                <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </button>
          </p>
        ) : null}
        {view === 'needsDeposit' ? (
          <div className={panel}>
            <div className={card} role="alert" data-testid="game-needs-deposit">
              <h2 className={css({ textStyle: 'title' })}>
                <Trans>Top up to play for real</Trans>
              </h2>
              <p className={css({ color: 'textMuted' })}>
                {minBet ? <Trans>The smallest bet in {gameTitle} is {minBet}. Your balance does not cover it.</Trans> : <Trans>Your balance does not cover a bet in this game.</Trans>}
              </p>
              <Link to="/cashier/deposit" className={button({ variant: 'primary' })} data-testid="game-deposit">
                <Trans>Deposit</Trans>
              </Link>
              <Button variant="secondary" onClick={() => actor.send({ type: 'launch.retry' })}>
                <Trans>I have deposited: check again</Trans>
              </Button>
              {game.demo ? (
                <Button variant="ghost" onClick={() => actor.send({ type: 'launch.demo' })}>
                  <Trans>Play for fun instead</Trans>
                </Button>
              ) : null}
            </div>
          </div>
        ) : view === 'needsLogin' ? (
          <div className={panel}>
            <div className={card} data-testid="game-needs-login">
              <h2 className={css({ textStyle: 'title' })}>
                <Trans>Sign up to play for real money</Trans>
              </h2>
              <AuthLink view="registration" className={cx(css({ color: 'accent', fontWeight: 'semibold' }))}>
                <Trans>Sign up</Trans>
              </AuthLink>
              {game.demo ? (
                <Button variant="secondary" onClick={() => actor.send({ type: 'launch.demo' })}>
                  <Trans>Play for fun</Trans>
                </Button>
              ) : null}
            </div>
          </div>
        ) : view === 'failed' ? (
          <div className={panel}>
            <LoadFailed onRetry={() => actor.send({ type: 'launch.retry' })}>
              <Trans>We could not read your balance.</Trans>
            </LoadFailed>
          </div>
        ) : view === 'unavailable' ? (
          <div className={panel}>
            <div className={card} role="alert" data-testid="game-unavailable">
              <h2 className={css({ textStyle: 'title' })}>
                <Trans>This game is not available to you</Trans>
              </h2>
              <p className={css({ color: 'textMuted' })}>
                <Trans>It does not take your account’s currency.</Trans>
              </p>
              <Link to="/gamehall" className={button({ variant: 'primary' })}>
                <Trans>See other games</Trans>
              </Link>
            </div>
          </div>
        ) : view === 'checking' ? (
          <div className={panel} aria-busy="true">
            <p className={css({ color: 'textMuted' })}>
              <Trans>Opening the game…</Trans>
            </p>
          </div>
        ) : null}
      </div>
    </div>
  )
}
