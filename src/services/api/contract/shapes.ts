// Schema pieces more than one area uses.
import { define, string, type } from 'superstruct'
import { isDecimalString, type Money } from '../../../shared/money'
import { safeRedirectTarget } from '../../../shared/redirect'

/** An amount in major units as plain decimal text ("12.50"): never a JSON number, which would be a float. */
export const DecimalString = define<string>('DecimalString', (value) => isDecimalString(value))

/** `{ amount, currency }` as every balance and price travels (ARCHITECTURE §4). */
export const MoneyShape = type({ amount: DecimalString, currency: string() })

export type { Money }

/**
 * A path on this site a redirect may lead to: exactly what src/shared/redirect.ts follows
 * (no '//host', '/\\host', '/%5Chost', control characters or whitespace), so what the contract
 * takes and what the server later redirects to cannot disagree.
 */
export const SameOriginPath = define<string>('SameOriginPath', (value) => typeof value === 'string' && value.startsWith('/') && safeRedirectTarget(value) === value)
