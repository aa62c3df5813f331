import { describe, expect, it } from 'vitest'
import { and, not, or, setup, stateIn } from 'xstate'
import { appMachine } from '../app/app/app.machine'
import { describeChart, guardName, stateIdsOfValue, stateLabel } from './chart'

describe('describeChart', () => {
  it('lists every state node below the root and every transition, eventless ones included', () => {
    const chart = describeChart(appMachine)
    expect(chart.root).toMatchObject({ id: 'app', type: 'parallel' })
    expect(chart.states.find((s) => s.id === 'app.session.deciding')).toMatchObject({ transient: true, parent: 'app.session' })
    expect(chart.states.find((s) => s.id === 'app.session.visitor.refreshing')).toMatchObject({
      invoke: [{ id: 'fetchAccount', src: 'fetchAccount' }],
      tags: ['account.refreshing'],
    })
    expect(chart.transitions.map((t) => t.key)).toEqual(
      expect.arrayContaining([
        'app -- dialog.* --> (no target)',
        'app.session.deciding -- always [hasPlayerAccount] --> app.session.player',
        'app.session.deciding -- always --> app.session.visitor',
      ]),
    )
    expect(chart.transitions.find((t) => t.event === 'dialog.*')?.actions).toEqual(['sendTo(dialogs)'])
    expect(new Set(chart.transitions.map((t) => t.key)).size).toBe(chart.transitions.length)
  })

  it('gives two definitions that read alike their own keys', () => {
    const twins = setup({ types: { events: {} as { type: 'go' } } }).createMachine({
      id: 'twins',
      initial: 'a',
      states: { a: { on: { go: [{ actions: () => {} }, { actions: () => {} }] } } },
    })
    expect(describeChart(twins).transitions.map((t) => t.key)).toEqual([
      'twins.a -- go --> (no target) #1',
      'twins.a -- go --> (no target) #2',
    ])
  })
})

describe('names', () => {
  it('spells out higher-order guards', () => {
    expect(guardName(and([stateIn({ active: { fields: 'ready' } }), 'submittable']))).toBe(
      'and(stateIn(active.fields.ready), submittable)',
    )
    expect(guardName(not({ type: 'isKnown', params: {} }))).toBe('not(isKnown)')
  })

  it('spells them out the same when a production build has minified their function names', () => {
    const minified = <T extends object>(guard: T): T => Object.defineProperty(guard, 'name', { value: 't' })
    const guard = minified(and([minified(stateIn({ active: { fields: 'ready' } })), minified(or(['a', minified(not('b'))]))]))
    expect(guardName(guard)).toBe('and(stateIn(active.fields.ready), or(a, not(b)))')
  })

  it('labels nested and parallel state values by their leaves', () => {
    expect(stateLabel('idle')).toBe('idle')
    expect(stateLabel({ session: { visitor: 'idle' }, theme: 'ready' })).toBe('session.visitor.idle, theme.ready')
    expect(stateIdsOfValue('app', { session: { visitor: 'idle' } })).toEqual([
      'app.session',
      'app.session.visitor',
      'app.session.visitor.idle',
    ])
  })
})
