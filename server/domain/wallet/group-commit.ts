/**
 * Group commit: operations queued in this process are applied in batches, one transaction and so
 * one commit (one WAL flush) each, as high-throughput ledgers do. A batch takes every waiting
 * operation whose key (a player) has no batch running, in arrival order, so one key's operations
 * are applied in the order they came and a lone request waits for nothing. The batch function
 * answers each operation on its own, so one failing operation fails only itself. Batching is per
 * process: correctness across processes stays with the database's row locks.
 */

export type Outcome<R> = { ok: true; value: R } | { ok: false; error: unknown }

interface Entry<Op, R> {
  key: string
  op: Op
  resolve: (value: R) => void
  reject: (error: unknown) => void
}

export interface GroupCommitOptions {
  /** Most operations in one batch. */
  maxBatch?: number
  /** Most batches running at once (each holds a database connection). */
  maxConcurrent?: number
}

export class GroupCommit<Op, R> {
  private pending: Entry<Op, R>[] = []
  private readonly busy = new Set<string>()
  private running = 0
  private readonly maxBatch: number
  private readonly maxConcurrent: number

  constructor(
    /** Runs one batch; must answer with one outcome per operation, in order. */
    private readonly runBatch: (ops: Op[]) => Promise<Outcome<R>[]>,
    options: GroupCommitOptions = {},
  ) {
    this.maxBatch = options.maxBatch ?? 64
    this.maxConcurrent = options.maxConcurrent ?? 4
  }

  submit(key: string, op: Op): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.pending.push({ key, op, resolve, reject })
      this.pump()
    })
  }

  /** Operations waiting for a batch. */
  get waiting(): number {
    return this.pending.length
  }

  private pump(): void {
    while (this.running < this.maxConcurrent && this.pending.length > 0) {
      const batch: Entry<Op, R>[] = []
      const rest: Entry<Op, R>[] = []
      for (const entry of this.pending) {
        if (batch.length < this.maxBatch && !this.busy.has(entry.key)) batch.push(entry)
        else rest.push(entry)
      }
      if (batch.length === 0) return
      // A key is busy from its first taken operation on, so its later ones never overtake it.
      this.pending = rest
      const keys = new Set(batch.map((e) => e.key))
      for (const key of keys) this.busy.add(key)
      this.running++
      void this.run(batch).finally(() => {
        this.running--
        for (const key of keys) this.busy.delete(key)
        this.pump()
      })
    }
  }

  private async run(batch: Entry<Op, R>[]): Promise<void> {
    let outcomes: Outcome<R>[]
    try {
      outcomes = await this.runBatch(batch.map((e) => e.op))
      if (outcomes.length !== batch.length) throw new Error(`A batch of ${batch.length} answered ${outcomes.length} times`)
    } catch (error) {
      outcomes = batch.map(() => ({ ok: false, error }))
    }
    batch.forEach((entry, i) => {
      const outcome = outcomes[i]!
      if (outcome.ok) entry.resolve(outcome.value)
      else entry.reject(outcome.error)
    })
  }
}
