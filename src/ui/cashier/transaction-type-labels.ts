import { useLingui } from '@lingui/react/macro'
import type { TransactionType } from '../../machines/cashier/history/history.types'

/** The player's words for each kind of transaction, shared by the history list and the receipt. */
export function useTransactionTypeLabels(): Record<TransactionType, string> {
  const { t } = useLingui()
  return {
    deposit: t`Deposit`,
    withdrawal: t`Withdrawal`,
    bet: t`Bet`,
    win: t`Win`,
    rollback: t`Refund`,
    bonus: t`Bonus`,
    cashback: t`Cashback`,
    prize: t`Prize`,
    adjustment: t`Adjustment`,
  }
}
