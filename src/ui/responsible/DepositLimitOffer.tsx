import { Trans, useLingui } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { useRef, useState, type FormEvent, type KeyboardEvent, type MouseEvent } from 'react'
import { Link } from 'react-router'
import { css } from 'styled-system/css'
import type { DepositLimitOfferMachine } from '../../machines/responsible/deposit-limit-offer.machine'
import { selectLimitForm, selectOfferBusy, selectOfferDataState, selectOfferLimit, selectOfferView } from '../../machines/responsible/deposit-limit.selectors'
import type { DepositLimit } from '../../machines/responsible/deposit-limit.types'
import { formatAmount } from '../../shared/format-money'
import { useFlowActor } from '../app/useFlowActor'
import { alertBox, card, muted } from '../cashier/CashierShell'
import { Button } from '../kit/Button'
import { useFirstErrorFocus } from '../kit/Form'
import { LimitAlertBox, LimitFields, usePerPeriod } from './LimitFields'

const actions = css({ display: 'flex', gap: '2', flexWrap: 'wrap', '& > *': { flex: { base: '1 1 auto', tablet: 'none' } } })

/** Makes the offer's machine; `onSaved` hears the saved limit (the deposit flow checks amounts against it). */
export type DepositLimitOfferFactory = (onSaved: (limit: DepositLimit) => void) => DepositLimitOfferMachine

/**
 * Issue 4: at the first deposit a player without a limit is offered one; 'Not now' skips it. Not a
 * form of its own inside the deposit form (nested forms are invalid HTML): a group with buttons.
 */
export function DepositLimitOffer({ factory, onSaved, currency, limit, isFirstDeposit }: { factory: DepositLimitOfferFactory; onSaved: (limit: DepositLimit) => void; currency: string; limit: DepositLimit; isFirstDeposit: boolean }) {
  const { t, i18n } = useLingui()
  const [machine] = useState(() => factory(onSaved))
  const actor = useFlowActor(machine, { input: { currency, limit, isFirstDeposit, locale: i18n.locale } })
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
      <p className={muted} role="status" data-testid="deposit-limit-offer" data-state={dataState}>
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
      className={card}
      role="group"
      aria-label={t`Deposit limit`}
      data-testid="deposit-limit-offer"
      data-state={dataState}
      // Enter in the limit's amount sets the limit; it must not submit the deposit form around it.
      onKeyDown={(e) => {
        if (e.key === 'Enter' && e.target instanceof HTMLInputElement) submit(e)
      }}
    >
      <div className={css({ display: 'grid', gap: '1' })}>
        <h3 className={css({ fontWeight: 'semibold' })}>
          <Trans>Set a deposit limit?</Trans>
        </h3>
        <p className={muted}>
          <Trans>Decide now how much you want to deposit at most over a period. You can change it later in responsible gaming.</Trans>
        </p>
      </div>
      <LimitAlertBox alert={form.alert} className={alertBox} testId="deposit-limit-offer-alert" />
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
        <Button variant="ghost" onClick={() => actor.send({ type: 'limitOffer.skip' })} disabled={busy} data-testid="deposit-limit-offer-skip">
          <Trans>Not now</Trans>
        </Button>
      </div>
    </div>
  )
}
