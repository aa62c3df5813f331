/**
 * The start log's line: where the server really listens, and where a browser should go. A wildcard
 * host is no address to open, so the public URL is named; a specific host is named as it is.
 */
export function listenMessage(opts: { host: string; port: number; publicUrl: string; appEnv: string; dev: boolean }): string {
  const mode = `${opts.appEnv}${opts.dev ? ', dev' : ''}`
  const wildcard = opts.host === '0.0.0.0' || opts.host === '::' || opts.host === ''
  if (wildcard) return `listening on port ${opts.port} of every interface: open ${opts.publicUrl} (${mode})`
  const hostPart = opts.host.includes(':') ? `[${opts.host}]` : opts.host
  const bound = `http://${hostPart}:${opts.port}`
  const open = new URL(opts.publicUrl).origin === new URL(bound).origin ? '' : `, public URL ${opts.publicUrl}`
  return `listening on ${bound}${open} (${mode})`
}
