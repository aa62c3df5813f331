import { describe, expect, it } from 'vitest'
import { depositPresets } from './deposit-presets'

const method = (min: bigint, max: bigint | null = null) => ({ min, max })

describe('deposit presets (SPEC §3 Deposit amounts)', () => {
  it('are 1, 2, 5 and 10 times the smallest minimum, the second one the default', () => {
    expect(depositPresets([method(2_000n), method(1_000n)], 2)).toEqual({ amounts: [1_000n, 2_000n, 5_000n, 10_000n], defaultAmount: 2_000n })
  })

  it('round the smallest minimum up to a whole unit (SPEC §5 Sum)', () => {
    // 10.50 USD is 11 USD; 0.0001 BTC is 1 BTC.
    expect(depositPresets([method(1_050n)], 2).amounts).toEqual([1_100n, 2_200n, 5_500n, 11_000n])
    expect(depositPresets([method(10_000n)], 8).amounts[0]).toBe(100_000_000n)
    expect(depositPresets([method(500n)], 0).amounts).toEqual([500n, 1_000n, 2_500n, 5_000n])
  })

  it('leave out what every method refuses, but not what one without a maximum takes', () => {
    expect(depositPresets([method(100_000_000n, 300_000_000n)], 8)).toEqual({ amounts: [100_000_000n, 200_000_000n], defaultAmount: 200_000_000n })
    expect(depositPresets([method(100_000_000n, 100_000_000n)], 8)).toEqual({ amounts: [100_000_000n], defaultAmount: 100_000_000n })
    expect(depositPresets([method(1_000n, 2_000n), method(5_000n)], 2).amounts).toEqual([1_000n, 2_000n, 5_000n, 10_000n])
  })

  it('are none without a method', () => {
    expect(depositPresets([], 2)).toEqual({ amounts: [], defaultAmount: null })
  })
})
