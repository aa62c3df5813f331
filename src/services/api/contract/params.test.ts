import { describe, expect, it } from 'vitest'
import { create, nullable, object, optional, string, StructError, type } from 'superstruct'
import { decodeParams, encodeParams, MAX_PARAM_LENGTH, MAX_PARAM_VALUES, paramProblem, paramProblems, wireBoolean, wireInteger, wireJson, wireList } from './params'

describe('encodeParams (SPEC §7)', () => {
  it('drops empty strings, null and undefined', () => {
    expect(encodeParams({ a: '', b: null, c: undefined, d: 'x' })).toEqual([['d', 'x']])
  })

  it('keeps whitespace and zero, which are values', () => {
    expect(encodeParams({ a: ' ', b: 0, c: false })).toEqual([['a', ' '], ['b', '0'], ['c', '0']])
  })

  it('sends booleans as 1 and 0', () => {
    expect(encodeParams({ notify: true, is_betting: false })).toEqual([['notify', '1'], ['is_betting', '0']])
  })

  it('writes numbers, bigints and dates as text', () => {
    expect(encodeParams({ n: 12.5, b: 10n ** 20n, d: new Date(Date.UTC(2024, 0, 2)) })).toEqual([
      ['n', '12.5'],
      ['b', '100000000000000000000'],
      ['d', '2024-01-02T00:00:00.000Z'],
    ])
  })

  it('repeats the key for each list element and drops empty elements', () => {
    expect(encodeParams({ types: ['slot', '', null, 'live'], none: [] })).toEqual([
      ['types', 'slot'],
      ['types', 'live'],
    ])
  })

  it('sends objects as JSON text', () => {
    expect(encodeParams({ event_params: { game: 'x', n: 1 } })).toEqual([['event_params', '{"game":"x","n":1}']])
  })

  it('refuses values that have no wire form', () => {
    expect(() => encodeParams({ n: Number.NaN })).toThrow(TypeError)
    expect(() => encodeParams({ f: (() => 1) as never })).toThrow(TypeError)
  })

  it('is empty without parameters', () => {
    expect(encodeParams(undefined)).toEqual([])
  })
})

describe('decodeParams', () => {
  it('gives strings for single keys and arrays for repeated keys', () => {
    expect(decodeParams(new URLSearchParams('a=1&t=x&t=y&t=z'))).toEqual({ a: '1', t: ['x', 'y', 'z'] })
  })
})

describe('wire schemas: what the client encodes, the server decodes back', () => {
  const request = type({
    count: optional(wireInteger()),
    live: optional(wireBoolean()),
    types: optional(wireList(string())),
    ids: optional(wireList(wireInteger())),
    event_params: optional(wireJson(object({ game: string() }))),
    query: optional(nullable(string())),
  })
  const roundTrip = (params: Parameters<typeof encodeParams>[0]) =>
    create(decodeParams(new URLSearchParams(encodeParams(params))), request)

  it('round-trips every kind of value', () => {
    expect(
      roundTrip({ count: 12, live: true, types: ['slot', 'live'], ids: [3, 4], event_params: { game: 'g' }, query: 'q' }),
    ).toEqual({ count: 12, live: true, types: ['slot', 'live'], ids: [3, 4], event_params: { game: 'g' }, query: 'q' })
  })

  it('decodes a one-element list as a list', () => {
    expect(roundTrip({ types: ['slot'], ids: [7] })).toEqual({ types: ['slot'], ids: [7] })
  })

  it('decodes false as false', () => {
    expect(roundTrip({ live: false })).toEqual({ live: false })
  })

  it.each([
    [{ count: '1.5' }],
    [{ count: 'ten' }],
    [{ live: 'true' }],
    [{ event_params: '{not json' }],
  ])('rejects malformed wire values %j', (wire) => {
    expect(() => create(wire, request)).toThrow(StructError)
  })

  it('still accepts already-typed values, so the client side can check its own params', () => {
    expect(create({ count: 3, live: false, types: ['a'] }, request)).toEqual({ count: 3, live: false, types: ['a'] })
  })
})

describe('paramProblem: text at the contract\'s edge', () => {
  it('refuses control characters, DEL, C1 controls and lone surrogates as wrong symbols', () => {
    for (const bad of ['\u0000', "a\u0000'", '\u0007', '\u001b[2J', '\u007f', '\u0085', '\u009f', '\ud800', 'x\udc00', '\u000b', '\u000c']) {
      expect(paramProblem(bad), JSON.stringify(bad)).toBe('text')
    }
  })

  it('lets ordinary text through: tabs and line breaks, any script, emoji as surrogate pairs', () => {
    for (const good of ['', 'demo@example.com', 'line one\nline two\r\n\tindented', 'Zoë 🎰 ليلى 测试', "' OR 1=1; --", '\u00a0', '\ufffd']) {
      expect(paramProblem(good), JSON.stringify(good)).toBeNull()
    }
  })

  it('bounds lengths, counts and depth', () => {
    expect(paramProblem('x'.repeat(MAX_PARAM_LENGTH))).toBeNull()
    expect(paramProblem('x'.repeat(MAX_PARAM_LENGTH + 1))).toBe('maxLength')
    expect(paramProblem(Array.from({ length: MAX_PARAM_VALUES }, () => 'a'))).toBeNull()
    expect(paramProblem(Array.from({ length: MAX_PARAM_VALUES + 1 }, () => 'a'))).toBe('maxLength')
    let deep: unknown = 'a'
    for (let i = 0; i < 20; i++) deep = [deep]
    expect(paramProblem(deep)).toBe('invalid')
  })

  it('looks into lists and structured values, keys included', () => {
    expect(paramProblem(['fine', 'bad\u0000'])).toBe('text')
    expect(paramProblem({ card_number: { nested: '\u0000' } })).toBe('text')
    expect(paramProblem({ 'k\u0000': 'v' })).toBe('text')
    expect(paramProblem({ n: 1, b: true, z: null })).toBeNull()
  })

  it('names each parameter that has a problem', () => {
    expect(paramProblems({ login: "\u0000'", password: 'fine', note: 'x'.repeat(MAX_PARAM_LENGTH + 1) })).toEqual({ login: ['text'], note: ['maxLength'] })
    expect(paramProblems({ login: 'fine' })).toBeNull()
  })
})
