import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { MemoryBus, RedisBus, type LiveBus } from './bus'
import { requireRedis, startOwnRedis, TEST_REDIS_URL, testRedisPrefix, type OwnRedis } from '../test/redis'

/** Resolves with the next message of a topic, or rejects after `ms`. */
function next(bus: LiveBus, topic: string, ms = 2_000): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      off()
      reject(new Error(`nothing on ${topic} within ${ms} ms`))
    }, ms)
    const off = bus.subscribe(topic, (data) => {
      clearTimeout(timer)
      off()
      resolve(data)
    })
  })
}

async function until(condition: () => boolean, ms: number, what: string): Promise<void> {
  const end = Date.now() + ms
  while (!condition()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

describe('the in-process live bus', () => {
  it('delivers to every subscriber of the topic, after the publish returns, and to none after unsubscribing', async () => {
    const bus = new MemoryBus()
    const heard: string[] = []
    const off = bus.subscribe('rounds.crash', (d) => heard.push(`a:${d}`))
    bus.subscribe('rounds.crash', (d) => heard.push(`b:${d}`))
    bus.subscribe('odds', (d) => heard.push(`odds:${d}`))
    const published = bus.publish('rounds.crash', '1')
    expect(heard).toEqual([])
    expect(await published).toBe('this instance')
    expect(heard).toEqual(['a:1', 'b:1'])
    off()
    await bus.publish('rounds.crash', '2')
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(heard).toEqual(['a:1', 'b:1', 'b:2'])
    expect(bus.state()).toEqual({ transport: 'memory', connected: true, reason: null })
  })

  it('keeps delivering to the others when one subscriber throws, and reports the fault', async () => {
    const faults: unknown[] = []
    const bus = new MemoryBus((err) => faults.push(err))
    bus.subscribe('t', () => {
      throw new Error('subscriber bug')
    })
    const heard = next(bus, 't')
    await bus.publish('t', 'x')
    expect(await heard).toBe('x')
    expect(faults).toHaveLength(1)
  })

  it('refuses topic names that could reach outside the site prefix', async () => {
    const bus = new MemoryBus()
    for (const bad of ['', '*', 'a b', 'Upper', 'a..b', '../x', 'x'.repeat(101)]) {
      await expect(bus.publish(bad, '1'), bad).rejects.toThrow(/bad live topic/)
      expect(() => bus.subscribe(bad, () => {}), bad).toThrow(/bad live topic/)
    }
  })
})

describe('the Redis live bus', { timeout: 60_000 }, () => {
  const buses: RedisBus[] = []
  const open = async (url = TEST_REDIS_URL, prefix = testRedisPrefix()) => {
    const bus = await RedisBus.open({ url, prefix })
    buses.push(bus)
    return bus
  }
  beforeAll(() => requireRedis())
  afterEach(async () => {
    await Promise.all(buses.splice(0).map((b) => b.close()))
  })

  it('carries a message from one instance to the subscribers of every instance, its own too', async () => {
    const prefix = testRedisPrefix()
    const [a, b] = [await open(TEST_REDIS_URL, prefix), await open(TEST_REDIS_URL, prefix)]
    const onA = next(a, 'content.reload')
    const onB = next(b, 'content.reload')
    await Promise.all([a.subscribed(), b.subscribed()])
    expect(await a.publish('content.reload', '{"from":"a"}')).toBe('every instance')
    expect(await onA).toBe('{"from":"a"}')
    expect(await onB).toBe('{"from":"a"}')
    expect(a.state()).toEqual({ transport: 'redis', connected: true, reason: null })
  })

  it('keeps sites on one Redis apart by their prefix', async () => {
    const [mine, theirs] = [await open(), await open()]
    const heard: string[] = []
    theirs.subscribe('odds', (d) => heard.push(d))
    const mineHeard: string[] = []
    mine.subscribe('odds', (d) => mineHeard.push(d))
    await Promise.all([mine.subscribed(), theirs.subscribed()])
    await mine.publish('odds', 'tick')
    // Theirs would have heard the first by the time mine hears the second: Redis sends a message to
    // every subscriber before it answers the publish.
    await mine.publish('odds', 'second')
    await until(() => mineHeard.length === 2, 5_000, 'both messages on mine')
    expect(mineHeard).toEqual(['tick', 'second'])
    expect(heard).toEqual([])
  })

  describe('with Redis that stops and comes back', () => {
    let redis: OwnRedis
    beforeAll(async () => {
      redis = await startOwnRedis()
    })
    afterAll(() => redis?.kill())

    it('starts while Redis is down, says why, delivers on this instance meanwhile, and links up when it is back', async () => {
      await redis.kill()
      const prefix = testRedisPrefix()
      const bus = await open(redis.url, prefix)
      expect(bus.state()).toMatchObject({ transport: 'redis', connected: false, reason: expect.stringMatching(/unreachable \(ECONNREFUSED\)|connect/) })
      const local = next(bus, 'notices')
      expect(await bus.publish('notices', 'while down')).toBe('this instance')
      expect(await local).toBe('while down')
      // Subscribed while Redis is down, as an app subscribes at its start.
      const heardLate: string[] = []
      bus.subscribe('late', (d) => heardLate.push(d))

      await redis.start()
      await until(() => bus.state().connected, 15_000, 'the bus to link up')
      const other = await open(redis.url, prefix)
      await until(() => other.state().connected, 15_000, 'the second bus')
      const across = next(other, 'notices')
      await Promise.all([other.subscribed(), bus.subscribed()])
      expect(await bus.publish('notices', 'linked')).toBe('every instance')
      expect(await across).toBe('linked')
      expect(await other.publish('late', 'heard')).toBe('every instance')
      await until(() => heardLate.length === 1, 5_000, 'the subscription made while Redis was down')
      expect(heardLate).toEqual(['heard'])
    })

    it('after a Redis restart subscribes again by itself, tells its subscribers of the gap, and carries messages again', async () => {
      const prefix = testRedisPrefix()
      const [a, b] = [await open(redis.url, prefix), await open(redis.url, prefix)]
      await until(() => a.state().connected && b.state().connected, 15_000, 'both buses')
      let gaps = 0
      b.onReconnected(() => gaps++)
      const heard: string[] = []
      b.subscribe('rounds.crash', (d) => heard.push(d))
      await b.subscribed()
      await a.publish('rounds.crash', 'before')
      await until(() => heard.length === 1, 5_000, 'the first message')

      await redis.kill()
      await until(() => !a.state().connected && !b.state().connected, 5_000, 'both buses to see Redis gone')
      expect(b.state().reason).not.toBeNull()
      await redis.start()
      await until(() => a.state().connected && b.state().connected, 15_000, 'both buses back')
      expect(gaps).toBe(1)
      // Resubscription is asynchronous: publish until one is heard, as a ticking topic would.
      const end = Date.now() + 10_000
      while (heard.length < 2 && Date.now() < end) {
        await a.publish('rounds.crash', 'after')
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
      expect(heard.slice(0, 2)).toEqual(['before', 'after'])
    })
  })
})
