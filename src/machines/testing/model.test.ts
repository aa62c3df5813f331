import { describe, expect, it } from 'vitest'
import { dispatchGestures, ruleCollector } from './model'

describe('model test helpers', () => {
  it('sends an outcome to its outcome gesture and a sender event to its gesture', async () => {
    const seen: string[] = []
    const dispatch = dispatchGestures<string[], null>(
      { 'form.submit': (sut) => void sut.push('gesture') },
      { 'xstate.done.actor.submit': (sut) => void sut.push('outcome') },
    )
    await dispatch(seen, { type: 'xstate.done.actor.submit' }, null)
    await dispatch(seen, { type: 'form.submit' }, null)
    expect(seen).toEqual(['outcome', 'gesture'])
  })

  it('refuses an event that has no gesture, naming it', async () => {
    const dispatch = dispatchGestures<null, null>({}, {})
    await expect(dispatch(null, { type: 'form.unknown' }, null)).rejects.toThrow('form.unknown')
  })

  it('collects every broken rule, not only the first', () => {
    const { broken, rule } = ruleCollector()
    rule('kept', true)
    rule('first broken', false)
    rule('second broken', false)
    expect(broken).toEqual(['first broken', 'second broken'])
  })
})
