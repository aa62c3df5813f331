// The crash table: the shared round's multiplier climbing on a curve, the player's bet and cash-out,
// and the last crash points with their revealed seeds. It draws the crash flow's state
// (src/machines/games/crash) and sends it the player's decisions; the multiplier between messages
// is the server's own formula run from the round's start by the server's clock.
import { Trans, useLingui } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { useEffect, useRef, useState } from 'react'
import type { ActorRefFrom } from 'xstate'
import { css, cx } from 'styled-system/css'
import type { crashMachine } from '../../../machines/games/crash/crash.machine'
import { canBet, canCashOut, cashOutValue, parseAutoCashOut, shownMultiplier } from '../../../machines/games/crash/crash.rules'
import { DEFAULT_CRASH_RULES } from '../../../shared/games/engines/crash'
import { parseStakeInput } from '../../../machines/games/game-client/game-client.rules'
import { editableAmount } from '../client/format'
import { Button } from '../../kit/Button'
import { Input } from '../../kit/Input'

type CrashRef = ActorRefFrom<typeof crashMachine>

const stage = css({ position: 'relative', aspectRatio: '16 / 10', w: 'full', bg: 'surface', borderRadius: 'lg', overflow: 'hidden', border: '1px solid token(colors.border)' })
const curve = css({ position: 'absolute', inset: 0, w: 'full', h: 'full' })
const big = css({ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center', textStyle: 'display', fontVariantNumeric: 'tabular-nums', fontSize: { base: '2.5rem', md: '4rem' }, fontWeight: 'bold' })
const crashed = css({ color: 'danger' })
const phaseLine = css({ position: 'absolute', left: '3', top: '2', textStyle: 'small', color: 'textMuted' })
const controls = css({ display: 'grid', gap: '3', gridTemplateColumns: { base: '1fr 1fr', md: '1fr 1fr auto' }, alignItems: 'end', mt: '4' })
const wide = css({ gridColumn: { base: '1 / -1', md: 'auto' } })
const strip = css({ display: 'flex', gap: '2', overflowX: 'auto', py: '2', listStyle: 'none', p: 0, m: 0, mt: '4' })
const chip = css({ px: '2', py: '1', borderRadius: 'md', textStyle: 'small', fontVariantNumeric: 'tabular-nums', bg: 'surfaceRaised', whiteSpace: 'nowrap' })
const chipHigh = css({ color: 'success' })
const note = css({ textStyle: 'small', color: 'textMuted', mt: '2', minH: '5' })

/** The server's clock minus this browser's, from the round's serverTime: the multiplier runs by the server's. */
function useServerOffset(serverTime: string | undefined): number {
  const [offset, setOffset] = useState(0)
  useEffect(() => {
    if (serverTime) setOffset(Date.parse(serverTime) - Date.now())
  }, [serverTime])
  return offset
}

/** The multiplier now, redrawn every frame while the round runs (not while the page is hidden). */
function useLiveMultiplier(startedAt: string | null, rate: number, running: boolean, offset: number): number {
  const [value, setValue] = useState(1)
  useEffect(() => {
    if (!running || !startedAt) return
    const start = Date.parse(startedAt)
    let frame = 0
    const tick = () => {
      setValue(shownMultiplier(rate, Date.now() + offset - start))
      frame = requestAnimationFrame(tick)
    }
    tick()
    return () => cancelAnimationFrame(frame)
  }, [startedAt, rate, running, offset])
  return value
}

function Curve({ multiplier, ended }: { multiplier: number; ended: boolean }) {
  // log scale so 1x–100x fit; the curve bends up as the multiplier grows.
  const top = Math.max(2, multiplier * 1.2)
  const points: string[] = []
  for (let i = 0; i <= 40; i++) {
    const m = 1 + ((multiplier - 1) * i) / 40
    const x = (i / 40) * 100
    const y = 100 - (Math.log(m) / Math.log(top)) * 90
    points.push(`${x.toFixed(2)},${y.toFixed(2)}`)
  }
  return (
    <svg className={curve} viewBox="0 0 100 100" preserveAspectRatio="none" aria-hidden="true">
      <polyline points={points.join(' ')} fill="none" stroke={ended ? 'var(--colors-danger)' : 'var(--colors-accent)'} strokeWidth="1.2" vectorEffect="non-scaling-stroke" />
    </svg>
  )
}

/** The stake and automatic cash-out fields: the player's text is kept as typed and parsed in their locale at the edge. */
function useTypedFields(actor: CrashRef, currency: string | null, locale: string, amount: string | null) {
  const [amountText, setAmountText] = useState(amount === null ? '' : editableAmount(amount, locale))
  const [autoText, setAutoText] = useState('')
  const [touched, setTouched] = useState({ amount: false, auto: false })
  // The stake the page opens with (the title's minimum once the purse is read) shows until the player types.
  useEffect(() => {
    if (!touched.amount && amount !== null) setAmountText(editableAmount(amount, locale))
  }, [amount, locale, touched.amount])
  const stake = currency ? parseStakeInput(amountText, locale, currency) : null
  const auto = parseAutoCashOut(autoText, locale)
  return {
    amountText,
    autoText,
    amountProblem: touched.amount && stake && !stake.ok ? stake.reason : null,
    autoProblem: touched.auto && !auto.ok ? auto.reason : null,
    typeAmount(text: string) {
      setAmountText(text)
      setTouched((t) => ({ ...t, amount: true }))
      const parsed = currency ? parseStakeInput(text, locale, currency) : null
      actor.send({ type: 'crash.amount', amount: parsed?.ok ? parsed.amount : null })
    },
    typeAuto(text: string) {
      setAutoText(text)
      setTouched((t) => ({ ...t, auto: true }))
      const parsed = parseAutoCashOut(text, locale)
      actor.send({ type: 'crash.auto', autoCashOut: parsed.ok ? parsed.value : null, valid: parsed.ok })
    },
  }
}

export function CrashTable({ actor, formatMoney, currency }: { actor: CrashRef; formatMoney: (amount: string) => string; currency: string | null }) {
  const { t, i18n } = useLingui()
  const state = useSelector(actor, (s) => s)
  const { round, bet, history, amount, error } = state.context
  const fields = useTypedFields(actor, currency, i18n.locale, amount)
  const running = round?.phase === 'running'
  const ended = round?.phase === 'ended'
  const offset = useServerOffset(round?.serverTime)
  const live = useLiveMultiplier(round?.startedAt ?? null, round?.rate ?? 0, running, offset)
  const shown = ended ? (round?.crashPoint ?? 1) : running ? live : 1
  const [secondsLeft, setSecondsLeft] = useState<number | null>(null)
  const announce = useRef<HTMLParagraphElement>(null)

  useEffect(() => {
    if (round?.phase !== 'betting') return setSecondsLeft(null)
    const ends = Date.parse(round.bettingEndsAt)
    const update = () => setSecondsLeft(Math.max(0, Math.ceil((ends - Date.now() - offset) / 1000)))
    update()
    const timer = setInterval(update, 250)
    return () => clearInterval(timer)
  }, [round?.phase, round?.bettingEndsAt, offset])

  const x = (m: number) => i18n.number(m, { minimumFractionDigits: 2, maximumFractionDigits: 2 }) + '×'
  const placing = state.matches({ table: 'placing' })
  const cashing = state.matches({ table: 'cashingOut' })
  const betOpen = canBet(round, bet)
  const betReady = betOpen && amount !== null && !state.context.autoInvalid
  const cashOpen = canCashOut(round, bet)
  const potential = bet && cashOpen ? formatMoney(cashOutValue(bet, live)) : null

  const phaseText =
    round === null
      ? t`Waiting for the next round`
      : round.phase === 'betting'
        ? t`Bets close in ${secondsLeft ?? 0} s`
        : round.phase === 'running'
          ? t`In flight`
          : t`Crashed at ${x(round.crashPoint ?? 1)}`

  const betText =
    bet === null
      ? ''
      : bet.status === 'won'
        ? t`You cashed out at ${x(bet.cashedAt ?? 1)}: ${formatMoney(bet.payout ?? '0')}`
        : bet.status === 'lost'
          ? t`Your bet of ${formatMoney(bet.stake)} was lost`
          : bet.status === 'active'
            ? bet.autoCashOut
              ? t`Your bet of ${formatMoney(bet.stake)} cashes out at ${x(bet.autoCashOut)}`
              : t`Your bet of ${formatMoney(bet.stake)} is in`
            : ''

  const errorText =
    error === 'betting_closed'
      ? t`Bets for this round are closed. Bet again when the next one opens.`
      : error === 'round_over'
        ? t`Too late: the round crashed first.`
        : error === 'insufficient_funds'
          ? t`Your balance is too low for this bet.`
          : error === 'loss_limit_exceeded'
            ? t`This bet could take you past your loss limit. Lower it, or see Responsible gaming in your profile.`
          : error === 'bad_bet'
            ? t`Check the bet and the automatic cash-out (1.01× or more).`
            : error === 'load_failed' || error === 'failed'
              ? t`Something went wrong. Try again.`
              : ''

  const example = editableAmount('1.50', i18n.locale)
  const amountError =
    fields.amountProblem === 'decimals'
      ? t`Too many decimals for ${currency}.`
      : fields.amountProblem === 'format'
        ? t`Write an amount like ${example}.`
        : fields.amountProblem === 'required'
          ? t`Enter your bet.`
          : undefined
  const autoExample = editableAmount('2.50', i18n.locale)
  const lowest = x(1.01)
  const highest = i18n.number(DEFAULT_CRASH_RULES.maxMultiplier) + '×'
  const autoError = fields.autoProblem === 'range' ? t`From ${lowest} to ${highest}, or empty to cash out by hand.` : fields.autoProblem === 'format' ? t`Write a multiplier like ${autoExample}.` : undefined

  return (
    <section aria-label={t`Crash table`} data-testid="crash-table" data-phase={round?.phase ?? 'none'}>
      <div className={stage}>
        <Curve multiplier={shown} ended={ended} />
        <p className={phaseLine} data-testid="crash-phase">
          {phaseText}
        </p>
        <output className={cx(big, ended && crashed)} data-testid="crash-multiplier" aria-live="off">
          {x(shown)}
        </output>
      </div>
      <p ref={announce} className={note} aria-live="polite" data-testid="crash-bet-status">
        {errorText || betText}
      </p>
      {state.matches('failed') ? (
        <Button onClick={() => actor.send({ type: 'crash.retry' })}>
          <Trans>Try again</Trans>
        </Button>
      ) : (
        <div className={controls}>
          <Input
            label={t`Bet`}
            inputMode="decimal"
            autoComplete="off"
            value={fields.amountText}
            onChange={(e) => fields.typeAmount(e.currentTarget.value)}
            error={amountError}
            disabled={!betOpen || placing}
          />
          <Input
            label={t`Auto cash-out (×)`}
            inputMode="decimal"
            autoComplete="off"
            placeholder={t`By hand`}
            value={fields.autoText}
            onChange={(e) => fields.typeAuto(e.currentTarget.value)}
            error={autoError}
            disabled={!betOpen || placing}
          />
          {cashOpen || cashing ? (
            <Button className={wide} variant="primary" size="lg" loading={cashing} onClick={() => actor.send({ type: 'crash.cashOut' })} data-testid="crash-cash-out">
              {potential ? t`Cash out ${potential}` : t`Cash out`}
            </Button>
          ) : (
            <Button className={wide} variant="primary" size="lg" loading={placing} disabled={!betReady} onClick={() => actor.send({ type: 'crash.bet' })} data-testid="crash-bet">
              {betOpen ? t`Place bet` : t`Wait for the next round`}
            </Button>
          )}
        </div>
      )}
      <h3 className={css({ textStyle: 'label', mt: '4' })}>
        <Trans>Last rounds</Trans>
      </h3>
      <ul className={strip} data-testid="crash-history">
        {history.map((h) => (
          <li key={h.id} className={cx(chip, h.crashPoint >= 2 && chipHigh)} title={t`Seed ${h.seed}`}>
            {x(h.crashPoint)}
          </li>
        ))}
      </ul>
      <p className={note}>
        <Trans>
          Every round&apos;s seed is the one before it in a hash chain: the hash shown before a round is checked against the seed revealed after it.{' '}
          <a href="/fairness#crash" target="_top" className={css({ color: "accent", textDecoration: "underline" })}>How to check</a>
        </Trans>
      </p>
    </section>
  )
}
