// SPEC §2.4 identity verification: a withdrawal above the KYC threshold waits for a verified
// identity. The popup says why and leads to the check (the cashier's KYC button link).
import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from 'react-router'
import { css } from 'styled-system/css'
import { button } from 'styled-system/recipes'
import type { Dialog as DialogModel } from '../../../machines/app/dialog-stack/dialog-stack.types'
import { formatAmount } from '../../../shared/format-money'
import { safeRedirectPath } from '../../../shared/redirect'
import { Button } from '../../kit/Button'
import { Dialog } from '../../kit/Dialog'

const actions = css({ display: 'flex', justifyContent: 'flex-end', gap: '2', mt: '6', flexWrap: 'wrap', '& > *': { flex: { base: '1 1 auto', tablet: '0 0 auto' } } })
const steps = css({ m: '0', mt: '3', pl: '5', display: 'grid', gap: '1', listStyleType: 'decimal' })

const VERIFICATION_PAGE = '/profile/verification'

const moneyOf = (value: unknown): { amount: string; currency: string } | null => {
  if (!value || typeof value !== 'object') return null
  const { amount, currency } = value as Record<string, unknown>
  return typeof amount === 'string' && typeof currency === 'string' ? { amount, currency } : null
}

export function IdentityVerificationDialog({ dialog, onClose }: { dialog: DialogModel; onClose: () => void }) {
  const { t, i18n } = useLingui()
  const threshold = moneyOf(dialog.props['threshold'])
  const amount = threshold ? formatAmount(threshold, i18n.locale) : null
  // The link is an operator's setting: a path on this site only, else the verification page.
  const link = (typeof dialog.props['link'] === 'string' ? safeRedirectPath(dialog.props['link']) : null) ?? VERIFICATION_PAGE
  return (
    <Dialog open size="sm" title={t`Verify your identity to withdraw`} onClose={onClose} preventClose={dialog.preventClose}>
      <div data-testid="identity-verification">
        <p>
          {amount ? (
            <Trans>Withdrawals above {amount} go out once we know it is you. It is a one-time check:</Trans>
          ) : (
            <Trans>This withdrawal goes out once we know it is you. It is a one-time check:</Trans>
          )}
        </p>
        <ol className={steps}>
          <li>
            <Trans>Upload a photo of your passport, identity card or driving licence.</Trans>
          </li>
          <li>
            <Trans>Our verification partner reviews it, usually within minutes.</Trans>
          </li>
          <li>
            <Trans>Come back and withdraw: your balance stays as it is meanwhile.</Trans>
          </li>
        </ol>
        <div className={actions}>
          <Button variant="secondary" onClick={onClose} data-testid="identity-verification-later">
            <Trans>Not now</Trans>
          </Button>
          <Link to={link} className={button({ variant: 'primary' })} onClick={onClose} data-testid="identity-verification-go">
            <Trans>Verify now</Trans>
          </Link>
        </div>
      </div>
    </Dialog>
  )
}
