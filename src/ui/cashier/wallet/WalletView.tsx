import { Trans, useLingui } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { useEffect, useState, type ReactNode } from 'react'
import { Link } from 'react-router'
import { css, cx } from 'styled-system/css'
import { button, card, muted } from 'styled-system/recipes'
import { selectAccount } from '../../../machines/app/app/app.selectors'
import { walletMachine, type WalletMachine } from '../../../machines/cashier/wallet/wallet.machine'
import { selectChoice, selectCurrency, selectCurrencyStep, selectRates, selectRefusal, selectWalletView } from '../../../machines/cashier/wallet/wallet.selectors'
import type { CurrencyRefusal } from '../../../machines/cashier/wallet/wallet.types'
import type { Money } from '../../../shared/money'
import { formatAmount, formatHeaderBalance, formatRate } from '../../../shared/format-money'
import { useAppActor, useAppSelector } from '../../app/AppProviders'
import { useFlowActor } from '../../app/useFlowActor'
import { Alert } from '../../kit/Alert'
import { Button } from '../../kit/Button'
import { Select } from '../../kit/Select'
import { Skeleton } from '../../kit/Skeleton'
import { useBalanceNews } from '../CashierShell'
import { LoadFailed } from '../../kit/LoadFailed'

const grid = css({ display: 'grid', gap: { base: '4', tablet: '6' }, gridTemplateColumns: { base: 'minmax(0, 1fr)', laptop: 'minmax(0, 3fr) minmax(0, 2fr)' }, alignItems: 'start' })
const column = css({ display: 'grid', gap: { base: '4', tablet: '6' } })
const sectionTitle = css({ textStyle: 'title' })
const totalValue = css({ fontSize: { base: '3xl', tablet: '4xl' }, fontWeight: 'bold', fontVariantNumeric: 'tabular-nums', lineHeight: '1.1', overflowWrap: 'anywhere' })
const list = css({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  gap: '0',
  m: '0',
  '& > div': { display: 'contents' },
  '& dt, & dd': { py: '3', borderTop: '1px solid', borderColor: 'border' },
  '& dd': { m: '0', textAlign: 'right', fontVariantNumeric: 'tabular-nums', fontWeight: 'semibold', pl: '3' },
})
const actions = css({ display: 'grid', gridTemplateColumns: { base: 'minmax(0, 1fr)', tablet: 'repeat(3, auto)' }, gap: '2', justifyContent: { tablet: 'start' } })
const confirmBox = css({ borderRadius: 'md', p: '4', bg: 'surfaceRaised', border: '1px solid', borderColor: 'border', display: 'grid', gap: '3', fontSize: 'sm' })
const confirmActions = css({ display: 'flex', flexWrap: 'wrap', gap: '2' })
const rateTable = css({
  w: 'full',
  borderCollapse: 'collapse',
  fontVariantNumeric: 'tabular-nums',
  '& caption': { textAlign: 'left', color: 'textMuted', fontSize: 'sm', pb: '2' },
  '& th, & td': { py: '2.5', borderTop: '1px solid', borderColor: 'border', textAlign: 'left', fontWeight: 'normal' },
  '& td': { textAlign: 'right', whiteSpace: 'nowrap', pl: '3' },
  '& tr[data-own=true] th, & tr[data-own=true] td': { fontWeight: 'semibold' },
})
const link = css({ color: 'accent', fontWeight: 'semibold' })

/** "EUR · Euro" with the name in the player's language; the code alone when the platform has no name for it (BTC). */
function currencyLabel(code: string, locale: string): string {
  let name: string | undefined
  try {
    name = new Intl.DisplayNames([locale], { type: 'currency' }).of(code)
  } catch {
    name = undefined
  }
  return name && name !== code ? `${code} · ${name}` : code
}

/**
 * /cashier/wallet (SPEC §2.1): the player's balances (SPEC §3 'Account info': main, bonus, betting
 * bonus, the demo balance, and the total as the header shows it), the account currency with the
 * currency rates (Account getcurrencyrates), and changing the currency (Account setCurrency).
 * Balances come from the root actor, which the balance socket and the balance refresh keep live
 * (the root actor's live region): this page runs no poll of its own. The wallet machine owns the rates and the
 * change of currency; the balances of a new currency go to the root actor.
 */
export function WalletView() {
  const { i18n } = useLingui()
  const app = useAppActor()
  const account = useAppSelector(selectAccount)
  const accountCurrency = account.balance_main?.currency ?? null
  const actor = useFlowActor(walletMachine, { input: { currency: accountCurrency } })
  useBalanceNews(actor)
  useEffect(() => {
    actor.send({ type: 'account.sync', currency: accountCurrency })
  }, [actor, accountCurrency])
  const total = formatHeaderBalance(account, i18n.locale)
  const rows: { key: string; label: ReactNode; hint?: ReactNode; money: Money | null }[] = [
    { key: 'main', label: <Trans>Main balance</Trans>, hint: <Trans>Money you can play with and withdraw.</Trans>, money: account.balance_main },
    { key: 'bonus', label: <Trans>Bonus balance</Trans>, hint: <Trans>Casino bonus money, released by its wagering rules.</Trans>, money: account.balance_bonus },
    { key: 'betting_bonus', label: <Trans>Betting bonus</Trans>, hint: <Trans>Bonus money for sports bets.</Trans>, money: account.balance_betting_bonus },
    { key: 'fun', label: <Trans>Demo balance</Trans>, hint: <Trans>Play money for demo games. It is not part of your total and cannot be withdrawn.</Trans>, money: account.balance_fun },
  ]
  return (
    <div className={grid} data-testid="wallet">
      <div className={column}>
        <section className={card()} aria-labelledby="wallet-balances-title" data-testid="wallet-balances">
          <h2 id="wallet-balances-title" className={sectionTitle}>
            <Trans>Your balances</Trans>
          </h2>
          <div>
            <p className={muted()}>
              <Trans>Total (main, bonus and betting bonus)</Trans>
            </p>
            <p className={totalValue} data-testid="wallet-total" aria-live="polite" aria-atomic="true">
              {total ?? '—'}
            </p>
          </div>
          <dl className={list}>
            {rows.map((row) => (
              <div key={row.key}>
                <dt>
                  <span className={css({ display: 'block', fontWeight: 'medium' })}>{row.label}</span>
                  {row.hint ? <span className={cx(muted(), css({ display: 'block' }))}>{row.hint}</span> : null}
                </dt>
                <dd data-testid={`wallet-balance-${row.key}`}>{row.money ? formatAmount(row.money, i18n.locale) : <span className={muted()}>—</span>}</dd>
              </div>
            ))}
          </dl>
          <div className={actions}>
            <Link className={button({ variant: 'primary' })} to="/cashier/deposit" data-testid="wallet-deposit">
              <Trans>Deposit</Trans>
            </Link>
            <Link className={button({ variant: 'secondary' })} to="/cashier/withdraw" data-testid="wallet-withdraw">
              <Trans>Withdraw</Trans>
            </Link>
            <Link className={button({ variant: 'ghost' })} to="/cashier/history" data-testid="wallet-history">
              <Trans>Transaction history</Trans>
            </Link>
          </div>
        </section>
      </div>
      <WalletCurrency actor={actor} />
    </div>
  )
}

type WalletRef = ReturnType<typeof useFlowActor<WalletMachine>>

function WalletCurrency({ actor }: { actor: WalletRef }) {
  const { t, i18n } = useLingui()
  const view = useSelector(actor, selectWalletView)
  const step = useSelector(actor, selectCurrencyStep)
  const rates = useSelector(actor, selectRates)
  const currency = useSelector(actor, selectCurrency)
  const choice = useSelector(actor, selectChoice)
  const refusal = useSelector(actor, selectRefusal)
  const locale = i18n.locale
  const named = (code: string) => currencyLabel(code, locale)
  return (
    <section className={card()} aria-labelledby="wallet-currency-title" data-testid="wallet-currency" data-view={view} data-step={step} aria-busy={view === 'loading' || step === 'changing' || undefined}>
      <h2 id="wallet-currency-title" className={sectionTitle}>
        <Trans>Currency</Trans>
      </h2>
      <div>
        <p className={muted()}>
          <Trans>Your account currency</Trans>
        </p>
        <p className={css({ fontWeight: 'semibold', fontSize: 'lg' })} data-testid="wallet-account-currency">
          {currency ? named(currency) : '—'}
        </p>
      </div>
      {view === 'loadFailed' ? (
        <LoadFailed onRetry={() => actor.send({ type: 'wallet.retry' })}>
          <Trans>We could not load the currencies.</Trans>
        </LoadFailed>
      ) : view === 'loading' || !rates ? (
        <div className={css({ display: 'grid', gap: '3' })} aria-hidden="true">
          <Skeleton height={44} />
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} height={24} />
          ))}
        </div>
      ) : (
        <>
          <Select
            label={t`Change currency`}
            hint={t`Your balances in each currency stay in their own wallet.`}
            value={(step === 'confirming' || step === 'changing' || step === 'refused' || step === 'failed' ? choice : currency) ?? ''}
            onChange={(e) => actor.send({ type: 'currency.choose', currency: e.currentTarget.value })}
            disabled={step === 'changing'}
            data-testid="wallet-currency-select"
          >
            {rates.rates.map((rate) => (
              <option key={rate.currency} value={rate.currency}>
                {named(rate.currency)}
              </option>
            ))}
          </Select>
          <CurrencyStepPanel actor={actor} step={step} currency={currency} choice={choice} refusal={refusal} />
          <table className={rateTable} data-testid="wallet-rates">
            <caption>
              <Trans>Exchange rates: what 1 {rates.base} buys</Trans>
            </caption>
            <tbody>
              {rates.rates.map((rate) => (
                <tr key={rate.currency} data-testid="wallet-rate" data-currency={rate.currency} data-own={rate.currency === currency}>
                  <th scope="row">
                    {named(rate.currency)}
                    {rate.currency === currency ? (
                      <span className={muted()}>
                        {' '}
                        <Trans>(yours)</Trans>
                      </span>
                    ) : null}
                  </th>
                  <td>{formatRate(rate.rate, rate.currency, locale)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  )
}

function CurrencyStepPanel({
  actor,
  step,
  currency,
  choice,
  refusal,
}: {
  actor: WalletRef
  step: ReturnType<typeof selectCurrencyStep>
  currency: string | null
  choice: string | null
  refusal: CurrencyRefusal | null
}) {
  const cancel = () => actor.send({ type: 'currency.cancel' })
  const confirm = () => actor.send({ type: 'currency.confirm' })
  if ((step === 'confirming' || step === 'changing') && choice) {
    return (
      <div className={confirmBox} role="group" aria-labelledby="wallet-confirm-text" data-testid="wallet-confirm">
        <p id="wallet-confirm-text">
          <Trans>
            Switch your account to {choice}? The header, deposits, withdrawals and games will use {choice}. Your {currency} balances stay in your {currency} wallet
            and come back when you switch back.
          </Trans>
        </p>
        <div className={confirmActions}>
          <Button variant="primary" onClick={confirm} loading={step === 'changing'} data-testid="wallet-confirm-change">
            <Trans>Switch to {choice}</Trans>
          </Button>
          <Button variant="ghost" onClick={cancel} disabled={step === 'changing'} data-testid="wallet-cancel-change">
            <Trans>Keep {currency}</Trans>
          </Button>
        </div>
      </div>
    )
  }
  if (step === 'changed') {
    return (
      <Alert tone="success" data-testid="wallet-changed">
        <Trans>Your account currency is now {currency}.</Trans>
      </Alert>
    )
  }
  if (step === 'refused' && refusal) {
    return (
      <Alert
        tone="error"
        data-testid="wallet-refused"
        data-reason={refusal}
        action={
          <Button size="sm" variant="ghost" onClick={cancel} data-testid="wallet-dismiss">
            <Trans>Keep {currency}</Trans>
          </Button>
        }
      >
        <RefusalText refusal={refusal} currency={currency} choice={choice} />
      </Alert>
    )
  }
  if (step === 'failed') {
    return (
      <Alert
        tone="error"
        data-testid="wallet-change-failed"
        action={
          <>
            <Button size="sm" variant="primary" onClick={confirm}>
              <Trans>Try again</Trans>
            </Button>
            <Button size="sm" variant="ghost" onClick={cancel}>
              <Trans>Keep {currency}</Trans>
            </Button>
          </>
        }
      >
        <Trans>We could not change your currency. Check your connection and try again.</Trans>
      </Alert>
    )
  }
  return null
}

function RefusalText({ refusal, currency, choice }: { refusal: CurrencyRefusal; currency: string | null; choice: string | null }) {
  switch (refusal) {
    case 'depositLimit':
      return (
        <p>
          <Trans>
            Your deposit limit is set in {currency}, so your currency cannot change while it applies. A limit can be removed in{' '}
            <Link className={link} to="/profile/responsible-game" data-testid="wallet-refused-link">
              Responsible gaming
            </Link>
            ; the removal takes effect after 24 hours.
          </Trans>
        </p>
      )
    case 'lossLimit':
      return (
        <p>
          <Trans>
            Your loss limit is set in {currency}, so your currency cannot change while it applies. A limit can be removed in{' '}
            <Link className={link} to="/profile/responsible-game" data-testid="wallet-refused-link">
              Responsible gaming
            </Link>
            ; the removal takes effect after 24 hours.
          </Trans>
        </p>
      )
    case 'pendingWithdrawal':
      return (
        <p>
          <Trans>
            You have a withdrawal being processed in {currency}. Your currency can change once it is paid out or{' '}
            <Link className={link} to="/cashier/withdraw" data-testid="wallet-refused-link">
              cancelled
            </Link>
            .
          </Trans>
        </p>
      )
    case 'unavailable':
      return (
        <p>
          <Trans>{choice} is no longer offered. Choose another currency.</Trans>
        </p>
      )
    case 'signedOut':
      return (
        <p>
          <Trans>Your session has ended. Log in again to change your currency.</Trans>
        </p>
      )
    case 'other':
      return (
        <p>
          <Trans>Your currency could not be changed right now. Please try again later.</Trans>
        </p>
      )
  }
}
