import type { Config } from '../../config'
import type { PaymentProvider } from './provider'
import { SandboxProvider } from './sandbox/provider'

/** The configured payment provider (PAYMENT_PROVIDER; demo's default is the sandbox), or null. */
export function paymentProvider(config: Pick<Config, 'providers' | 'sessionSecret' | 'publicUrl'>): PaymentProvider | null {
  if (config.providers.payment === 'sandbox') return new SandboxProvider(config)
  return null
}
