import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { betLines, betPotential, betReturn, binomial, cashOutValue, combinations, combinedPrice, freeBetPayout, lineReturn, systemSizes, systemsFor, type Leg, type LegResult } from './bets'

const won: LegResult = { kind: 'won' }
const lost: LegResult = { kind: 'lost' }
const open: LegResult = { kind: 'open' }

describe('the lines of a bet', () => {
  it.each([
    ['trixie', 3, 4],
    ['patent', 3, 7],
    ['yankee', 4, 11],
    ['lucky15', 4, 15],
    ['doubles', 5, 10],
    ['trebles', 5, 10],
    ['2/3', 3, 3],
    ['3/5', 5, 10],
    ['4/6', 6, 15],
  ])('a %s on %i selections has %i lines', (system, n, lines) => {
    expect(betLines('system', n, system)).toHaveLength(lines)
  })

  it('refuses systems that do not fit the slip', () => {
    expect(betLines('system', 4, 'trixie')).toBeNull()
    expect(betLines('system', 3, 'yankee')).toBeNull()
    expect(betLines('system', 2, 'trebles')).toBeNull()
    expect(betLines('system', 3, '3/3')).toBeNull()
    expect(betLines('system', 3, '1/3')).toBeNull()
    expect(betLines('system', 3, '2/4')).toBeNull()
    expect(betLines('system', 3, 'x/3')).toBeNull()
    expect(betLines('system', 3)).toBeNull()
    expect(betLines('accumulator', 1)).toBeNull()
    expect(betLines('single', 2)).toBeNull()
    expect(betLines('accumulator', 21)).toBeNull()
  })

  it('refuses a system of more lines than any slip should hold', () => {
    expect(systemSizes('10/20', 20)).toEqual([10])
    expect(betLines('system', 20, '10/20')).toBeNull()
  })

  it('offers the named systems a slip fits, then every k of n', () => {
    expect(systemsFor(2)).toEqual([])
    expect(systemsFor(3)).toEqual(['doubles', 'trixie', 'patent'])
    expect(systemsFor(4)).toEqual(['doubles', 'trebles', 'yankee', 'lucky15'])
    expect(systemsFor(5)).toEqual(['doubles', 'trebles', '4/5'])
  })

  it('lists every combination once', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 }), fc.integer({ min: 0, max: 10 }), (n, k) => {
        const all = combinations(n, k)
        expect(all).toHaveLength(binomial(n, k))
        expect(new Set(all.map((c) => c.join(','))).size).toBe(all.length)
        for (const c of all) expect([...c].sort((a, b) => a - b)).toEqual(c)
      }),
    )
  })
})

describe('what a bet returns', () => {
  it('pays a single its price, rounded down to the minor unit', () => {
    expect(lineReturn(1000n, [{ price: 1850, result: won }])).toBe(1850n)
    expect(lineReturn(333n, [{ price: 1850, result: won }])).toBe(616n)
    expect(lineReturn(1000n, [{ price: 1850, result: lost }])).toBe(0n)
    expect(lineReturn(1000n, [{ price: 1850, result: open }])).toBeNull()
  })

  it('settles void, half and dead-heat legs', () => {
    expect(lineReturn(1000n, [{ price: 1900, result: { kind: 'void' } }])).toBe(1000n)
    expect(lineReturn(1000n, [{ price: 1900, result: { kind: 'half_won' } }])).toBe(1450n)
    expect(lineReturn(1000n, [{ price: 1900, result: { kind: 'half_lost' } }])).toBe(500n)
    expect(lineReturn(1000n, [{ price: 5000, result: { kind: 'dead_heat', ties: 2 } }])).toBe(2500n)
  })

  it('multiplies an accumulator exactly, a void leg dropping out and a lost one deciding it at once', () => {
    const legs: Leg[] = [
      { price: 1500, result: won },
      { price: 2000, result: { kind: 'void' } },
      { price: 1330, result: won },
    ]
    // 10.00 x 1.5 x 1 x 1.33 = 19.95
    expect(lineReturn(1000n, legs)).toBe(1995n)
    expect(lineReturn(1000n, [{ price: 1500, result: open }, { price: 2000, result: lost }])).toBe(0n)
    expect(lineReturn(1000n, [{ price: 1500, result: open }, { price: 2000, result: won }])).toBeNull()
  })

  it('settles a Trixie line by line', () => {
    const lines = betLines('system', 3, 'trixie')!
    const legs: Leg[] = [
      { price: 2000, result: won },
      { price: 3000, result: won },
      { price: 1500, result: lost },
    ]
    // only the double of the first two wins: 1.00 x 2 x 3
    expect(betReturn(100n, lines, legs)).toEqual({ settled: true, amount: 600n })
    expect(betPotential(100n, lines, legs.map((l) => ({ ...l, result: open })))).toBe(600n + 300n + 450n + 900n)
  })

  it('knows what is certain before every line is decided', () => {
    const lines = betLines('system', 3, 'patent')!
    const legs: Leg[] = [
      { price: 2000, result: won },
      { price: 3000, result: open },
      { price: 1500, result: lost },
    ]
    expect(betReturn(100n, lines, legs)).toEqual({ settled: false, amount: 200n })
  })

  it('never pays more than the potential return, and a free bet never its stake', () => {
    const result = fc.constantFrom<LegResult>(won, lost, { kind: 'void' }, { kind: 'half_won' }, { kind: 'half_lost' }, { kind: 'dead_heat', ties: 3 })
    fc.assert(
      fc.property(fc.array(fc.record({ price: fc.integer({ min: 1010, max: 50_000 }), result }), { minLength: 1, maxLength: 6 }), fc.bigInt({ min: 1n, max: 10n ** 9n }), (legs, stake) => {
        const line = legs.map((_, i) => i)
        const paid = lineReturn(stake, legs)!
        expect(paid).toBeLessThanOrEqual(betPotential(stake, [line], legs))
        expect(freeBetPayout(paid, stake)).toBe(paid > stake ? paid - stake : 0n)
      }),
    )
  })

  it('prints an accumulator price without compounding rounding', () => {
    expect(combinedPrice([1500, 2000, 1330])).toBe(3990)
    expect(combinedPrice([1333, 1333, 1333])).toBe(2368)
  })
})

describe('what a bet is worth before it ends', () => {
  it('values an open single at its struck price against the price now, less the margin', () => {
    // Struck at 3.00, now 1.50: worth twice the stake, 5 % kept.
    expect(cashOutValue(1000n, [[0]], [{ price: 3000, now: 1500, result: open }], 500)).toBe(1900n)
    expect(cashOutValue(1000n, [[0]], [{ price: 2000, now: 4000, result: open }], 0)).toBe(500n)
  })

  it('carries settled legs at their result, and has nothing to offer on a suspended leg or a decided bet', () => {
    const legs = [
      { price: 2000, now: null, result: won },
      { price: 3000, now: 2000, result: open },
    ]
    expect(cashOutValue(1000n, [[0, 1]], legs, 0)).toBe(3000n)
    expect(cashOutValue(1000n, [[0, 1]], [{ price: 2000, now: null, result: lost }, legs[1]!], 0)).toBe(0n)
    expect(cashOutValue(1000n, [[0, 1]], [legs[0]!, { ...legs[1]!, now: null }], 0)).toBeNull()
    expect(cashOutValue(1000n, [[0]], [legs[0]!], 0)).toBeNull()
  })
})
