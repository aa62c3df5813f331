import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useRef } from 'react'
import { Link } from 'react-router'
import { css } from 'styled-system/css'
import { button } from 'styled-system/recipes'
import { selectAccount, selectLocale } from '../../machines/app/app/app.selectors'
import { balanceBreakdown } from '../../shared/balance-breakdown'
import { useAppSelector } from '../app/AppProviders'
import { Icon } from '../icons/Icon'
import { VisuallyHidden } from '../kit/VisuallyHidden'
import { PopoverPanel, popoverAnchor, useHeaderMenu, usePopoverDismiss } from './HeaderPopover'

const pill = css({
  display: 'inline-flex', alignItems: 'center', gap: '1', h: '9', px: '3', borderRadius: 'full', cursor: 'pointer',
  bg: 'surfaceRaised', border: '1px solid', borderColor: 'border', color: 'text',
  fontWeight: 'semibold', fontSize: { base: 'sm', tablet: 'md' }, fontVariantNumeric: 'tabular-nums',
  whiteSpace: 'nowrap', maxW: { base: '36', tablet: 'none' },
  _hover: { borderColor: 'borderStrong' },
  '&[aria-expanded=true]': { borderColor: 'accent' },
  _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' },
  '& svg': { flexShrink: 0, color: 'textMuted', transition: 'transform token(durations.fast)' },
  '&[aria-expanded=true] svg': { transform: 'rotate(180deg)' },
})
const amount = css({ overflow: 'hidden', textOverflow: 'ellipsis' })
const heading = css({ textStyle: 'label', fontSize: 'md', fontWeight: 'semibold', mb: '3', display: 'flex', justifyContent: 'space-between', gap: '2' })
const currency = css({ color: 'textMuted', fontWeight: 'regular', fontSize: 'sm' })
const list = css({ display: 'grid', rowGap: '2', m: '0', fontSize: 'sm' })
const line = css({ display: 'flex', justifyContent: 'space-between', gap: '4' })
const term = css({ color: 'textMuted' })
const value = css({ textAlign: 'right', fontVariantNumeric: 'tabular-nums', m: '0', fontWeight: 'semibold' })
const total = css({ display: 'flex', justifyContent: 'space-between', gap: '4', borderTop: '1px solid token(colors.border)', mt: '1', pt: '2', fontSize: 'md' })
const actions = css({ display: 'flex', gap: '2', mt: '4', '& > *': { flex: '1' } })

/**
 * The player's balance in the header (SPEC §3 'Account info'): main + bonus + betting bonus, rounded
 * once to 2 decimals, through the one money formatter. It follows the root actor's account, which
 * the balance socket and the balance poll keep current (the root actor's live region, src/machines/app/app/app.machine.ts); a screen
 * reader hears the new total when it changes. Tapping it opens the breakdown (SPEC §3
 * 'detalization' in the header), whose open state is the header menus machine's.
 */
export function HeaderBalance() {
  const { t } = useLingui()
  const account = useAppSelector(selectAccount)
  const locale = useAppSelector(selectLocale)
  const { open, toggle, close } = useHeaderMenu('balance')
  const triggerRef = useRef<HTMLButtonElement>(null)
  const panelRef = useRef<HTMLDivElement>(null)
  const panelId = useId()
  const headingId = useId()
  usePopoverDismiss({ open, onClose: close, triggerRef, panelRef, focus: 'panel' })
  const breakdown = balanceBreakdown(account, locale)
  if (breakdown === null) return null
  const rows = [
    { label: t`Main balance`, amount: breakdown.main, testId: 'balance-main' },
    { label: t`Bonus`, amount: breakdown.bonus, testId: 'balance-bonus' },
    { label: t`Betting bonus`, amount: breakdown.bettingBonus, testId: 'balance-betting-bonus' },
    { label: t`Total`, amount: breakdown.total, testId: 'balance-total' },
  ]
  return (
    <div className={popoverAnchor}>
      <button
        ref={triggerRef}
        type="button"
        className={pill}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        data-testid="header-balance"
        onClick={toggle}
      >
        <VisuallyHidden>
          <Trans>Balance:</Trans>{' '}
        </VisuallyHidden>
        <span className={amount} aria-live="polite" aria-atomic="true">
          {breakdown.total}
        </span>
        <Icon name="chevronDown" size={16} />
      </button>
      {open ? (
        <PopoverPanel panelRef={panelRef} id={panelId} role="dialog" aria-labelledby={headingId} tabIndex={-1} data-testid="balance-breakdown">
          <h2 id={headingId} className={heading}>
            <span>{t`Your balance`}</span>
            <span className={currency}>{breakdown.currency}</span>
          </h2>
          <dl className={list}>
            {rows.map((row) => (
              <div key={row.testId} className={row.testId === 'balance-total' ? total : line}>
                <dt className={row.testId === 'balance-total' ? undefined : term}>{row.label}</dt>
                <dd className={value} data-testid={row.testId}>
                  {row.amount}
                </dd>
              </div>
            ))}
          </dl>
          <div className={actions}>
            <Link to="/cashier/deposit" className={button({ variant: 'primary', size: 'md' })} onClick={close}>
              <Trans>Deposit</Trans>
            </Link>
            <Link to="/cashier/withdraw" className={button({ variant: 'secondary', size: 'md' })} onClick={close}>
              <Trans>Withdraw</Trans>
            </Link>
          </div>
        </PopoverPanel>
      ) : null}
    </div>
  )
}
