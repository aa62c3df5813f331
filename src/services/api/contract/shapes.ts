// Schema pieces more than one area uses.
import { define, string, type } from 'superstruct'
import { isDecimalString, type Money } from '../../../shared/money'

/** An amount in major units as plain decimal text ("12.50"): never a JSON number, which would be a float. */
export const DecimalString = define<string>('DecimalString', (value) => isDecimalString(value))

/** `{ amount, currency }` as every balance and price travels (ARCHITECTURE §4). */
export const MoneyShape = type({ amount: DecimalString, currency: string() })

export type { Money }
