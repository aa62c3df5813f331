// The few parts of autocannon the bench uses (the package ships no types).
declare module 'autocannon' {
  interface Result {
    requests: { average: number }
    latency: { p50: number; p99: number }
    errors: number
    non2xx: number
  }
  interface Instance extends PromiseLike<Result> {
    on(event: 'response', listener: (client: unknown, statusCode: number, bytes: number, responseTime: number) => void): void
  }
  function autocannon(options: { url: string; connections: number; duration: number }): Instance
  export default autocannon
}
