import { describe, expect, it } from 'vitest'
import { GroupCommit, type Outcome } from './group-commit'

/** A batcher whose batches finish when the test says so, recording what each batch held. */
function harness(options?: ConstructorParameters<typeof GroupCommit>[1]) {
  const batches: string[][] = []
  const release: (() => void)[] = []
  const group = new GroupCommit<string, string>(async (ops) => {
    batches.push(ops)
    await new Promise<void>((resolve) => release.push(resolve))
    if (ops.includes('boom')) throw new Error('batch failed')
    return ops.map((op): Outcome<string> => (op.startsWith('bad') ? { ok: false, error: new Error(op) } : { ok: true, value: `done ${op}` }))
  }, options)
  const tick = () => new Promise((resolve) => setTimeout(resolve, 0))
  return { group, batches, release, tick }
}

describe('group commit', () => {
  it('runs a lone operation at once, and gathers those that come meanwhile into the next batch', async () => {
    const { group, batches, release, tick } = harness()
    const first = group.submit('p', 'a')
    const rest = ['b', 'c', 'd'].map((op) => group.submit('p', op))
    expect(batches).toEqual([['a']])
    release.shift()!()
    expect(await first).toBe('done a')
    await tick()
    expect(batches).toEqual([['a'], ['b', 'c', 'd']])
    release.shift()!()
    expect(await Promise.all(rest)).toEqual(['done b', 'done c', 'done d'])
  })

  it('never runs one key in two batches at once, and keeps its order', async () => {
    const { group, batches, release, tick } = harness({ maxConcurrent: 4 })
    const all = [group.submit('p', 'p1'), group.submit('q', 'q1'), group.submit('p', 'p2'), group.submit('r', 'r1'), group.submit('p', 'p3')]
    // p1, q1 and r1 start in batches of their own; p2 and p3 wait for p1.
    expect(batches).toEqual([['p1'], ['q1'], ['r1']])
    release.shift()!()
    await tick()
    expect(batches[3]).toEqual(['p2', 'p3'])
    while (release.length) release.shift()!()
    await tick()
    expect(await Promise.all(all)).toEqual(['done p1', 'done q1', 'done p2', 'done r1', 'done p3'])
  })

  it('answers each operation with its own outcome; a failed batch fails only its operations', async () => {
    const { group, release, tick } = harness({ maxConcurrent: 1 })
    const lead = group.submit('p', 'boom')
    const good = group.submit('p', 'ok')
    const bad = group.submit('q', 'bad one')
    release.shift()!()
    await expect(lead).rejects.toThrow('batch failed')
    await tick()
    release.shift()!()
    expect(await good).toBe('done ok')
    await expect(bad).rejects.toThrow('bad one')
    expect(group.waiting).toBe(0)
  })

  it('caps a batch at maxBatch operations', async () => {
    const { group, batches, release, tick } = harness({ maxBatch: 2 })
    const all = ['a', 'b', 'c', 'd'].map((op) => group.submit('p', op))
    for (let i = 0; i < 2; i++) {
      release.shift()!()
      await tick()
    }
    expect(batches).toEqual([['a'], ['b', 'c'], ['d']])
    release.shift()!()
    await Promise.all(all)
  })
})
