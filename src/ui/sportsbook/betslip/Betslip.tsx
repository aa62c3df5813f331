// The betslip (docs/sportsbook.md#the-betslip): a side column beside the board and the event page on
// wide screens, a floating "Betslip (n)" bar that opens a sheet on narrower ones. The view reads the
// root's betslip actor through its selectors and only sends events; every rule is the machine's.
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { useId, useState } from 'react'
import { Link } from 'react-router'
import { css, cx } from 'styled-system/css'
import type { ActorRefFrom } from 'xstate'
import { selectAccount, selectBetslipRef } from '../../../machines/app/app/app.selectors'
import type { betslipMachine } from '../../../machines/sportsbook/betslip/betslip.machine'
import { fundingChoices, isSuspended } from '../../../machines/sportsbook/betslip/betslip.rules'
import {
  selectBetslipView,
  selectCanPlace,
  selectCount,
  selectCurrency,
  selectFreeBet,
  selectFunding,
  selectLoggedIn,
  selectMode,
  selectPlans,
  selectProblems,
  selectReceipt,
  selectRefusal,
  selectSelections,
  selectSettings,
  selectStakedByFreeBet,
  selectStakes,
  selectSystem,
  selectSystems,
  selectTotals,
} from '../../../machines/sportsbook/betslip/betslip.selectors'
import { QUICK_STAKES, type BetMode, type SlipFunding, type SlipProblem, type SlipRefusal, type SlipSelection, type StakeTarget } from '../../../machines/sportsbook/betslip/betslip.types'
import { isPositiveMoney, toMajor } from '../../../shared/money'
import { formatMoney } from '../../../shared/format'
import { combinedPrice } from '../../../shared/sportsbook/bets'
import { formatDecimal, formatOdds, ODDS_FORMATS, ODDS_POLICIES, type OddsFormat, type OddsPolicy } from '../../../shared/sportsbook/odds'
import { Icon } from '../../icons/Icon'
import { Button } from '../../kit/Button'
import { Dialog } from '../../kit/Dialog'
import { useAppSelector } from '../../app/AppProviders'
import { useSportsLabels } from '../shared/labels'
import { useHydrated } from '../../kit/useActorValue'

type BetslipRef = ActorRefFrom<typeof betslipMachine>

const column = css({
  display: { base: 'none', laptopLg: 'block' },
  position: 'sticky',
  top: 'calc(var(--header-height, 0px) + 16px)',
  mt: '8',
  maxH: 'calc(100dvh - var(--header-height, 0px) - 32px)',
  overflowY: 'auto',
  bg: 'surface',
  border: '1px solid token(colors.border)',
  borderRadius: 'lg',
})
const bar = css({
  position: 'fixed',
  insetX: '3',
  // Above the phone's bottom bar (BottomBar.tsx, below the laptop breakpoint), over the page.
  bottom: { base: 'calc(token(sizes.16) + env(safe-area-inset-bottom, 0px) + 12px)', laptop: '3' },
  zIndex: 'header',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: '3',
  px: '4',
  minH: '12',
  borderRadius: 'lg',
  bg: 'accent',
  color: 'accentText',
  fontWeight: 'bold',
  boxShadow: 'lg',
  cursor: 'pointer',
  _focusVisible: {
    outline: '2px solid token(colors.focusRing)',
    outlineOffset: '2px',
  },
})
// Phones and tablets only where the page has the side column; everywhere on a page without it.
const barBesideColumn = css({ display: { base: 'flex', laptopLg: 'none' } })
const barEverywhere = css({ display: 'flex', laptopLg: { left: 'auto', w: '80' } })
const panel = css({ display: 'grid', gap: '3', p: '4' })
const headRow = css({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '2',
})
const title = css({
  textStyle: 'h4',
  m: 0,
  display: 'inline-flex',
  gap: '2',
  alignItems: 'center',
})
const badge = css({
  minW: '6',
  px: '1.5',
  borderRadius: 'full',
  bg: 'accent',
  color: 'accentText',
  textStyle: 'small',
  textAlign: 'center',
  fontWeight: 'bold',
})
const tabs = css({
  display: 'grid',
  gridAutoFlow: 'column',
  gridAutoColumns: 'minmax(0, 1fr)',
  gap: '1',
  p: '1',
  bg: 'surfaceRaised',
  borderRadius: 'md',
})
const tab = css({
  py: '2',
  borderRadius: 'sm',
  textStyle: 'small',
  fontWeight: 'bold',
  color: 'textMuted',
  cursor: 'pointer',
  '&[aria-pressed=true]': { bg: 'surface', color: 'text', boxShadow: 'sm' },
  _disabled: { opacity: 0.5, cursor: 'not-allowed' },
  _focusVisible: { outline: '2px solid token(colors.focusRing)' },
})
const list = css({ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: '2' })
const row = css({
  display: 'grid',
  gap: '2',
  p: '3',
  bg: 'surfaceRaised',
  borderRadius: 'md',
  border: '1px solid token(colors.border)',
  '&[data-suspended=true]': { opacity: 0.75, borderStyle: 'dashed' },
})
const rowTop = css({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto auto',
  gap: '2',
  alignItems: 'start',
})
const pickName = css({ fontWeight: 'bold' })
const small = css({ textStyle: 'small', color: 'textMuted' })
const price = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '0.5',
  fontWeight: 'bold',
  fontVariantNumeric: 'tabular-nums',
  '&[data-moved=up]': { color: 'success' },
  '&[data-moved=down]': { color: 'danger' },
})
const removeBtn = css({
  display: 'grid',
  placeItems: 'center',
  w: '8',
  h: '8',
  borderRadius: 'full',
  color: 'textMuted',
  cursor: 'pointer',
  _hover: { color: 'text', bg: 'surface' },
  _focusVisible: { outline: '2px solid token(colors.focusRing)' },
})
const stakeBox = css({ display: 'grid', gap: '1.5' })
const stakeRow = css({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  gap: '2',
  alignItems: 'center',
})
const input = css({
  w: 'full',
  minH: '10',
  px: '3',
  borderRadius: 'md',
  bg: 'bg',
  border: '1px solid token(colors.border)',
  color: 'text',
  fontVariantNumeric: 'tabular-nums',
  '&[aria-invalid=true]': { borderColor: 'danger' },
  _focusVisible: { outline: '2px solid token(colors.focusRing)' },
})
const quick = css({ display: 'flex', gap: '1.5', flexWrap: 'wrap' })
const chip = css({
  px: '2.5',
  py: '1',
  borderRadius: 'full',
  border: '1px solid token(colors.border)',
  textStyle: 'small',
  cursor: 'pointer',
  _hover: { borderColor: 'accent' },
  _focusVisible: { outline: '2px solid token(colors.focusRing)' },
})
const totalsList = css({
  display: 'grid',
  gridTemplateColumns: '1fr auto',
  gap: '1',
  textStyle: 'small',
  '& dd': {
    m: 0,
    fontWeight: 'bold',
    textAlign: 'right',
    fontVariantNumeric: 'tabular-nums',
  },
})
const alert = css({
  p: '3',
  borderRadius: 'md',
  textStyle: 'small',
  bg: 'dangerSubtle',
  color: 'text',
  border: '1px solid token(colors.danger)',
  display: 'grid',
  gap: '2',
  justifyItems: 'start',
})
const info = css({
  p: '3',
  borderRadius: 'md',
  textStyle: 'small',
  bg: 'surfaceRaised',
  color: 'textMuted',
})
const select = css({
  minH: '10',
  px: '2',
  borderRadius: 'md',
  bg: 'bg',
  color: 'text',
  border: '1px solid token(colors.border)',
})
const fundingBox = css({ display: 'grid', gap: '1.5', m: 0, p: 0, border: 'none', minW: 0, '& legend': { mb: '1.5', p: 0 } })
const fundingOption = css({
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr) auto',
  alignItems: 'center',
  gap: '2',
  px: '3',
  minH: '11',
  borderRadius: 'md',
  border: '1px solid token(colors.border)',
  bg: 'surfaceRaised',
  cursor: 'pointer',
  '&:has(input:checked)': { borderColor: 'accent', boxShadow: 'inset 0 0 0 1px token(colors.accent)' },
  '&:has(input:focus-visible)': { outline: '2px solid token(colors.focusRing)', outlineOffset: '1px' },
  '& input': { accentColor: 'token(colors.accent)', w: '4', h: '4', m: 0 },
})
const empty = css({
  color: 'textMuted',
  textStyle: 'small',
  py: '4',
  textAlign: 'center',
})

/** The side column (wide screens); nothing until the page has hydrated and the root holds a slip. */
export function BetslipColumn() {
  const { t } = useLingui()
  const ref = useAppSelector(selectBetslipRef) as BetslipRef | null
  const hydrated = useHydrated()
  return (
    <aside className={column} aria-label={t`Betslip`} data-testid="betslip-column">
      {ref && hydrated ? <BetslipPanel slip={ref} headingLevel={2} /> : <EmptyPanel />}
    </aside>
  )
}

/** The slip before the page hydrates (the server's HTML): what the live slip shows while it is read, so hydration matches. */
function EmptyPanel() {
  return (
    <div className={panel} data-testid="betslip" data-state="betslip.restoring">
      <div className={headRow}>
        <h2 className={title}>
          <Trans>Betslip</Trans>
          <span className={badge} data-testid="betslip-count">
            0
          </span>
        </h2>
      </div>
      <p className={empty}>
        <Trans>Tap a price to add it to your betslip.</Trans>
      </p>
    </div>
  )
}

/**
 * The floating bar and its sheet: on phones and tablets beside the side column, at every width on
 * a page that has no column (the home page's live strip).
 */
export function BetslipSheet({ everywhere = false }: { everywhere?: boolean }) {
  const ref = useAppSelector(selectBetslipRef) as BetslipRef | null
  const hydrated = useHydrated()
  return ref && hydrated ? <LiveSheet slip={ref} everywhere={everywhere} /> : null
}

function LiveSheet({ slip, everywhere }: { slip: BetslipRef; everywhere: boolean }) {
  const { t } = useLingui()
  const [open, setOpen] = useState(false)
  const count = useSelector(slip, selectCount)
  if (count === 0 && !open) return null
  return (
    <>
      <button type="button" className={cx(bar, everywhere ? barEverywhere : barBesideColumn)} onClick={() => setOpen(true)} aria-haspopup="dialog" data-testid="betslip-bar">
        <span>
          <Trans>Betslip ({count})</Trans>
        </span>
        <Icon name="chevronDown" size={18} />
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title={t`Betslip`}>
        <BetslipPanel slip={slip} headingLevel={null} />
      </Dialog>
    </>
  )
}

function BetslipPanel({ slip, headingLevel }: { slip: BetslipRef; headingLevel: 2 | null }) {
  const { t } = useLingui()
  const view = useSelector(slip, selectBetslipView)
  const selections = useSelector(slip, selectSelections)
  const mode = useSelector(slip, selectMode)
  const settings = useSelector(slip, selectSettings)
  const byFreeBet = useSelector(slip, selectStakedByFreeBet)
  const policyName = usePolicyName()
  const count = selections.length
  const send = slip.send
  const Heading = headingLevel === 2 ? 'h2' : 'p'
  return (
    <div className={panel} data-testid="betslip" data-state={`betslip.${view}`}>
      <div className={headRow}>
        <Heading className={title}>
          {/* In the sheet the dialog's title already says "Betslip". */}
          {headingLevel === 2 ? <Trans>Betslip</Trans> : <Trans>Selections</Trans>}
          <span className={badge} data-testid="betslip-count">
            {count}
          </span>
        </Heading>
        {count > 0 && view !== 'placed' && (
          <Button variant="ghost" size="sm" onClick={() => send({ type: 'slip.clear' })}>
            <Trans>Remove all</Trans>
          </Button>
        )}
      </div>
      {view === 'placed' ? (
        <Receipt slip={slip} />
      ) : count === 0 ? (
        <p className={empty}>
          <Trans>Tap a price to add it to your betslip.</Trans>
        </p>
      ) : (
        <>
          <div className={tabs} role="group" aria-label={t`Bet type`}>
            {(['single', 'accumulator', 'system'] as const).map((m) => (
              <button key={m} type="button" className={tab} aria-pressed={mode === m} onClick={() => send({ type: 'slip.mode', mode: m })} data-testid={`betslip-mode-${m}`}>
                <ModeName mode={m} />
              </button>
            ))}
          </div>
          <ul className={list} data-testid="betslip-selections">
            {selections.map((s) => (
              <SelectionRow key={s.outcomeId} slip={slip} selection={s} format={settings.oddsFormat} withStake={mode === 'single' && !byFreeBet} />
            ))}
          </ul>
          <FundingChoice slip={slip} />
          {mode !== 'single' && <CombinedStake slip={slip} mode={mode} />}
          {byFreeBet && <FreeBetStake slip={slip} />}
          <PriceSteps slip={slip} />
          <Totals slip={slip} />
          <label className={css({ display: 'grid', gap: '1', textStyle: 'small' })}>
            <Trans>When prices change</Trans>
            <select
              className={select}
              value={settings.policy}
              onChange={(e) =>
                send({
                  type: 'slip.policy',
                  policy: e.target.value as OddsPolicy,
                })
              }
              data-testid="betslip-policy"
            >
              {ODDS_POLICIES.map((p) => (
                <option key={p} value={p}>
                  {policyName(p)}
                </option>
              ))}
            </select>
          </label>
          <OddsFormatSelect slip={slip} />
          <PlaceButton slip={slip} />
        </>
      )}
    </div>
  )
}

/** Every price on the site follows it: decimal, fractional or American, each shown with an example. */
function OddsFormatSelect({ slip }: { slip: BetslipRef }) {
  const { t } = useLingui()
  const format = useSelector(slip, (s) => selectSettings(s).oddsFormat)
  const name = (f: OddsFormat) => (f === 'decimal' ? t`Decimal` : f === 'fractional' ? t`Fractional` : t`American`)
  return (
    <label className={css({ display: 'grid', gap: '1', textStyle: 'small' })}>
      <Trans>Odds format</Trans>
      <select className={select} value={format} onChange={(e) => slip.send({ type: 'slip.oddsFormat', format: e.target.value as OddsFormat })} data-testid="betslip-odds-format">
        {ODDS_FORMATS.map((f) => (
          <option key={f} value={f}>
            {name(f)} ({formatOdds(2500, f)})
          </option>
        ))}
      </select>
    </label>
  )
}

function ModeName({ mode }: { mode: BetMode }) {
  if (mode === 'single') return <Trans>Singles</Trans>
  if (mode === 'accumulator') return <Trans>Accumulator</Trans>
  return <Trans>System</Trans>
}

function usePolicyName(): (p: OddsPolicy) => string {
  const { t } = useLingui()
  return (p) => {
    if (p === 'accept_any') return t`Accept any change`
    if (p === 'accept_higher') return t`Accept higher prices`
    return t`Always ask me`
  }
}

function SelectionRow({ slip, selection: s, format, withStake }: { slip: BetslipRef; selection: SlipSelection; format: Parameters<typeof formatOdds>[1]; withStake: boolean }) {
  const { t } = useLingui()
  const { outcomeLabel, marketTitle } = useSportsLabels()
  const label = outcomeLabel({ home: { id: '', name: s.home }, away: { id: '', name: s.away } }, { kind: s.marketKind, line: s.line }, s.outcomeKey)
  const suspended = isSuspended(s)
  const shown = s.price === null ? '—' : formatOdds(s.price, format)
  return (
    <li className={row} data-testid="betslip-row" data-outcome={s.outcomeId} data-suspended={suspended}>
      <div className={rowTop}>
        <div>
          <div className={pickName}>{label}</div>
          <div className={small}>{marketTitle(s.sport, s.marketKind)}</div>
          <div className={small}>
            <Link to={`/betting/event/${s.eventId}`}>
              {s.home} – {s.away}
            </Link>
          </div>
        </div>
        <span className={price} data-moved={s.moved ?? undefined} data-testid="betslip-price">
          {s.moved === 'up' ? <Icon name="arrowUp" size={14} label={t`Price up`} /> : s.moved === 'down' ? <Icon name="arrowDown" size={14} label={t`Price down`} /> : null}
          {suspended ? <Icon name="lock" size={14} label={t`Suspended`} /> : shown}
        </span>
        <button type="button" className={removeBtn} aria-label={t`Remove ${label}`} onClick={() => slip.send({ type: 'slip.remove', outcomeId: s.outcomeId })}>
          <Icon name="close" size={16} />
        </button>
      </div>
      {suspended && (
        <p className={small} role="status">
          <Trans>Suspended: this selection cannot be placed now.</Trans>
        </p>
      )}
      {withStake && <StakeInput slip={slip} target={{ kind: 'single', outcomeId: s.outcomeId }} label={t`Stake on ${label}`} />}
      {withStake && <SingleReturn slip={slip} outcomeId={s.outcomeId} />}
    </li>
  )
}

/** What this single returns at its stake, beside the slip's total: each bet's own figure. */
function SingleReturn({ slip, outcomeId }: { slip: BetslipRef; outcomeId: string }) {
  const { i18n } = useLingui()
  const currency = useSelector(slip, selectCurrency)
  const potential = useSelector(slip, (s) => selectPlans(s).find((p) => p.target.kind === 'single' && p.target.outcomeId === outcomeId)?.potential ?? null)
  if (potential === null) return null
  const amount = formatMoney(toMajor(potential, currency), currency, i18n.locale)
  return (
    <p className={small} data-testid="betslip-single-return">
      <Trans>Returns {amount}</Trans>
    </p>
  )
}

function CombinedStake({ slip, mode }: { slip: BetslipRef; mode: 'accumulator' | 'system' }) {
  const { t } = useLingui()
  const selections = useSelector(slip, selectSelections)
  const systems = useSelector(slip, selectSystems)
  const system = useSelector(slip, selectSystem)
  const settings = useSelector(slip, selectSettings)
  const byFreeBet = useSelector(slip, selectStakedByFreeBet)
  const systemName = useSystemName()
  const prices = selections.map((s) => s.seen)
  return (
    <div className={stakeBox}>
      {mode === 'accumulator' ? (
        <p className={small} data-testid="betslip-combined">
          <Trans>Combined odds: {selections.length > 1 ? formatOdds(combinedPrice(prices), settings.oddsFormat) : '—'}</Trans>
        </p>
      ) : systems.length > 0 ? (
        <label className={css({ display: 'grid', gap: '1', textStyle: 'small' })}>
          <Trans>System</Trans>
          <select className={select} value={system ?? ''} onChange={(e) => slip.send({ type: 'slip.system', system: e.target.value })} data-testid="betslip-system">
            {systems.map((k) => (
              <option key={k} value={k}>
                {systemName(k)}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {!byFreeBet && <StakeInput slip={slip} target={{ kind: mode }} label={mode === 'accumulator' ? t`Accumulator stake` : t`Stake per line`} />}
    </div>
  )
}

/** "Stake from": the main balance, the betting-bonus balance, or the free bet on the slip; shown to a player who has one of the last two. */
function FundingChoice({ slip }: { slip: BetslipRef }) {
  const { t, i18n } = useLingui()
  const name = useId()
  const funding = useSelector(slip, selectFunding)
  const freeBet = useSelector(slip, selectFreeBet)
  const loggedIn = useSelector(slip, selectLoggedIn)
  const editable = useSelector(slip, (s) => s.matches({ slip: 'editing' }))
  const bonus = useAppSelector((s) => selectAccount(s).balance_betting_bonus)
  const choices = fundingChoices({ funding, freeBet, loggedIn }, isPositiveMoney(bonus))
  if (!choices) return null
  const labels: Record<SlipFunding, { label: string; hint: string | null }> = {
    main: { label: t`Main balance`, hint: null },
    betting_bonus: { label: t`Betting bonus`, hint: bonus ? formatMoney(bonus.amount, bonus.currency, i18n.locale) : null },
    free_bet: { label: t`Free bet`, hint: freeBet ? t`${formatMoney(freeBet.amount, freeBet.currency, i18n.locale)}, odds ${formatDecimal(freeBet.minPrice)}+` : null },
  }
  const options = choices.map((value) => ({ value, ...labels[value] }))
  return (
    <fieldset className={fundingBox} data-testid="betslip-funding">
      <legend className={small}>
        <Trans>Stake from</Trans>
      </legend>
      {options.map((o) => (
        <label key={o.value} className={fundingOption} data-testid={`betslip-funding-${o.value}`}>
          <input type="radio" name={name} value={o.value} checked={funding === o.value} disabled={!editable} onChange={() => slip.send({ type: 'slip.funding', funding: o.value })} />
          <span className={css({ fontWeight: 'bold' })}>{o.label}</span>
          {o.hint && <span className={small}>{o.hint}</span>}
        </label>
      ))}
    </fieldset>
  )
}

/** What a free bet stakes: its own amount, with the rule that it returns winnings only. */
function FreeBetStake({ slip }: { slip: BetslipRef }) {
  const { i18n } = useLingui()
  const freeBet = useSelector(slip, selectFreeBet)
  if (!freeBet) return null
  const amount = formatMoney(freeBet.amount, freeBet.currency, i18n.locale)
  return (
    <p className={info} data-testid="betslip-free-bet">
      <Trans>
        Free bet stake: {amount}. If the bet wins you get the winnings; the stake is not returned.
      </Trans>
    </p>
  )
}

function useSystemName(): (kind: string) => string {
  const { t } = useLingui()
  return (kind) => {
    switch (kind) {
      case 'doubles':
        return t`Doubles`
      case 'trebles':
        return t`Trebles`
      case 'trixie':
        return t`Trixie`
      case 'patent':
        return t`Patent`
      case 'yankee':
        return t`Yankee`
      case 'lucky15':
        return t`Lucky 15`
      default: {
        const [k, n] = kind.split('/')
        return t`${k} of ${n}`
      }
    }
  }
}

function StakeInput({ slip, target, label }: { slip: BetslipRef; target: StakeTarget; label: string }) {
  const id = useId()
  const { stakes, accumulator, system } = useSelector(slip, selectStakes)
  const currency = useSelector(slip, selectCurrency)
  const problems = useSelector(slip, selectProblems)
  const value = target.kind === 'single' ? stakes[target.outcomeId] ?? '' : target.kind === 'accumulator' ? accumulator : system
  const bad = problems.some((p) => p.code === 'bad_stake' && JSON.stringify(p.target) === JSON.stringify(target))
  const editable = useSelector(slip, (s) => s.matches({ slip: 'editing' }))
  return (
    <div className={stakeBox}>
      <div className={stakeRow}>
        <label htmlFor={id} className={small}>
          {label}
        </label>
        <span className={small}>{currency}</span>
      </div>
      <input
        id={id}
        className={input}
        inputMode="decimal"
        autoComplete="off"
        value={value}
        aria-invalid={bad}
        disabled={!editable}
        onChange={(e) => slip.send({ type: 'slip.stake', target, stake: e.target.value })}
        data-testid="betslip-stake"
      />
      {bad && (
        <p className={css({ textStyle: 'small', color: 'danger' })}>
          <Trans>Enter an amount, such as 5 or 2.50.</Trans>
        </p>
      )}
      <div className={quick}>
        {QUICK_STAKES.map((amount) => (
          <button key={amount} type="button" className={chip} disabled={!editable} onClick={() => slip.send({ type: 'slip.quickStake', target, amount })}>
            +{amount}
          </button>
        ))}
      </div>
    </div>
  )
}

/** The accept step, the problems and the refusal: whatever stands between the slip and a bet. */
function PriceSteps({ slip }: { slip: BetslipRef }) {
  const view = useSelector(slip, selectBetslipView)
  const problems = useSelector(slip, selectProblems)
  const refusal = useSelector(slip, selectRefusal)
  const message = useProblemText()
  const shown = problems.filter((p) => p.code !== 'bad_stake' && p.code !== 'no_stake' && p.code !== 'empty')
  return (
    <>
      {view === 'reviewing' && (
        <div className={alert} role="alert" data-testid="betslip-review">
          <Trans>Prices have changed. Check the new prices before you place the bet.</Trans>
          <Button size="sm" onClick={() => slip.send({ type: 'slip.acceptPrices' })} data-testid="betslip-accept">
            <Trans>Accept new prices</Trans>
          </Button>
        </div>
      )}
      {shown.length > 0 && (
        <ul
          className={css({
            listStyle: 'none',
            m: 0,
            p: 0,
            display: 'grid',
            gap: '1',
          })}
          data-testid="betslip-problems"
        >
          {shown.map((p) => (
            <li key={p.code} className={info} data-code={p.code}>
              {message(p)}
            </li>
          ))}
        </ul>
      )}
      {refusal && <Refusal refusal={refusal} />}
    </>
  )
}

function useProblemText() {
  const { t } = useLingui()
  return (p: SlipProblem): string => {
    switch (p.code) {
      case 'empty':
        return t`Your betslip is empty.`
      case 'no_stake':
        return t`Enter a stake.`
      case 'bad_stake':
        return t`Enter an amount, such as 5 or 2.50.`
      case 'stake_below_min':
        return t`The smallest stake is ${p.min} ${p.currency} a line.`
      case 'stake_above_max':
        return t`The largest stake is ${p.max} ${p.currency}.`
      case 'payout_above_max':
        return t`The return would be above the most we pay on one bet, ${p.max} ${p.currency}. Lower the stake.`
      case 'suspended':
        return t`A selection is suspended. Remove it or wait until it opens again.`
      case 'same_event':
        return t`Two selections from the same event cannot be combined. Place them as singles or remove one.`
      case 'too_few':
        return t`This bet needs at least ${p.min} selections.`
      case 'no_system':
        return t`Choose a system.`
      case 'free_bet_shape':
        return t`A free bet places one single or one accumulator. Keep one selection, or choose Accumulator.`
      case 'free_bet_odds':
        return t`This free bet needs odds of ${formatDecimal(p.min)} or more.`
    }
  }
}

function Refusal({ refusal }: { refusal: SlipRefusal }) {
  const { t } = useLingui()
  const text = (() => {
    switch (refusal.code) {
      case 'insufficient_funds':
        return t`Your balance does not cover the stake.`
      case 'loss_limit_exceeded':
        return Number(refusal.data.available ?? 0) > 0
          ? t`This stake could take you past your loss limit. You can stake up to ${refusal.data.available ?? ''} ${refusal.data.currency ?? ''} of your own money now.`
          : t`You have reached your loss limit. You can stake again once your losses leave its period.`
      case 'sportsbook_price_changed':
        return t`Prices have changed since you added them.`
      case 'sportsbook_selection_closed':
        return t`A selection is no longer open for betting.`
      case 'sportsbook_selection_unknown':
        return t`A selection is no longer on offer. Remove it and try again.`
      case 'sportsbook_same_event':
        return t`Two selections from the same event cannot be combined. Place them as singles or remove one.`
      case 'sportsbook_stake_below_min':
        return t`The smallest stake is ${refusal.data.min ?? ''} ${refusal.data.currency ?? ''} a line.`
      case 'sportsbook_stake_above_max':
        return t`The largest stake is ${refusal.data.max ?? ''} ${refusal.data.currency ?? ''}.`
      case 'sportsbook_payout_above_max':
        return t`The return would be above the most we pay on one bet, ${refusal.data.max ?? ''} ${refusal.data.currency ?? ''}. Lower the stake.`
      case 'sportsbook_event_limit':
      case 'sportsbook_player_limit':
        return t`You have reached the most you can have at stake. You can still stake ${refusal.data.left ?? ''} ${refusal.data.currency ?? ''}.`
      case 'sportsbook_slip_full':
        return t`A betslip holds up to 20 selections.`
      case 'sportsbook_bonus_unavailable':
        return t`This free bet is no longer available. Your selections are kept: stake them from your balance.`
      case 'sportsbook_bonus_odds':
        return t`This free bet needs odds of ${refusal.data.min_price ? formatDecimal(Number(refusal.data.min_price)) : ''} or more.`
      case 'sportsbook_bonus_amount':
        return t`A free bet stakes its own amount, ${refusal.data.amount ?? ''} ${refusal.data.currency ?? ''}.`
      case 'network':
        return t`We could not reach the server. Press Place bet again: the bet will not be placed twice.`
      default:
        return t`The bet was not placed. Please try again.`
    }
  })()
  return (
    <div className={alert} role="alert" data-testid="betslip-refusal" data-code={refusal.code}>
      {text}
      {refusal.code === 'insufficient_funds' && (
        <Link to="/cashier/deposit" data-testid="betslip-deposit">
          <Trans>Deposit</Trans>
        </Link>
      )}
      {refusal.code === 'loss_limit_exceeded' && (
        <Link to="/profile/responsible-game" data-testid="betslip-limits">
          <Trans>Responsible gaming</Trans>
        </Link>
      )}
    </div>
  )
}

function Totals({ slip }: { slip: BetslipRef }) {
  const { i18n } = useLingui()
  const totals = useSelector(slip, selectTotals)
  const plans = useSelector(slip, selectPlans)
  const currency = useSelector(slip, selectCurrency)
  const byFreeBet = useSelector(slip, selectStakedByFreeBet)
  const money = (minor: bigint) => formatMoney(toMajor(minor, currency), currency, i18n.locale)
  return (
    <dl className={totalsList} data-testid="betslip-totals">
      <dt>{byFreeBet ? <Trans>Free bet stake</Trans> : <Plural value={plans.length} one="# bet, total stake" other="# bets, total stake" />}</dt>
      <dd data-testid="betslip-total-stake">{money(totals.stake)}</dd>
      <dt>{byFreeBet ? <Trans>Potential winnings</Trans> : <Trans>Potential return</Trans>}</dt>
      <dd data-testid="betslip-potential">{money(totals.potential)}</dd>
    </dl>
  )
}

function PlaceButton({ slip }: { slip: BetslipRef }) {
  const view = useSelector(slip, selectBetslipView)
  const canPlace = useSelector(slip, selectCanPlace)
  return (
    <Button fullWidth loading={view === 'placing'} disabled={!canPlace} onClick={() => slip.send({ type: 'slip.place' })} data-testid="betslip-place">
      <Trans>Place bet</Trans>
    </Button>
  )
}

function Receipt({ slip }: { slip: BetslipRef }) {
  const { i18n } = useLingui()
  const receipt = useSelector(slip, selectReceipt)
  return (
    <div className={css({ display: 'grid', gap: '3' })} data-testid="betslip-receipt" role="status">
      <p className={css({ fontWeight: 'bold', color: 'success', m: 0 })}>
        <Plural value={receipt.length} one="Your bet is placed." other="Your # bets are placed." />
      </p>
      <ul className={list}>
        {receipt.map((b) => (
          <li key={b.id} className={row} data-testid="betslip-receipt-bet" data-kind={b.kind}>
            <div className={headRow}>
              <span className={pickName}>
                <ModeName mode={b.kind} />
                {b.system ? ` · ${b.system}` : ''}
              </span>
              <span className={small}>#{b.id}</span>
            </div>
            <dl className={totalsList}>
              <dt>{b.funding === 'free_bet' ? <Trans>Free bet stake</Trans> : b.funding === 'betting_bonus' ? <Trans>Stake from betting bonus</Trans> : <Trans>Stake</Trans>}</dt>
              <dd>{formatMoney(b.stake, b.currency, i18n.locale)}</dd>
              <dt>{b.funding === 'free_bet' ? <Trans>Potential winnings</Trans> : <Trans>Potential return</Trans>}</dt>
              <dd>{formatMoney(b.potential, b.currency, i18n.locale)}</dd>
            </dl>
          </li>
        ))}
      </ul>
      <div
        className={css({
          display: 'grid',
          gridTemplateColumns: '1fr 1fr',
          gap: '2',
        })}
      >
        <Button variant="secondary" onClick={() => slip.send({ type: 'slip.reuse' })} data-testid="betslip-reuse">
          <Trans>Keep selections</Trans>
        </Button>
        <Button onClick={() => slip.send({ type: 'slip.done' })} data-testid="betslip-done">
          <Trans>Done</Trans>
        </Button>
      </div>
    </div>
  )
}
