import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { startPayoutRetries } from './payout-retries'

describe('the stalled-payout sweep', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())
  const log = () => ({ info: vi.fn(), error: vi.fn() })

  it('sweeps on its interval, never two at once, and logs only a sweep that found something', async () => {
    let release!: () => void
    const sweep = vi
      .fn()
      .mockImplementationOnce(() => new Promise((done) => (release = () => done({ asked: 2, answered: 1 }))))
      .mockResolvedValue({ asked: 0, answered: 0 })
    const logger = log()
    const stop = startPayoutRetries(sweep, logger, 1_000)
    await vi.advanceTimersByTimeAsync(1_000)
    expect(sweep).toHaveBeenCalledTimes(1)
    // The first sweep is still running: the next tick waits for it.
    await vi.advanceTimersByTimeAsync(3_000)
    expect(sweep).toHaveBeenCalledTimes(1)
    release()
    await vi.advanceTimersByTimeAsync(1_000)
    expect(sweep).toHaveBeenCalledTimes(2)
    expect(logger.info).toHaveBeenCalledTimes(1)
    expect(logger.info).toHaveBeenCalledWith({ asked: 2, answered: 1 }, 'stalled payouts asked again')
    stop()
    await vi.advanceTimersByTimeAsync(5_000)
    expect(sweep).toHaveBeenCalledTimes(2)
  })

  it('logs a failed sweep and goes on', async () => {
    const sweep = vi.fn().mockRejectedValueOnce(new Error('database gone')).mockResolvedValue({ asked: 0, answered: 0 })
    const logger = log()
    const stop = startPayoutRetries(sweep, logger, 1_000)
    await vi.advanceTimersByTimeAsync(2_000)
    expect(logger.error).toHaveBeenCalledTimes(1)
    expect(sweep).toHaveBeenCalledTimes(2)
    stop()
  })
})
