// The game client's shell (docs/games.md#the-game-client): the header (title, balance, real or fun,
// sound, rules, close), the title's view, the bet and the main button, autoplay and turbo, the last
// rounds. It draws the game client flow's state (src/machines/games/game-client) and sends it the
// player's gestures; the per-kind view draws the round.
import { Trans, useLingui } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { useCallback, useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react'
import type { InspectionEvent, Observer } from 'xstate'
import { css, cva, cx } from 'styled-system/css'
import type { PlayMode } from '../../../services/api/contract/games'
import { isGameFramed } from '../../../services/games/game-frame'
import { newKeySeed } from '../../../machines/games/game-client/game-client.actors'
import type { gameClientMachine } from '../../../machines/games/game-client/game-client.machine'
import {
  selectAutoplayRunning,
  selectCanChangeBet,
  selectFreeSpins,
  selectCanRetry,
  selectCanSkip,
  selectCanStartAutoplay,
  selectCanSwitchMode,
  selectDataState,
  selectPhase,
  selectRequesting,
  selectScreen,
  selectStakeProblem,
} from '../../../machines/games/game-client/game-client.selectors'
import type { GameClientEvent, GameClientInput } from '../../../machines/games/game-client/game-client.types'
import type { StudioTitle } from '../../../shared/games/catalogue'
import { STEP_KINDS } from '../../../shared/games/kinds'
import { parseDecimal, toMinor } from '../../../shared/money'
import type { Locale } from '../../../shared/locales'
import { Alert } from '../../kit/Alert'
import { Button, ButtonLink } from '../../kit/Button'
import { Skeleton } from '../../kit/Skeleton'
import { AutoplayPanel } from './AutoplayPanel'
import { BetSelector } from './BetSelector'
import { FreeSpinsCard } from './FreeSpinsCard'
import { money, multiplier } from './format'
import { useAutoplayStopText, useErrorText } from './messages'
import { RoundHistory } from './RoundHistory'
import { RulesDialog } from './RulesDialog'
import { createSoundPlayer, type SoundName, type SoundPlayer } from './sound'
import { useGameClient } from './useGameClient'
import { Choice } from './view-parts'
import { preloadView, StagePlaceholder, ViewSlot } from './ViewSlot'
import type { GameViewProps } from './views/view-types'

export interface GameShellProps {
  readonly title: StudioTitle
  /** The purse a player opens with (a visitor plays demo whatever this says). */
  readonly mode: PlayMode
  /** In the site's game page (known to the server, so the first paint has the one-row header). */
  readonly inSite?: boolean
  readonly inspect?: Observer<InspectionEvent>
  /** Tests hand in the machine with their own actors. */
  readonly machine?: typeof gameClientMachine
  /** Tests hand in a view of their own instead of the kind's lazy one. */
  readonly view?: ComponentType<GameViewProps>
}

const root = css({ minH: '100dvh', display: 'flex', flexDirection: 'column', bg: 'bg', color: 'text' })
// In the site's game page (framed) the bar above names the game and switches the money: one row here.
const header = cva({
  base: {
    position: 'sticky',
    top: 0,
    zIndex: 'header',
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) auto',
    alignItems: 'center',
    columnGap: '3',
    rowGap: '1',
    px: { base: '3', tablet: '4' },
    bg: 'surface',
    borderBottom: '1px solid token(colors.border)',
  },
  variants: {
    framed: {
      false: {
        gridTemplateAreas: { base: '"title tools" "balance balance"', tablet: '"title tools" "balance tools"', laptop: '"title balance tools"' },
        py: '2',
        laptop: { gridTemplateColumns: 'minmax(0, 1fr) auto auto' },
      },
      true: { gridTemplateAreas: '"balance tools"', py: '1' },
    },
  },
})
const iconButton = css({
  display: 'inline-grid',
  placeItems: 'center',
  w: '10',
  h: '10',
  borderRadius: 'md',
  bg: 'transparent',
  color: 'text',
  border: '1px solid transparent',
  cursor: 'pointer',
  _hover: { bg: 'surfaceRaised' },
  '&[aria-pressed=true]': { color: 'accent', borderColor: 'border' },
})
const layout = css({
  flex: 1,
  w: 'full',
  maxW: '80rem',
  mx: 'auto',
  display: 'grid',
  gap: { base: '4', laptop: '6' },
  p: { base: '3', tablet: '4', laptop: '6' },
  gridTemplateColumns: { base: 'minmax(0, 1fr)', laptop: 'minmax(0, 1fr) 23rem' },
  gridTemplateAreas: { base: '"stage" "controls" "history"', laptop: '"stage controls" "history controls"' },
  alignItems: 'start',
})
const panel = css({ display: 'flex', flexDirection: 'column', gap: '4', p: { base: '3', tablet: '4' }, bg: 'surface', borderRadius: 'lg', border: '1px solid token(colors.border)' })

function useReducedMotion(): boolean {
  const [reduced, setReduced] = useState(false)
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return
    const query = window.matchMedia('(prefers-reduced-motion: reduce)')
    const update = () => setReduced(query.matches)
    update()
    query.addEventListener?.('change', update)
    return () => query.removeEventListener?.('change', update)
  }, [])
  return reduced
}

/** Space plays (or skips, or stops autoplay) when focus is not on a control of its own. */
function useSpaceKey(action: () => void) {
  const latest = useRef(action)
  latest.current = action
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== ' ' || event.repeat || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return
      const target = event.target instanceof Element ? event.target : null
      if (target?.closest('input, textarea, select, button, a[href], summary, [contenteditable], [role=button], [role=slider], [role=radio], [role=dialog]')) return
      if (document.querySelector('[role=dialog]')) return
      event.preventDefault()
      latest.current()
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [])
}

function SpeakerIcon({ on }: { on: boolean }) {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M4 9h4l5-4v14l-5-4H4z" />
      {on ? <path d="M16 9a4 4 0 0 1 0 6M18.5 6.5a8 8 0 0 1 0 11" /> : <path d="M17 9l5 6M22 9l-5 6" />}
    </svg>
  )
}

export function GameShell({ title, mode, inSite = false, inspect, machine, view: View }: GameShellProps) {
  const { t, i18n } = useLingui()
  const locale = i18n.locale as Locale
  const [input] = useState<GameClientInput>(() => ({
    game: title.sysname,
    kind: title.kind,
    stepGame: (STEP_KINDS as readonly string[]).includes(title.kind),
    mode,
    defaultBet: (title.defaultBet ?? {}) as Record<string, unknown>,
    keySeed: newKeySeed(),
  }))
  const actor = useGameClient(input, inspect, machine)
  const snapshot = useSelector(actor, (s) => s)
  const send = useCallback((event: GameClientEvent) => actor.send(event), [actor])
  const { context } = snapshot
  const phase = selectPhase(snapshot)
  const screen = selectScreen(snapshot)
  const autoplayRunning = selectAutoplayRunning(snapshot)
  const requesting = selectRequesting(snapshot)
  const canSkip = selectCanSkip(snapshot)
  const stakeProblem = selectStakeProblem(snapshot)
  const freeSpins = selectFreeSpins(snapshot)
  const reducedMotion = useReducedMotion()
  const errorText = useErrorText()
  const stopText = useAutoplayStopText()
  const [rulesOpen, setRulesOpen] = useState(false)
  const [autoplayOpen, setAutoplayOpen] = useState(false)
  const [framed, setFramed] = useState(false)
  const [announcement, setAnnouncement] = useState('')
  useEffect(() => setFramed(isGameFramed()), [])
  useEffect(() => preloadView(title.kind), [title.kind])

  const currency = context.purse?.currency ?? ''
  const formatMoney = useCallback((amount: string) => money(amount, currency, locale), [currency, locale])

  // Sound: nothing plays until the player turns it on; the context is made on the first sound.
  const player = useRef<SoundPlayer | null>(null)
  const soundOn = useRef(context.soundOn)
  soundOn.current = context.soundOn
  const sound = useCallback((name: SoundName) => {
    if (!soundOn.current) return
    player.current ??= createSoundPlayer()
    player.current.play(name)
  }, [])
  useEffect(() => () => player.current?.close(), [])

  // The result, once shown: heard by screen readers, and by the ear if sound is on.
  const announced = useRef<string | null>(null)
  const round = context.round
  useEffect(() => {
    if (phase !== 'result' || !round || round.status !== 'settled') return
    const key = `${round.id}:${round.step}`
    if (announced.current === key) return
    announced.current = key
    const payout = round.payout ?? '0'
    const back = parseDecimal(payout).units > 0n
    const won = back && toMinor(payout, round.currency) > toMinor(round.totalStake, round.currency)
    const paid = money(payout, round.currency, locale)
    const times = multiplier(round.multiplier ?? 0, locale)
    setAnnouncement(won ? t`You won ${paid} (${times}).` : back ? t`You got ${paid} back (${times}).` : t`No win this round.`)
    sound(won ? ((round.multiplier ?? 0) >= 10 ? 'bigWin' : 'win') : 'lose')
  }, [phase, round, locale, t, sound])
  const stop = context.autoplay?.stopReason
  useEffect(() => {
    if (stop && context.autoplay) setAnnouncement(stopText(stop, context.autoplay.settings.rounds))
    // Only a new reason is news.
  }, [stop])

  const slot = title.kind === 'line_slot'
  const primary: { label: ReactNode; action: (() => void) | null; busy: boolean; variant: 'primary' | 'danger' } = autoplayRunning
    ? { label: <Trans>Stop autoplay</Trans>, action: () => send({ type: 'autoplay.stop' }), busy: false, variant: 'danger' }
    : canSkip
      ? { label: <Trans>Skip</Trans>, action: () => send({ type: 'round.skip' }), busy: false, variant: 'primary' }
      : phase === 'awaitingAction' || phase === 'acting'
        ? { label: <Trans>Round in play</Trans>, action: null, busy: phase === 'acting', variant: 'primary' }
        : {
            label: freeSpins ? <Trans>Free spin</Trans> : slot ? <Trans>Spin</Trans> : <Trans>Bet</Trans>,
            action: snapshot.can({ type: 'round.spin' }) ? () => (sound('click'), send({ type: 'round.spin' })) : null,
            busy: requesting,
            variant: 'primary',
          }
  useSpaceKey(() => primary.action?.())

  const viewProps: GameViewProps = {
    title,
    round: context.round,
    phase,
    bet: context.bet,
    onBetChange: useCallback((bet: Record<string, unknown>) => send({ type: 'bet.options', bet }), [send]),
    onAction: useCallback((action: Record<string, unknown>) => send({ type: 'round.action', action }), [send]),
    turbo: context.turbo,
    reducedMotion,
    sound,
    onAnimationEnd: useCallback(() => send({ type: 'round.shown' }), [send]),
    formatMoney,
    stake: context.stake ?? '0',
    locked: autoplayRunning,
  }

  const text = title.text[locale] ?? title.text.en
  const purse = context.purse
  const balanceLabel = purse?.mode === 'demo' ? t`Demo balance` : purse?.mode === 'fun' ? t`Fun balance` : t`Balance`
  const isPlayer = purse !== null && purse.mode !== 'demo'
  const limitMin = purse?.limits ? money(purse.limits.min, purse.currency, locale) : ''
  const limitMax = purse?.limits ? money(purse.limits.max, purse.currency, locale) : ''
  // Roulette and baccarat list their chips: the selector sets a chip's value, the view places them.
  const tableBet = Array.isArray(context.bet.bets)
  const loading = screen === 'loading'

  return (
    <div className={root} data-testid="game-client" data-state={selectDataState(snapshot)} data-kind={title.kind}>
      <header className={header({ framed: inSite })}>
        <h1 className={inSite ? css({ srOnly: true }) : css({ gridArea: 'title', textStyle: 'title', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' })}>{text.title}</h1>
        <div className={css({ gridArea: 'balance', display: 'flex', alignItems: 'center', gap: '3', flexWrap: 'wrap', minW: 0 })}>
          <p className={css({ display: 'flex', alignItems: 'baseline', gap: '1.5', textStyle: 'small', minH: '6' })} data-testid="game-balance" aria-live="off">
            {purse && context.balance !== null ? (
              <>
                <span className={css({ color: 'textMuted' })}>{balanceLabel}</span>
                <span className={css({ textStyle: 'amount', fontSize: 'md' })} data-testid="game-balance-amount">
                  {money(context.balance, purse.currency, locale)}
                </span>
              </>
            ) : (
              <Skeleton width={140} height={18} />
            )}
          </p>
          {isPlayer && !inSite ? (
            <div className={css({ minW: '11rem' })} data-testid="mode-switch">
              <Choice
                label={<span className={css({ srOnly: true })}>{t`Play for`}</span>}
                value={context.mode}
                disabled={!selectCanSwitchMode(snapshot, context.mode === 'real' ? 'fun' : 'real')}
                onChange={(next) => send({ type: 'mode.set', mode: next })}
                options={[
                  { value: 'real', label: <Trans>Real money</Trans> },
                  { value: 'fun', label: <Trans>For fun</Trans> },
                ]}
              />
            </div>
          ) : null}
        </div>
        <div className={css({ gridArea: 'tools', display: 'flex', alignItems: 'center', gap: '1' })}>
          <button
            type="button"
            className={iconButton}
            aria-pressed={context.soundOn}
            aria-label={t`Sound`}
            onClick={() => {
              const on = !context.soundOn
              send({ type: 'settings.sound', on })
              if (on) (player.current ??= createSoundPlayer()).play('click')
            }}
            data-testid="sound-toggle"
          >
            <SpeakerIcon on={context.soundOn} />
          </button>
          <button type="button" className={iconButton} aria-label={t`Rules and paytable`} aria-haspopup="dialog" onClick={() => setRulesOpen(true)} data-testid="rules-button">
            <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
              <circle cx="12" cy="12" r="9" />
              <path d="M12 11v6M12 7.5v.5" />
            </svg>
          </button>
          {framed || inSite ? (
            <button type="button" className={iconButton} aria-label={t`Close the game`} onClick={() => send({ type: 'client.close' })} data-testid="close-button">
              <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
                <path d="M6 6l12 12M18 6L6 18" />
              </svg>
            </button>
          ) : null}
        </div>
      </header>

      <main className={layout}>
        <section className={css({ gridArea: 'stage', minW: 0 })} aria-label={t`Game`} aria-busy={loading || undefined}>
          {screen === 'loadFailed' ? (
            <Alert
              tone="error"
              title={<Trans>We could not open the game</Trans>}
              action={
                <Button variant="secondary" size="sm" onClick={() => send({ type: 'table.retry' })}>
                  <Trans>Try again</Trans>
                </Button>
              }
            >
              <Trans>Check your connection and try again.</Trans>
            </Alert>
          ) : loading ? (
            <StagePlaceholder />
          ) : View ? (
            <View {...viewProps} />
          ) : (
            <ViewSlot {...viewProps} />
          )}
        </section>

        <section className={cx(panel, css({ gridArea: 'controls' }))} aria-label={t`Your bet`}>
          {screen === 'error' && context.error ? (
            <Alert
              tone="error"
              data-testid="game-error"
              action={
                <>
                  {selectCanRetry(snapshot) ? (
                    <Button size="sm" onClick={() => send({ type: 'round.retry' })}>
                      <Trans>Try again</Trans>
                    </Button>
                  ) : null}
                  <Button size="sm" variant="ghost" onClick={() => send({ type: 'error.dismiss' })}>
                    <Trans>Dismiss</Trans>
                  </Button>
                </>
              }
            >
              {errorText(context.error, formatMoney)}
            </Alert>
          ) : null}
          {context.error && (phase === 'awaitingAction' || phase === 'acting') ? (
            <Alert tone="error" data-testid="game-error">
              {errorText(context.error, formatMoney)}
            </Alert>
          ) : null}
          {screen === 'insufficientFunds' ? (
            <Alert
              tone="warning"
              data-testid="game-needs-deposit"
              title={<Trans>Your balance does not cover this bet</Trans>}
              action={
                <>
                  {framed ? (
                    <Button size="sm" onClick={() => send({ type: 'deposit.request' })}>
                      <Trans>Deposit</Trans>
                    </Button>
                  ) : (
                    <ButtonLink size="sm" href="/cashier/deposit" target="_top">
                      <Trans>Deposit</Trans>
                    </ButtonLink>
                  )}
                  <Button size="sm" variant="ghost" onClick={() => send({ type: 'purse.refresh' })}>
                    <Trans>Check my balance again</Trans>
                  </Button>
                </>
              }
            >
              <Trans>Make a deposit, or lower your bet.</Trans>
            </Alert>
          ) : null}
          {stakeProblem === 'unavailable' ? (
            <Alert tone="info">
              <Trans>This game does not take {currency}.</Trans>
            </Alert>
          ) : null}
          {stakeProblem === 'emptyTable' ? (
            <p className={css({ textStyle: 'small', color: 'textMuted' })} data-testid="table-hint">
              <Trans>Place your chips on the table to play.</Trans>
            </p>
          ) : stakeProblem === 'belowMin' || stakeProblem === 'aboveMax' ? (
            <p className={css({ textStyle: 'small', color: 'warning' })} data-testid="table-hint">
              {stakeProblem === 'belowMin' ? <Trans>The chips on the table add up to less than this game’s minimum of {limitMin}.</Trans> : <Trans>The chips on the table add up to more than this game’s maximum of {limitMax}.</Trans>}
            </p>
          ) : null}

          {loading ? (
            <div className={css({ display: 'flex', flexDirection: 'column', gap: '2' })} aria-hidden="true">
              <Skeleton height={18} width="40%" />
              <Skeleton height={44} radius="md" />
              <Skeleton height={36} radius="full" />
            </div>
          ) : freeSpins ? (
            <FreeSpinsCard pack={freeSpins} formatMoney={formatMoney} />
          ) : (
            <BetSelector purse={purse} stake={context.stake} disabled={!selectCanChangeBet(snapshot)} send={send} chip={tableBet} />
          )}

          <Button
            size="lg"
            fullWidth
            variant={primary.variant}
            loading={primary.busy}
            disabled={!primary.action && !primary.busy}
            onClick={() => primary.action?.()}
            data-testid="spin-button"
            aria-keyshortcuts="Space"
            className={css({ minH: '14', fontSize: 'xl' })}
          >
            {primary.label}
          </Button>

          <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2' })}>
            {!input.stepGame && !freeSpins ? (
              <Button variant="secondary" size="sm" aria-expanded={autoplayOpen || autoplayRunning} aria-controls="autoplay-panel" onClick={() => setAutoplayOpen((o) => !o)} data-testid="autoplay-toggle">
                <Trans>Autoplay</Trans>
              </Button>
            ) : null}
            <Button variant="secondary" size="sm" aria-pressed={context.turbo} onClick={() => send({ type: 'settings.turbo', on: !context.turbo })} data-testid="turbo-toggle">
              <Trans>Turbo</Trans>
            </Button>
          </div>
          {!input.stepGame && (autoplayOpen || autoplayRunning) ? (
            <div id="autoplay-panel">
              <AutoplayPanel
                currency={currency}
                maxRounds={purse?.autoplayMaxRounds ?? 1}
                running={autoplayRunning}
                run={context.autoplay}
                canStart={selectCanStartAutoplay(snapshot)}
                onStart={(settings) => send({ type: 'autoplay.start', settings })}
                onStop={() => send({ type: 'autoplay.stop' })}
              />
            </div>
          ) : null}
        </section>

        <div className={css({ gridArea: 'history', minW: 0 })}>
          <RoundHistory rounds={context.history} loading={loading} />
        </div>
      </main>

      <RulesDialog open={rulesOpen} onClose={() => setRulesOpen(false)} title={title} purse={purse} bet={context.bet} />
      <div role="status" aria-live="polite" className={css({ srOnly: true })} data-testid="game-announcer">
        {announcement}
      </div>
    </div>
  )
}
