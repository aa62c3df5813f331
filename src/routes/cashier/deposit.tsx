import { useParams } from 'react-router'
import { DepositScreen } from '../../ui/cashier/deposit/DepositScreen'

// The deposit pages are a chunk of their own: the cashier's most visited page carries none of the others.
export function DepositPage() {
  return <DepositScreen sysname={null} />
}

export function DepositMethodPage() {
  const { sysname } = useParams()
  return <DepositScreen sysname={sysname ?? null} />
}
