import { describe, expect, it } from 'vitest'
import { balanceBreakdown } from './balance-breakdown'

const nbsp = (s: string | undefined) => s?.replace(/\s/gu, ' ')

describe('balanceBreakdown (SPEC §3: main, bonus, betting bonus and their total)', () => {
  it('formats each part and the total in the player currency and locale', () => {
    const b = balanceBreakdown(
      {
        balance_main: { amount: '1000.00', currency: 'EUR' },
        balance_bonus: { amount: '35.005', currency: 'EUR' },
        balance_betting_bonus: { amount: '0.005', currency: 'EUR' },
      },
      'de',
    )
    expect(b?.currency).toBe('EUR')
    expect(nbsp(b?.main)).toBe('1.000,00 €')
    expect(nbsp(b?.bettingBonus)).toBe('0,01 €')
    // Summed exactly, rounded once: 1035.01, not 1035.02.
    expect(nbsp(b?.total)).toBe('1.035,01 €')
  })

  it('shows a part the account lacks as a zero of its currency', () => {
    const b = balanceBreakdown({ balance_main: { amount: '12.50', currency: 'USD' }, balance_bonus: null, balance_betting_bonus: null }, 'en')
    expect(b).toEqual({ currency: 'USD', main: '$12.50', bonus: '$0.00', bettingBonus: '$0.00', total: '$12.50' })
  })

  it('has nothing for a visitor', () => {
    expect(balanceBreakdown({ balance_main: null }, 'en')).toBeNull()
  })
})
