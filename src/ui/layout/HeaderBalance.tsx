import { Trans } from '@lingui/react/macro'
import { css } from 'styled-system/css'
import { selectAccount, selectLocale } from '../../machines/app/app.selectors'
import { formatHeaderBalance } from '../../shared/format-money'
import { useAppSelector } from '../app/AppProviders'
import { VisuallyHidden } from '../kit/VisuallyHidden'

const pill = css({
  display: 'inline-flex', alignItems: 'center', h: '9', px: '3', borderRadius: 'full',
  bg: 'surfaceRaised', border: '1px solid', borderColor: 'border', color: 'text',
  fontWeight: 'semibold', fontSize: { base: 'sm', tablet: 'md' }, fontVariantNumeric: 'tabular-nums',
  whiteSpace: 'nowrap', maxW: { base: '36', tablet: 'none' }, overflow: 'hidden', textOverflow: 'ellipsis',
})

/**
 * The player's balance in the header (SPEC §3 'Account info'): main + bonus + betting bonus,
 * rounded once to 2 decimals, through the one money formatter (src/shared/format-money.ts). It
 * follows the root actor's account, which the balance socket and the balance poll keep current
 * (src/ui/app/LiveBalance.tsx); a screen reader hears the new total when it changes.
 */
export function HeaderBalance() {
  const account = useAppSelector(selectAccount)
  const locale = useAppSelector(selectLocale)
  const total = formatHeaderBalance(account, locale)
  if (total === null) return null
  return (
    <output className={pill} aria-live="polite" aria-atomic="true" data-testid="header-balance">
      <VisuallyHidden>
        <Trans>Balance:</Trans>{' '}
      </VisuallyHidden>
      {total}
    </output>
  )
}
