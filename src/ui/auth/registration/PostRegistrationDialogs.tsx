import { Trans, useLingui } from '@lingui/react/macro'
import { css } from 'styled-system/css'
import type { Dialog as DialogModel } from '../../../machines/app/dialog-stack/dialog-stack.types'
import { Button } from '../../kit/Button'
import { Dialog } from '../../kit/Dialog'
import { SEEN_CASHBACK_KEY } from '../../../shared/cashback-unseen'
import { formatMoney } from '../../../shared/format'
import { isDecimalString } from '../../../shared/money'

const actions = css({ display: 'flex', justifyContent: 'flex-end', mt: '6' })
const strong = css({ fontWeight: 'semibold', wordBreak: 'break-all', mb: '2' })

const text = (value: unknown): string => (typeof value === 'string' ? value : '')

/**
 * SPEC §2.4 'confirm email' (text and button), queued after registration while the player's
 * e-mail is unconfirmed (SPEC §4 'Registration').
 */
export function ConfirmEmailDialog({ dialog, onClose }: { dialog: DialogModel; onClose: () => void }) {
  const { t } = useLingui()
  const email = text(dialog.props['email'])
  return (
    <Dialog open size="sm" title={t`Confirm your e-mail`} onClose={onClose} preventClose={dialog.preventClose}>
      <div data-testid="confirm-email-popup">
        <p className={strong} data-testid="confirm-email-address">
          {email}
        </p>
        <p>
          <Trans>
            We have sent this address a mail with a code and a link to confirm it. A confirmed e-mail keeps your account safe, lets you reset
            your password and is needed to withdraw.
          </Trans>
        </p>
        <div className={actions}>
          <Button variant="primary" onClick={onClose}>
            <Trans>Got it</Trans>
          </Button>
        </div>
      </div>
    </Dialog>
  )
}

/** SPEC §2.4 campaign popup: the campaign the player has just joined, in the player's language. */
export function CampaignDialog({ dialog, onClose }: { dialog: DialogModel; onClose: () => void }) {
  const title = text(dialog.props['title'])
  return (
    <Dialog open size="sm" title={title} onClose={onClose} preventClose={dialog.preventClose}>
      <div data-testid="campaign-popup">
        <p>{text(dialog.props['text'])}</p>
        <div className={actions}>
          <Button variant="primary" onClick={onClose}>
            <Trans>Continue</Trans>
          </Button>
        </div>
      </div>
    </Dialog>
  )
}

/**
 * SPEC §2.4 unseen cashback: the player's latest cashback (queued after registration when
 * SPEC §4 'Cashback unseen' says so). Closing it, by any means, stores its id as seen.
 */
export function CashbackUnseenDialog({ dialog, onClose }: { dialog: DialogModel; onClose: () => void }) {
  const { t, i18n } = useLingui()
  const id = dialog.props['id']
  const amount = text(dialog.props['amount'])
  const currency = text(dialog.props['currency'])
  const money = isDecimalString(amount) && currency ? formatMoney(amount, currency, i18n.locale) : null
  const close = () => {
    try {
      if (typeof id === 'number') window.localStorage.setItem(SEEN_CASHBACK_KEY, String(id))
    } catch {
      // Storage refused (private mode): the popup may show again, nothing else is lost.
    }
    onClose()
  }
  const paidOut = dialog.props['status'] === 'paid_out'
  return (
    <Dialog open size="sm" title={t`Your cashback`} onClose={close} preventClose={dialog.preventClose}>
      <div data-testid="cashback-unseen-popup">
        {money && (
          <p className={strong} data-testid="cashback-unseen-amount">
            {money}
          </p>
        )}
        <p>{paidOut ? <Trans>Your cashback has been paid out.</Trans> : <Trans>You have an active cashback. Keep playing to grow it.</Trans>}</p>
        <div className={actions}>
          <Button variant="primary" onClick={close}>
            <Trans>Got it</Trans>
          </Button>
        </div>
      </div>
    </Dialog>
  )
}
