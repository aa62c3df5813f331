import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { inProcessLocks } from './jobs/locks'
import { JobRunner } from './jobs/runner'
import { payoutRetriesJob } from './payout-retries'

describe('the stalled-payout sweep', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())
  const log = () => ({ info: vi.fn(), warn: vi.fn(), error: vi.fn() })

  it('sweeps on start and on its interval, never two at once, and logs only a sweep that found something', async () => {
    let release!: () => void
    const sweep = vi
      .fn()
      .mockImplementationOnce(() => new Promise((done) => (release = () => done({ asked: 2, answered: 1 }))))
      .mockResolvedValue({ asked: 0, answered: 0 })
    const sweepLog = log()
    const runner = new JobRunner(inProcessLocks(), log(), 'test:1')
    runner.register(payoutRetriesJob(sweep, sweepLog, 1_000))
    runner.start()
    await vi.advanceTimersByTimeAsync(0)
    expect(sweep).toHaveBeenCalledTimes(1)
    // The first sweep is still running: the next ticks wait for it.
    await vi.advanceTimersByTimeAsync(3_000)
    expect(sweep).toHaveBeenCalledTimes(1)
    release()
    await vi.advanceTimersByTimeAsync(1_000)
    expect(sweep).toHaveBeenCalledTimes(2)
    expect(sweepLog.info).toHaveBeenCalledTimes(1)
    expect(sweepLog.info).toHaveBeenCalledWith({ asked: 2, answered: 1 }, 'stalled payouts asked again')
    await runner.stop()
    await vi.advanceTimersByTimeAsync(5_000)
    expect(sweep).toHaveBeenCalledTimes(2)
  })

  it('logs a failed sweep and goes on', async () => {
    const sweep = vi.fn().mockRejectedValueOnce(new Error('database gone')).mockResolvedValue({ asked: 0, answered: 0 })
    const runnerLog = log()
    const runner = new JobRunner(inProcessLocks(), runnerLog, 'test:1')
    runner.register(payoutRetriesJob(sweep, log(), 1_000))
    runner.start()
    await vi.advanceTimersByTimeAsync(1_000)
    expect(runnerLog.error).toHaveBeenCalledTimes(1)
    expect(runnerLog.error.mock.calls[0]?.[0]).toMatchObject({ job: 'payout-retries', instance: 'test:1' })
    expect(sweep).toHaveBeenCalledTimes(2)
    await runner.stop()
  })
})
