// SPEC §2.4 fill-profile-info confirm: a payment the server refused for missing personal details.
// Agreeing goes to /profile/settings with `from` and `toastType`, which returns here once saved.
import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from 'react-router'
import { css } from 'styled-system/css'
import { button } from 'styled-system/recipes'
import type { Dialog as DialogModel } from '../../../machines/app/dialog-stack/dialog-stack.types'
import { fillProfileHref, type FillProfileReason } from '../../../machines/profile/profile-settings/return-path'
import { isProfileDataField } from '../../../shared/profile-fields'
import { Button } from '../../kit/Button'
import { Dialog } from '../../kit/Dialog'
import { FIELD_LABELS } from '../field-labels'

const actions = css({ display: 'flex', justifyContent: 'flex-end', gap: '2', mt: '6', flexWrap: 'wrap', '& > *': { flex: { base: '1 1 auto', tablet: '0 0 auto' } } })
const list = css({ m: '0', mt: '3', pl: '5', display: 'grid', gap: '1', listStyleType: 'disc' })

const REASONS: readonly FillProfileReason[] = ['fill_for_withdrawal', 'fill_for_deposit', 'fill_for_verification']
const reasonOf = (value: unknown): FillProfileReason => (REASONS.includes(value as FillProfileReason) ? (value as FillProfileReason) : 'fill_for_withdrawal')

export function FillProfileInfoDialog({ dialog, onClose }: { dialog: DialogModel; onClose: () => void }) {
  const { t, i18n } = useLingui()
  const from = typeof dialog.props['from'] === 'string' ? dialog.props['from'] : ''
  const reason = reasonOf(dialog.props['toastType'])
  const listed = Array.isArray(dialog.props['fields']) ? dialog.props['fields'] : []
  const fields = listed.filter((f): f is string => typeof f === 'string' && isProfileDataField(f))
  return (
    <Dialog open size="sm" title={t`We need a few details first`} onClose={onClose} preventClose={dialog.preventClose}>
      <div data-testid="fill-profile-info" data-reason={reason}>
        <p>
          {reason === 'fill_for_deposit' ? (
            <Trans>Before you deposit, fill in your personal details. It takes a minute, and you come straight back here.</Trans>
          ) : reason === 'fill_for_verification' ? (
            <Trans>Before we can verify your identity, fill in your personal details. You come straight back here.</Trans>
          ) : (
            <Trans>Payouts go only to the account holder, so before you withdraw, fill in your personal details. You come straight back here.</Trans>
          )}
        </p>
        {fields.length > 0 ? (
          <ul className={list} aria-label={t`Details to fill in`}>
            {fields.map((field) => (
              <li key={field}>{i18n._(FIELD_LABELS[field as keyof typeof FIELD_LABELS])}</li>
            ))}
          </ul>
        ) : null}
        <div className={actions}>
          <Button variant="secondary" onClick={onClose} data-testid="fill-profile-info-later">
            <Trans>Not now</Trans>
          </Button>
          <Link to={fillProfileHref(from, reason)} className={button({ variant: 'primary' })} onClick={onClose} data-testid="fill-profile-info-go">
            <Trans>Fill in my details</Trans>
          </Link>
        </div>
      </div>
    </Dialog>
  )
}
