import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { applyMask, unmask } from './mask'

describe('applyMask', () => {
  it.each([
    ['12', '##.##.####', '12'],
    ['120', '##.##.####', '12.0'],
    ['12031990', '##.##.####', '12.03.1990'],
    ['12.03.1990', '##.##.####', '12.03.1990'],
    ['12031990999', '##.##.####', '12.03.1990'],
    ['1a2b', '####', '12'],
    ['ab12cd', '@@-##-@@', 'ab-12-cd'],
    ['a1', '@@', 'a'],
    ['ñé', '@@', 'ñé'],
    ['A1-b2', '****', 'A1b2'],
    ['5', '+# (###)', '+5'],
    ['5123', '+# (###)', '+5 (123)'],
    ['', '+# (###)', ''],
  ])('%j with %j gives %j', (raw, mask, expected) => {
    expect(applyMask(raw, mask)).toBe(expected)
  })

  it('keeps a literal the player typed, so backspace can remove it', () => {
    expect(applyMask('12.', '##.##')).toBe('12.')
    expect(applyMask('12.x', '##.##')).toBe('12.')
  })

  it('drops literals inserted ahead of a slot that stayed empty', () => {
    expect(applyMask('12x', '##.##')).toBe('12')
  })

  const masks = fc.constantFrom('##.##.####', '+# (###) ###-##-##', '@@-####', '****', '# ### ###', '(###)')

  it('is idempotent and never longer than the mask', () => {
    fc.assert(
      // '#1#': a literal that also fits a slot is ambiguous for unmask, but must still be stable.
      fc.property(fc.string(), fc.oneof(masks, fc.constant('#1#')), (raw, mask) => {
        const once = applyMask(raw, mask)
        expect(applyMask(once, mask)).toBe(once)
        expect(Array.from(once).length).toBeLessThanOrEqual(mask.length)
      }),
    )
  })

  it('round-trips through unmask', () => {
    fc.assert(
      fc.property(fc.string(), masks, (raw, mask) => {
        const value = unmask(raw, mask)
        expect(unmask(applyMask(value, mask), mask)).toBe(value)
      }),
    )
  })
})

describe('unmask', () => {
  it.each([
    ['12.03.1990', '##.##.####', '12031990'],
    ['+5 (123)', '+# (###)', '5123'],
    ['12031990', '##.##.####', '12031990'],
    ['ab-12', '@@-##', 'ab12'],
    ['', '##', ''],
  ])('%j with %j gives %j', (value, mask, expected) => {
    expect(unmask(value, mask)).toBe(expected)
  })
})
