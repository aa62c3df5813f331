import type { MethodRow } from './methods'

/** Preset deposit amounts: multiples of the smallest deposit the methods take (SPEC §3 'Deposit amounts'). */
export const PRESET_FACTORS: readonly bigint[] = [1n, 2n, 5n, 10n]

export interface DepositPresets {
  /** The preset buttons, ascending, whole units of the currency, in minor units. */
  amounts: bigint[]
  /** The amount the form starts with: the second preset, else the first, else none. */
  defaultAmount: bigint | null
}

/**
 * The presets for a player's deposit methods in one currency (`exponent` its ISO 4217 exponent).
 * Whole numbers (SPEC §5 'Sum'): the smallest minimum rounded up to a whole unit, times each
 * factor; none above what every method refuses (a BTC player's 1 BTC cap, say). No method: none.
 */
export function depositPresets(methods: readonly Pick<MethodRow, 'min' | 'max'>[], exponent: number): DepositPresets {
  if (methods.length === 0) return { amounts: [], defaultAmount: null }
  const base = methods.reduce((lo, m) => (m.min < lo ? m.min : lo), methods[0]!.min)
  const unit = 10n ** BigInt(exponent)
  const whole = ((base + unit - 1n) / unit) * unit
  const cap = methods.some((m) => m.max === null) ? null : methods.reduce((hi, m) => (m.max! > hi ? m.max! : hi), 0n)
  const amounts = PRESET_FACTORS.map((f) => whole * f).filter((v) => cap === null || v <= cap)
  return { amounts, defaultAmount: amounts[1] ?? amounts[0] ?? null }
}
