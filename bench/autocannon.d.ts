// The few parts of autocannon the bench uses (the package ships no types).
declare module 'autocannon' {
  interface Result {
    /** Seconds the run took. */
    duration: number
    requests: { average: number; total: number }
    latency: { p50: number; p99: number }
    errors: number
    timeouts: number
    non2xx: number
  }
  interface Instance extends PromiseLike<Result> {
    on(event: 'response', listener: (client: unknown, statusCode: number, bytes: number, responseTime: number) => void): void
    stop(): void
  }
  interface Options {
    url: string
    connections: number
    duration: number
    headers?: Record<string, string>
    timeout?: number
    /** Replaces `[<id>]` in the URL and body with a fresh id per request. */
    idReplacement?: boolean
    /** Each connection sends these in turn, over and over (a mixed workload). */
    requests?: { method?: string; path: string; headers?: Record<string, string> }[]
  }
  function autocannon(options: Options): Instance
  export default autocannon
}
