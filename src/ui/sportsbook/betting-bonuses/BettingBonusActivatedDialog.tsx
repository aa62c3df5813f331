// SPEC §2.4 betting-bonus-activated: the free bet the player has just put on the betslip, its
// terms, and the way to the events to use it on.
import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from 'react-router'
import { css, cx } from 'styled-system/css'
import { button } from 'styled-system/recipes'
import type { Dialog as DialogModel } from '../../../machines/app/dialog-stack/dialog-stack.types'
import { formatMoney } from '../../../shared/format'
import { formatDecimal, isPrice } from '../../../shared/sportsbook/odds'
import { Button } from '../../kit/Button'
import { Dialog } from '../../kit/Dialog'

const actions = css({ display: 'flex', justifyContent: 'flex-end', gap: '2', mt: '6', flexWrap: 'wrap' })

export function BettingBonusActivatedDialog({ dialog, onClose }: { dialog: DialogModel; onClose: () => void }) {
  const { t, i18n } = useLingui()
  const amount = typeof dialog.props['amount'] === 'string' ? dialog.props['amount'] : '0'
  const currency = typeof dialog.props['currency'] === 'string' ? dialog.props['currency'] : ''
  const minPrice = dialog.props['min_price']
  const money = formatMoney(amount, currency, i18n.locale)
  const odds = isPrice(minPrice) ? formatDecimal(minPrice) : null
  return (
    <Dialog open size="sm" title={t`Your free bet is on the betslip`} onClose={onClose} preventClose={dialog.preventClose}>
      <div data-testid="betting-bonus-activated">
        <p>
          {odds ? (
            <Trans>
              A free bet of {money} stakes your next bet at odds of {odds} or more. A winning bet pays its winnings; the stake is ours.
            </Trans>
          ) : (
            <Trans>A free bet of {money} stakes your next bet. A winning bet pays its winnings; the stake is ours.</Trans>
          )}
        </p>
        <div className={actions}>
          <Button variant="secondary" onClick={onClose}>
            <Trans>Later</Trans>
          </Button>
          <Link to="/betting" className={cx(button({ variant: 'primary' }))} onClick={onClose}>
            <Trans>Find a bet</Trans>
          </Link>
        </div>
      </div>
    </Dialog>
  )
}
