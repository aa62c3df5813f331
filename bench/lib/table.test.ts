import { describe, expect, it } from 'vitest'
import { markdownTable, textTable } from './table'

describe('textTable', () => {
  it('pads every column to its widest cell and rules the header', () => {
    const out = textTable(['Part', 'Value'], [
      ['wallet', '1 ops/s'],
      ['Lighthouse mobile', '0.5'],
    ])
    expect(out.split('\n')).toEqual([
      'Part              | Value',
      '------------------|--------',
      'wallet            | 1 ops/s',
      'Lighthouse mobile | 0.5',
    ])
  })
  it('renders a missing cell as empty', () => {
    expect(textTable(['a', 'b'], [['x']]).split('\n')[2]).toBe('x |')
  })
})

describe('markdownTable', () => {
  it('writes a header, a separator and one line per row', () => {
    expect(markdownTable(['A', 'B'], [['1', '2']])).toBe('| A | B |\n| --- | --- |\n| 1 | 2 |')
  })
  it('escapes a pipe inside a cell so the columns hold', () => {
    expect(markdownTable(['A'], [['raw | gz']]).split('\n')[2]).toBe('| raw \\| gz |')
  })
})
