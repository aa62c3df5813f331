import { Trans, useLingui } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { useEffect, useRef, type ReactNode } from 'react'
import { Link, NavLink, useLocation } from 'react-router'
import { css, cx } from 'styled-system/css'
import { textLink } from 'styled-system/recipes'
import { fillProfileHref } from '../../machines/profile/profile-settings/return-path'
import { selectAccount, selectBalanceRef } from '../../machines/app/app/app.selectors'
import { selectIsFetchingBalance } from '../../machines/cashier/balance-refresh/balance-refresh.selectors'
import type { Balances } from '../../machines/cashier/balance-refresh/balance-refresh.types'
import {
  BALANCE_CHANGED,
  PROFILE_DATA_REQUIRED,
  VERIFICATION_REQUIRED,
  type BalanceChanged,
  type ProfileDataRequired,
  type VerificationRequired,
} from '../../machines/cashier/cashier.types'
import { formatAmount, formatHeaderBalance } from '../../shared/format-money'
import { isPositiveMoney } from '../../shared/money'
import { Button } from '../kit/Button'
import { Skeleton } from '../kit/Skeleton'
import { useAppActor, useAppSelector, useDialogs } from '../app/AppProviders'
import { useEmitted, type Emitter } from '../app/useEmitted'

/**
 * A cashier flow's BALANCE_CHANGED reaches the root actor, the site's one balance: balances the
 * answer carried are taken as they are, otherwise its balance refresh reads them again.
 */
export function useBalanceNews(actor: Emitter<BalanceChanged>): void {
  const app = useAppActor()
  useEmitted(actor, BALANCE_CHANGED, ({ balances }) => app.send(balances ? { type: 'balance.update', balances } : { type: 'balance.refresh' }))
}

/** The dialog a refusal for missing personal details opens (SPEC §2.4 fill-profile-info confirm). */
export const FILL_PROFILE_DIALOG_ID = 'fill-profile-info'

/**
 * A cashier flow's PROFILE_DATA_REQUIRED opens the fill-profile prompt, whose way to the details
 * form comes back to this very page (its path and query) once they are saved.
 */
export function useProfilePrompt(actor: Emitter<ProfileDataRequired>): void {
  const dialogs = useDialogs()
  const location = useLocation()
  useEmitted(actor, PROFILE_DATA_REQUIRED, ({ toastType, fields }) =>
    dialogs.send({
      type: 'dialog.open',
      dialog: { id: FILL_PROFILE_DIALOG_ID, kind: 'fill-profile-info-confirm', props: { from: `${location.pathname}${location.search}`, toastType, fields: [...fields] } },
    }),
  )
}

/** The dialog a withdrawal waiting for a verified identity opens (SPEC §2.4 identity verification). */
export const VERIFICATION_DIALOG_ID = 'identity-verification'

/** A withdraw flow's VERIFICATION_REQUIRED opens the identity-verification popup. */
export function useVerificationPrompt(actor: Emitter<VerificationRequired>): void {
  const dialogs = useDialogs()
  useEmitted(actor, VERIFICATION_REQUIRED, ({ threshold, link }) =>
    dialogs.send({
      type: 'dialog.open',
      dialog: { id: VERIFICATION_DIALOG_ID, kind: 'identity-verification', props: { threshold: threshold ? { ...threshold } : null, link } },
    }),
  )
}

/** The refusal's own way to the details form, for a player who closed the prompt. */
export function FillProfileLink({ toastType, testId }: { toastType: ProfileDataRequired['toastType']; testId: string }) {
  const location = useLocation()
  return (
    <Link to={fillProfileHref(`${location.pathname}${location.search}`, toastType)} className={cx(textLink(), css({ fontWeight: 'semibold' }))} data-testid={testId}>
      <Trans>Fill in my details</Trans>
    </Link>
  )
}

const page = css({ maxW: '960px', mx: 'auto', px: { base: '3', tablet: '6' }, py: { base: '3', tablet: '8' }, display: 'grid', gap: { base: '3', tablet: '6' } })
// On a phone the tabs title the page and the site header shows the balance: the title row is
// left to screen readers, and the form starts higher.
const top = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: '3', srOnly: { base: true, tablet: false } })
const heading = css({ textStyle: 'heading' })
// On a phone the four tabs share the width (every one in sight, the active one too); where the
// labels of a locale do not fit, the row scrolls, and the active tab is scrolled into view.
const tabs = css({
  position: 'relative',
  display: 'flex',
  gap: { base: '0', tablet: '1' },
  overflowX: 'auto',
  scrollbarWidth: 'none',
  '&::-webkit-scrollbar': { display: 'none' },
  borderBottom: '1px solid',
  borderColor: 'border',
})
const tab = css({
  flex: { base: '1 0 auto', tablet: '0 0 auto' },
  justifyContent: 'center',
  px: { base: '2', tablet: '4' },
  py: '2.5',
  minH: '11',
  display: 'inline-flex',
  alignItems: 'center',
  whiteSpace: 'nowrap',
  fontSize: { base: 'sm', tablet: 'md' },
  color: 'textMuted',
  textDecoration: 'none',
  borderBottom: '2px solid transparent',
  fontWeight: 'medium',
  '&[aria-current=page]': { color: 'text', borderColor: 'accent' },
  _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '-2px' },
})
const balanceBox = css({ display: 'grid', justifyItems: 'end', gap: '0.5', textAlign: 'right' })
const balanceLabel = css({ fontSize: 'xs', color: 'textMuted', textTransform: 'uppercase', letterSpacing: '0.04em' })
const balanceValue = css({ fontSize: { base: 'lg', tablet: 'xl' }, fontWeight: 'bold', fontVariantNumeric: 'tabular-nums' })
const balanceParts = css({ fontSize: 'xs', color: 'textMuted' })

/**
 * Every cashier page: its title, the balance (SPEC §3 'Account info' total) and the cashier tabs.
 * The balance shown is the root actor's, the one the header shows and the balance socket keeps
 * live; the cashier asks the root actor's one balance refresh to read it again when a page opens
 * and after a payment, so the header, this box and the wallet page never disagree.
 */
export function CashierShell({ title, children }: { title: ReactNode; children: ReactNode }) {
  const { t } = useLingui()
  const app = useAppActor()
  // Every cashier page that opens reads the balance again (the balance refresh starts once the page
  // has hydrated, so the read follows it).
  const balance = useAppSelector(selectBalanceRef)
  useEffect(() => {
    if (balance) app.send({ type: 'balance.refresh' })
  }, [app, balance])
  const { pathname } = useLocation()
  const tabsRef = useRef<HTMLElement>(null)
  useEffect(() => {
    // The active tab in sight when the row scrolls (long labels, large text): only the row moves.
    const row = tabsRef.current
    const active = row?.querySelector<HTMLElement>('[aria-current=page]')
    if (!row || !active) return
    if (active.offsetLeft < row.scrollLeft || active.offsetLeft + active.offsetWidth > row.scrollLeft + row.clientWidth) {
      row.scrollLeft = active.offsetLeft - (row.clientWidth - active.offsetWidth) / 2
    }
  }, [pathname])
  return (
    <div className={page} data-testid="cashier">
      <div className={top}>
        <h1 className={heading}>{title}</h1>
        <CashierBalance />
      </div>
      <nav className={tabs} aria-label={t`Cashier`} ref={tabsRef}>
        <NavLink className={tab} to="/cashier/wallet">
          <Trans>Wallet</Trans>
        </NavLink>
        <NavLink className={tab} to="/cashier/deposit">
          <Trans>Deposit</Trans>
        </NavLink>
        <NavLink className={tab} to="/cashier/withdraw">
          <Trans>Withdraw</Trans>
        </NavLink>
        <NavLink className={tab} to="/cashier/history">
          <Trans>History</Trans>
        </NavLink>
      </nav>
      {children}
    </div>
  )
}

/** The main balance is shown apart only when a bonus balance adds to the total. */
const hasBonus = (b: Balances) => isPositiveMoney(b.balance_bonus) || isPositiveMoney(b.balance_betting_bonus)

function CashierBalance() {
  const { i18n } = useLingui()
  const app = useAppActor()
  const balances = useAppSelector(selectAccount)
  const balance = useAppSelector(selectBalanceRef)
  const fetching = useSelector(balance ?? undefined, (s) => (s ? selectIsFetchingBalance(s) : false))
  const total = formatHeaderBalance(balances, i18n.locale)
  return (
    <div className={balanceBox} data-testid="cashier-balance" aria-live="polite" aria-busy={fetching || undefined}>
      <span className={balanceLabel}>
        <Trans>Balance</Trans>
      </span>
      {total !== null ? (
        <>
          <span className={balanceValue} data-testid="cashier-balance-total">
            {total}
          </span>
          {balances.balance_main && hasBonus(balances) ? (
            <span className={balanceParts}>
              <Trans>Main {formatAmount(balances.balance_main, i18n.locale)}</Trans>
            </span>
          ) : null}
        </>
      ) : fetching ? (
        <Skeleton width={120} height={28} />
      ) : (
        <span className={cx(balanceParts, css({ display: 'flex', alignItems: 'center', gap: '2' }))}>
          <Trans>Could not load the balance.</Trans>
          <Button size="sm" variant="ghost" onClick={() => app.send({ type: 'balance.refresh' })}>
            <Trans>Try again</Trans>
          </Button>
        </span>
      )}
    </div>
  )
}
