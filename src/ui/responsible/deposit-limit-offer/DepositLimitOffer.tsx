import { Trans, useLingui } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { useRef, type FormEvent, type KeyboardEvent, type MouseEvent } from 'react'
import { Link } from 'react-router'
import { css } from 'styled-system/css'
import { muted } from 'styled-system/recipes'
import { depositLimitOfferMachine } from '../../../machines/responsible/deposit-limit-offer/deposit-limit-offer.machine'
import { selectLimitForm, selectOfferBusy, selectOfferDataState, selectOfferLimit, selectOfferView } from '../../../machines/responsible/deposit-limit/deposit-limit.selectors'
import { DEPOSIT_LIMIT_SAVED, type DepositLimit } from '../../../machines/responsible/deposit-limit/deposit-limit.types'
import { formatAmount } from '../../../shared/format-money'
import { useEmitted } from '../../app/useEmitted'
import { useFlowActor } from '../../app/useFlowActor'
import { Button } from '../../kit/Button'
import { useFirstErrorFocus } from '../../kit/Form'
import { LimitAlertBox, LimitFields, usePerPeriod } from '../deposit-limit/LimitFields'

const actions = css({ display: 'flex', gap: '2', flexWrap: 'wrap', '& > *': { flex: { base: '1 1 auto', tablet: 'none' } } })
// One line while folded: the disclosure, and 'Not now' beside it.
const line = css({ display: 'flex', alignItems: 'flex-start', gap: '2', borderRadius: 'lg', border: '1px solid', borderColor: 'border', bg: 'surface', px: '3', py: '1' })
const summary = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  minH: '11',
  cursor: 'pointer',
  fontWeight: 'semibold',
  fontSize: 'sm',
  listStyle: 'none',
  '&::-webkit-details-marker': { display: 'none' },
  _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px', borderRadius: 'sm' },
  '& > svg': { flexShrink: 0, transition: 'transform 150ms', _motionReduce: { transition: 'none' } },
})
// The chevron turns when the offer unfolds.
const disclosure = css({ flex: '1', minW: '0', '&[open] > summary > svg': { transform: 'rotate(90deg)' } })
const body = css({ display: 'grid', gap: '4', pt: '2', pb: '3' })

/**
 * At the first deposit a player without a limit is offered one; 'Not now' skips it. Not a
 * form of its own inside the deposit form (nested forms are invalid HTML): a group with buttons.
 * It sits under the Deposit button folded to one line (a native disclosure: keyboard and screen
 * readers know it), so the button stays in the first screen of a phone; unfolding it shows the
 * limit's fields. A saved limit (the machine's DEPOSIT_LIMIT_SAVED) reaches `onSaved`: the deposit
 * flow checks amounts against it.
 */
export function DepositLimitOffer({ onSaved, currency, limit, isFirstDeposit }: { onSaved: (limit: DepositLimit) => void; currency: string; limit: DepositLimit; isFirstDeposit: boolean }) {
  const { t, i18n } = useLingui()
  const actor = useFlowActor(depositLimitOfferMachine, { input: { currency, limit, isFirstDeposit, locale: i18n.locale } })
  useEmitted(actor, DEPOSIT_LIMIT_SAVED, (event) => onSaved(event.limit))
  const view = useSelector(actor, selectOfferView)
  const dataState = useSelector(actor, selectOfferDataState)
  const form = useSelector(actor, selectLimitForm)
  const busy = useSelector(actor, selectOfferBusy)
  const saved = useSelector(actor, selectOfferLimit)
  const perPeriod = usePerPeriod()
  // Inside the deposit form, so not a form of its own: its container takes the player to the first error.
  const root = useRef<HTMLDivElement>(null)
  useFirstErrorFocus(actor, root)
  if (view === 'hidden' || view === 'skipped') return null
  if (view === 'saved') {
    return (
      <p className={muted()} role="status" data-testid="deposit-limit-offer" data-state={dataState}>
        {saved.limit_amount && saved.period !== 'none' ? (
          <Trans>
            Your deposit limit is set: {formatAmount(saved.limit_amount, i18n.locale)} {perPeriod(saved.period)}. You can change it in{' '}
            <Link to="/responsible-game">responsible gaming</Link>.
          </Trans>
        ) : null}
      </p>
    )
  }
  const submit = (e: FormEvent | KeyboardEvent | MouseEvent) => {
    e.preventDefault()
    if (!busy) actor.send({ type: 'limitOffer.submit' })
  }
  return (
    <div
      ref={root}
      className={line}
      role="group"
      aria-label={t`Deposit limit`}
      data-testid="deposit-limit-offer"
      data-state={dataState}
      // Enter in the limit's amount sets the limit; it must not submit the deposit form around it.
      onKeyDown={(e) => {
        if (e.key === 'Enter' && e.target instanceof HTMLInputElement) submit(e)
      }}
    >
      <details className={disclosure}>
        <summary className={summary} data-testid="deposit-limit-offer-toggle">
          <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
            <path d="M6 3l5 5-5 5" />
          </svg>
          <span>
            <Trans>Set a deposit limit (optional)</Trans>
          </span>
        </summary>
        <div className={body}>
          <p className={muted()}>
            <Trans>Decide now how much you want to deposit at most over a period. You can change it later in responsible gaming.</Trans>
          </p>
          <LimitAlertBox alert={form.alert} testId="deposit-limit-offer-alert" />
          <LimitFields
            period={form.period}
            amount={form.amount}
            currency={currency}
            errors={form.fieldErrors}
            disabled={busy}
            testIdPrefix="deposit-limit-offer"
            onPeriod={(period) => actor.send({ type: 'limitOffer.period.change', period })}
            onAmount={(value) => actor.send({ type: 'limitOffer.amount.change', value })}
          />
          <div className={actions}>
            <Button variant="secondary" onClick={submit} loading={busy} data-testid="deposit-limit-offer-save">
              <Trans>Set limit</Trans>
            </Button>
          </div>
        </div>
      </details>
      <Button variant="ghost" size="sm" className={css({ flexShrink: 0, mt: '1.5' })} onClick={() => actor.send({ type: 'limitOffer.skip' })} disabled={busy} data-testid="deposit-limit-offer-skip">
        <Trans>Not now</Trans>
      </Button>
    </div>
  )
}
