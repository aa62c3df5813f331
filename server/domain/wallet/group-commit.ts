/**
 * Group commit: operations queued on one key (a player) in this process run together, in arrival
 * order, as one batch; the next batch gathers while one runs, so a lone request waits for nothing
 * and a hot player's requests share one lock and one commit. The batch function answers every
 * operation on its own, so one failing operation fails only itself. Batching is per process:
 * correctness across processes stays with the database's row locks.
 */

export type Outcome<R> = { ok: true; value: R } | { ok: false; error: unknown }

interface Entry<Op, R> {
  op: Op
  resolve: (value: R) => void
  reject: (error: unknown) => void
}

export class GroupCommit<Op, R> {
  private readonly queues = new Map<string, Entry<Op, R>[]>()

  constructor(
    /** Runs one batch; must answer with one outcome per operation, in order. */
    private readonly runBatch: (key: string, ops: Op[]) => Promise<Outcome<R>[]>,
    readonly maxBatch = 64,
  ) {}

  submit(key: string, op: Op): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      const queue = this.queues.get(key)
      if (queue) {
        queue.push({ op, resolve, reject })
        return
      }
      this.queues.set(key, [{ op, resolve, reject }])
      void this.drain(key)
    })
  }

  /** Operations waiting or running, for tests and figures. */
  get pending(): number {
    let n = 0
    for (const q of this.queues.values()) n += q.length
    return n
  }

  private async drain(key: string): Promise<void> {
    const queue = this.queues.get(key)!
    while (queue.length > 0) {
      const batch = queue.slice(0, this.maxBatch)
      let outcomes: Outcome<R>[]
      try {
        outcomes = await this.runBatch(key, batch.map((e) => e.op))
        if (outcomes.length !== batch.length) throw new Error(`A batch of ${batch.length} answered ${outcomes.length} times`)
      } catch (error) {
        outcomes = batch.map(() => ({ ok: false, error }))
      }
      // Taken off the queue only once answered: submit() keeps appending to this same array.
      queue.splice(0, batch.length)
      batch.forEach((entry, i) => {
        const outcome = outcomes[i]!
        if (outcome.ok) entry.resolve(outcome.value)
        else entry.reject(outcome.error)
      })
    }
    this.queues.delete(key)
  }
}
