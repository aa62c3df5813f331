import { hostname } from 'node:os'
import type { Logger } from 'pino'
import type { JobLocks } from './locks'

/** A background job: `run` is called every `everyMs` on the one instance that holds its lock. */
export interface Job {
  name: string
  everyMs: number
  run: () => Promise<void>
  /** False: the first run comes one interval after start (a clean-up that can wait), not at once. */
  runOnStart?: boolean
}

/** Names this process in the logs of every instance: which one holds which job. */
export const instanceId = (): string => `${hostname()}:${process.pid}`

type Log = Pick<Logger, 'info' | 'warn' | 'error'>

interface Entry {
  job: Job
  timer: NodeJS.Timeout | null
  /** The tick in progress (taking the lock and running): a tick never starts while one runs. */
  busy: Promise<void> | null
  holding: boolean
}

/**
 * Runs every registered job under its lock (server/jobs/locks.ts), so one instance of the site runs
 * each. The others ask for the lock on every tick, so when the holder dies one of them takes over
 * within one interval. A job never runs twice at once in one process: a tick that finds the last
 * run still going is skipped. A job runs on start (unless it says otherwise) and then every interval.
 */
export class JobRunner {
  private readonly entries = new Map<string, Entry>()
  private started = false
  private stopping = false

  constructor(
    private readonly locks: JobLocks,
    private readonly log: Log,
    readonly instance: string = instanceId(),
  ) {}

  register(job: Job): void {
    if (this.entries.has(job.name)) throw new Error(`job ${job.name} is registered twice`)
    if (!(job.everyMs > 0)) throw new Error(`job ${job.name} needs an interval above zero`)
    const entry: Entry = { job, timer: null, busy: null, holding: false }
    this.entries.set(job.name, entry)
    if (this.started) this.schedule(entry)
  }

  start(): void {
    if (this.started) return
    this.started = true
    for (const entry of this.entries.values()) this.schedule(entry)
  }

  /** Every registered job's name. */
  names(): string[] {
    return [...this.entries.keys()]
  }

  /** The jobs this instance holds now. */
  held(): string[] {
    return [...this.entries.values()].filter((e) => e.holding).map((e) => e.job.name)
  }

  /** Stops ticking, waits for the runs in progress, then releases every lock. */
  async stop(): Promise<void> {
    if (this.stopping) return
    this.stopping = true
    for (const entry of this.entries.values()) if (entry.timer) clearInterval(entry.timer)
    await Promise.all([...this.entries.values()].map((e) => e.busy))
    for (const entry of this.entries.values()) {
      if (!entry.holding) continue
      entry.holding = false
      await this.locks.release(entry.job.name)
      this.log.info({ job: entry.job.name, instance: this.instance }, 'job lock released')
    }
    await this.locks.close()
  }

  private schedule(entry: Entry): void {
    entry.timer = setInterval(() => this.tick(entry), entry.job.everyMs)
    entry.timer.unref()
    if (entry.job.runOnStart !== false) this.tick(entry)
  }

  private tick(entry: Entry): void {
    if (this.stopping || entry.busy) return
    entry.busy = this.turn(entry).finally(() => {
      entry.busy = null
    })
  }

  private async turn(entry: Entry): Promise<void> {
    const { name } = entry.job
    try {
      // A lock held on a connection that has since dropped is no longer ours: another may run it.
      if (entry.holding && !(await this.locks.stillHeld())) {
        entry.holding = false
        this.log.warn({ job: name, instance: this.instance }, 'job lock lost (its connection dropped)')
      }
      if (!entry.holding) {
        if (!(await this.locks.acquire(name))) return
        entry.holding = true
        this.log.info({ job: name, instance: this.instance }, 'job lock taken: this instance runs the job')
      }
    } catch (err) {
      entry.holding = false
      this.log.warn({ err, job: name, instance: this.instance }, 'job lock: the database did not answer; asking again next interval')
      return
    }
    if (this.stopping) return
    try {
      await entry.job.run()
    } catch (err) {
      this.log.error({ err, job: name, instance: this.instance }, 'job failed; it runs again next interval')
    }
  }
}
