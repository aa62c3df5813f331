import { WithdrawScreen } from '../../ui/cashier/withdraw/WithdrawScreen'

// A chunk of its own, as large as the deposit's: neither page loads the other's flow.
export const WithdrawPage = WithdrawScreen
