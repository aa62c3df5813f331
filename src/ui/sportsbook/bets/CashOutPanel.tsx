import { Trans, useLingui } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { useEffect, useRef, type KeyboardEvent } from 'react'
import { css } from 'styled-system/css'
import type { ActorRefFrom } from 'xstate'
import type { sbBetsMachine } from '../../../machines/sportsbook/bets/bets.machine'
import {
  selectAmountProblem,
  selectAmountText,
  selectCashing,
  selectCashOutView,
  selectMode,
  selectNotice,
  selectOffer,
  selectOfferRefreshing,
  selectTaking,
} from '../../../machines/sportsbook/bets/bets.selectors'
import type { AmountProblem } from '../../../machines/sportsbook/bets/bets.types'
import { amountSeparators } from '../../../shared/whole-amount'
import { formatAmount } from '../../../shared/format-money'
import { Alert } from '../../kit/Alert'
import { Button } from '../../kit/Button'
import { Input } from '../../kit/Input'

type BetsRef = ActorRefFrom<typeof sbBetsMachine>

const panel = css({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: '3', p: '4', borderRadius: 'md', borderWidth: '1px', borderStyle: 'solid', borderColor: 'accent', bg: 'surface' })
const heading = css({ fontWeight: 'semibold', fontSize: 'md', _focusVisible: { outline: '2px solid', outlineColor: 'accent', outlineOffset: '2px' } })
const offerLine = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: '2' })
const offerAmount = css({ fontSize: 'xl', fontWeight: 'bold', fontVariantNumeric: 'tabular-nums' })
const muted = css({ fontSize: 'sm', color: 'textMuted' })
const modes = css({ display: 'flex', flexWrap: 'wrap', gap: '4', border: '0', p: '0', m: '0', '& label': { display: 'inline-flex', alignItems: 'center', gap: '2', minH: '9', cursor: 'pointer' } })
const buttons = css({ display: 'flex', flexWrap: 'wrap', gap: '2', justifyContent: 'flex-end' })

/**
 * The cash-out of one open bet, under its row: the offer (asked again while shown), all or a part,
 * a confirmation, then what came of it. Focus goes to its heading when it opens and when its step
 * changes, so keyboard and screen-reader players follow it; Escape closes it.
 */
export function CashOutPanel({ actor, betId, onClosed }: { actor: BetsRef; betId: string; onClosed: () => void }) {
  const { t, i18n } = useLingui()
  const locale = i18n.locale
  const view = useSelector(actor, selectCashOutView)
  const offer = useSelector(actor, selectOffer)
  const refreshing = useSelector(actor, selectOfferRefreshing)
  const mode = useSelector(actor, selectMode)
  const text = useSelector(actor, selectAmountText)
  const problem = useSelector(actor, selectAmountProblem)
  const notice = useSelector(actor, selectNotice)
  const taking = useSelector(actor, selectTaking)
  const cashing = useSelector(actor, selectCashing)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const inputRef = useRef<HTMLInputElement>(null)
  const titleId = `cashout-${betId}-title`

  // A new step is a new heading to read; a part refused takes the player to its field.
  useEffect(() => {
    if (view !== 'cashing') headingRef.current?.focus()
  }, [view])
  useEffect(() => {
    if (problem) inputRef.current?.focus()
  }, [problem])

  const close = () => {
    actor.send({ type: 'cashout.close' })
    onClosed()
  }
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && view !== 'cashing') {
      e.stopPropagation()
      close()
    }
  }
  const money = (amount: string) => formatAmount({ amount, currency: offer?.currency ?? 'USD' }, locale)
  const offerText = offer?.amount ? money(offer.amount) : ''
  const takingText = taking ? money(taking) : ''
  const example = `5${amountSeparators(locale).decimal}50`
  const problemText = (p: AmountProblem): string => {
    switch (p) {
      case 'required':
        return t`Enter the amount to cash out.`
      case 'format':
        return t`Write the amount like ${example}.`
      case 'decimals':
        return t`The amount has too many decimals.`
      case 'zero':
        return t`The amount must be more than zero.`
      case 'above_offer':
        return t`The amount cannot be more than the offer of ${offerText}.`
    }
  }

  return (
    <section className={panel} aria-labelledby={titleId} data-testid="sb-cashout" data-state={`cashout.${view}`} onKeyDown={onKeyDown}>
      <h4 id={titleId} ref={headingRef} tabIndex={-1} className={heading}>
        {view === 'confirming' ? <Trans>Confirm your cash-out</Trans> : view === 'done' ? <Trans>Cashed out</Trans> : <Trans>Cash out</Trans>}
      </h4>

      {view === 'quoting' ? (
        <p className={muted} role="status">
          <Trans>Getting the cash-out offer…</Trans>
        </p>
      ) : null}

      {view === 'offered' ? (
        <form
          className={css({ display: 'grid', gap: '3' })}
          noValidate
          onSubmit={(e) => {
            e.preventDefault()
            actor.send({ type: 'cashout.submit' })
          }}
        >
          {notice === 'changed' ? (
            <Alert tone="warning" data-testid="sb-cashout-changed">
              <Trans>The offer changed to {offerText}. Check it and cash out again.</Trans>
            </Alert>
          ) : null}
          {notice === 'amount_refused' ? (
            <Alert tone="warning">
              <Trans>That amount could not be cashed out. Check the offer and try again.</Trans>
            </Alert>
          ) : null}
          <div className={offerLine}>
            <span className={muted}>
              <Trans>Offer now</Trans>
            </span>
            <span className={offerAmount} data-testid="sb-cashout-offer" data-amount={offer?.amount ?? ''} aria-live="polite">
              {offerText}
            </span>
            {refreshing ? (
              <span className={muted} aria-hidden="true">
                <Trans>updating…</Trans>
              </span>
            ) : null}
          </div>
          <p className={muted}>
            <Trans>The offer follows the prices and is updated every few seconds.</Trans>
          </p>
          <fieldset className={modes}>
            <legend className={css({ srOnly: true })}>
              <Trans>How much to cash out</Trans>
            </legend>
            <label>
              <input type="radio" name={`cashout-mode-${betId}`} checked={mode === 'full'} onChange={() => actor.send({ type: 'cashout.mode', mode: 'full' })} />
              <Trans>All of it</Trans>
            </label>
            <label>
              <input type="radio" name={`cashout-mode-${betId}`} checked={mode === 'partial'} onChange={() => actor.send({ type: 'cashout.mode', mode: 'partial' })} />
              <Trans>A part</Trans>
            </label>
          </fieldset>
          {mode === 'partial' ? (
            <Input
              ref={inputRef}
              label={t`Amount to cash out`}
              hint={t`Up to ${offerText}. The rest of the bet stays on at a smaller stake.`}
              error={problem ? problemText(problem) : undefined}
              inputMode="decimal"
              autoComplete="off"
              value={text}
              onChange={(e) => actor.send({ type: 'cashout.amount', value: e.currentTarget.value })}
              data-testid="sb-cashout-amount"
            />
          ) : null}
          <div className={buttons}>
            <Button variant="ghost" onClick={close}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" variant="primary" data-testid="sb-cashout-submit">
              {mode === 'full' ? <Trans>Cash out {offerText}</Trans> : <Trans>Continue</Trans>}
            </Button>
          </div>
        </form>
      ) : null}

      {view === 'confirming' || view === 'cashing' ? (
        <>
          <p>
            {mode === 'full' ? (
              <Trans>
                Cash out <strong>{takingText}</strong> now? The bet closes and the amount goes to your balance.
              </Trans>
            ) : (
              <Trans>
                Cash out <strong>{takingText}</strong> now? The rest of the bet stays on at a smaller stake.
              </Trans>
            )}
          </p>
          <p className={muted}>
            <Trans>If the prices move a lot before it is done, you will see the new offer first.</Trans>
          </p>
          <div className={buttons}>
            <Button variant="ghost" onClick={() => actor.send({ type: 'cashout.back' })} disabled={cashing}>
              <Trans>Back</Trans>
            </Button>
            <Button variant="primary" loading={cashing} onClick={() => actor.send({ type: 'cashout.confirm' })} data-testid="sb-cashout-confirm">
              {cashing ? <Trans>Cashing out…</Trans> : <Trans>Confirm cash-out</Trans>}
            </Button>
          </div>
        </>
      ) : null}

      {view === 'unavailable' || view === 'quoteFailed' || view === 'failed' ? (
        <Alert
          tone={view === 'unavailable' ? 'info' : 'error'}
          data-testid="sb-cashout-problem"
          action={
            <div className={buttons}>
              <Button variant="ghost" onClick={close}>
                <Trans>Close</Trans>
              </Button>
              <Button variant="secondary" onClick={() => actor.send({ type: 'cashout.retry' })}>
                <Trans>Try again</Trans>
              </Button>
            </div>
          }
        >
          {view === 'unavailable' ? (
            <Trans>Cash-out is not available right now: a selection is suspended or its result is being settled. Try again in a moment.</Trans>
          ) : view === 'quoteFailed' ? (
            <Trans>We could not get the cash-out offer. Check your connection and try again.</Trans>
          ) : (
            <Trans>We could not confirm your cash-out. Try again: it is paid only once.</Trans>
          )}
        </Alert>
      ) : null}

      {view === 'done' ? (
        <Alert
          tone="success"
          data-testid="sb-cashout-done"
          action={
            <Button variant="secondary" onClick={close}>
              <Trans>Close</Trans>
            </Button>
          }
        >
          <Trans>You cashed out {takingText}. It is in your balance.</Trans>
        </Alert>
      ) : null}
    </section>
  )
}
