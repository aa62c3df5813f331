import { open, realpath, stat } from 'node:fs/promises'
import { join, sep } from 'node:path'
import { isProxyableSource } from '../../src/shared/images'

/**
 * Where images may come from: our own storage (the site's public/ folder, then the operator's
 * uploads in DATA_DIR/media) or an http(s) origin on IMAGE_ALLOWLIST. Everything else is refused
 * before a byte is read; what is read is bounded in size and, for remote sources, in time.
 */

export type ImageErrorCode =
  | 'image_bad_request'
  | 'image_forbidden_source'
  | 'image_not_found'
  | 'image_too_large'
  | 'image_not_an_image'
  | 'image_unavailable'

const TYPES: Record<ImageErrorCode, { status: number; type: string }> = {
  image_bad_request: { status: 400, type: 'InvalidParameterException' },
  image_forbidden_source: { status: 403, type: 'AccessDeniedException' },
  image_not_found: { status: 404, type: 'MethodNotFoundException' },
  image_too_large: { status: 413, type: 'InvalidRequestException' },
  image_not_an_image: { status: 422, type: 'InvalidRequestException' },
  // An allowlisted host that does not answer: the request was fine, the image is just not there.
  image_unavailable: { status: 404, type: 'MethodNotFoundException' },
}

/** A refusal with its HTTP status and SPEC §8 type; every image failure becomes one of these. */
export class ImageError extends Error {
  readonly status: number
  readonly type: string
  constructor(
    readonly code: ImageErrorCode,
    message: string,
  ) {
    super(message)
    this.name = 'ImageError'
    this.status = TYPES[code].status
    this.type = TYPES[code].type
  }
  body() {
    return { error: { type: this.type, message: this.message, code: this.code } }
  }
}

export interface ImageSourceOptions {
  /** Folders of our own storage, searched in order. */
  roots: readonly string[]
  /** Origins remote images may come from (IMAGE_ALLOWLIST). */
  allowlist: readonly string[]
  /** The largest source read, local or remote. */
  maxBytes: number
  /** How long a remote fetch may take, headers and body. */
  timeoutMs: number
}

export interface SourceFile {
  data: Buffer
  /** A version of the source for cache keys: mtime and size locally, the fetch time remotely. */
  version: string
  /** Seconds the processed image may be cached by browsers. */
  maxAge: number
  /** Whether the bytes start like an SVG document (sanitised before use). */
  svg: boolean
}

export const isRemote = (source: string) => /^https?:\/\//i.test(source)

/** Checks the shape of a source and, for a remote one, its origin. */
export function checkSource(source: string, allowlist: readonly string[]): void {
  if (!isProxyableSource(source)) throw new ImageError('image_bad_request', 'The image source must be a path in our storage or an http(s) URL')
  if (isRemote(source) && !allowlist.includes(new URL(source).origin)) {
    throw new ImageError('image_forbidden_source', `Images from ${new URL(source).origin} are not allowed`)
  }
}

const looksLikeSvg = (data: Buffer) => /^\s*(?:<\?xml[^>]*>\s*)?(?:<!--[\s\S]*?-->\s*)*<svg[\s>]/i.test(data.subarray(0, 4096).toString('utf8'))

/** A storage root's real path, looked up once per root: the folders are configured, not moved at run time. */
const realRoots = new Map<string, Promise<string>>()
function realRootOf(root: string): Promise<string> {
  const known = realRoots.get(root)
  if (known) return known
  // Only a found root is kept: the uploads folder may only be made later.
  const real = realpath(root).catch(() => {
    realRoots.delete(root)
    return root
  })
  realRoots.set(root, real)
  return real
}

/** The file a local source names, inside one of our roots, within the size limit. */
async function resolveLocal(source: string, options: ImageSourceOptions): Promise<{ path: string; version: string }> {
  const relative = source.replace(/^\/+/, '')
  for (const root of options.roots) {
    let path: string
    try {
      path = await realpath(join(root, relative))
    } catch {
      continue
    }
    // A link inside the folder that points outside it is outside our storage.
    const realRoot = await realRootOf(root)
    if (!path.startsWith(realRoot + sep)) throw new ImageError('image_forbidden_source', 'The image source is outside our storage')
    const info = await stat(path)
    if (!info.isFile()) continue
    if (info.size > options.maxBytes) throw new ImageError('image_too_large', `The image source is larger than ${options.maxBytes} bytes`)
    return { path, version: `${info.mtimeMs}-${info.size}` }
  }
  throw new ImageError('image_not_found', 'No such image')
}

/** A local source's version (mtime and size) without reading it, to check a cached result. */
export async function localVersion(source: string, options: ImageSourceOptions): Promise<string> {
  return (await resolveLocal(source, options)).version
}

async function readLocal(source: string, options: ImageSourceOptions): Promise<SourceFile> {
  const { path, version } = await resolveLocal(source, options)
  const handle = await open(path, 'r')
  try {
    const bytes = await handle.readFile()
    // Checked again: the file may have grown since it was looked at.
    if (bytes.byteLength > options.maxBytes) throw new ImageError('image_too_large', `The image source is larger than ${options.maxBytes} bytes`)
    return { data: bytes, version, maxAge: 7 * 86_400, svg: looksLikeSvg(bytes) }
  } finally {
    await handle.close()
  }
}

/** Reads a response body up to `maxBytes`, refusing more without reading it all. */
async function readCapped(response: Response, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.headers.get('content-length') ?? NaN)
  if (declared > maxBytes) throw new ImageError('image_too_large', `The image source is larger than ${maxBytes} bytes`)
  if (!response.body) return Buffer.alloc(0)
  const chunks: Uint8Array[] = []
  let total = 0
  const reader = response.body.getReader()
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    total += value.byteLength
    if (total > maxBytes) {
      await reader.cancel().catch(() => {})
      throw new ImageError('image_too_large', `The image source is larger than ${maxBytes} bytes`)
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks)
}

/**
 * GETs an allowlisted URL: no redirects (a redirect could leave the allowlist), bounded in time
 * and size, and only when the answer says it is the kind of thing asked for.
 */
export async function fetchAllowed(url: string, options: ImageSourceOptions, accept: (contentType: string) => boolean): Promise<Buffer> {
  checkSource(url, options.allowlist)
  let response: Response
  const signal = AbortSignal.timeout(options.timeoutMs)
  try {
    response = await fetch(url, { redirect: 'manual', signal, headers: { accept: 'image/*' } })
  } catch {
    throw new ImageError('image_unavailable', 'The image source did not answer')
  }
  try {
    if (response.status === 404 || response.status === 410) throw new ImageError('image_not_found', 'No such image')
    if (!response.ok) throw new ImageError('image_unavailable', `The image source answered ${response.status}`)
    const type = (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase()
    if (!accept(type)) throw new ImageError('image_not_an_image', 'The source is not an image')
    return await readCapped(response, options.maxBytes)
  } catch (err) {
    await response.body?.cancel().catch(() => {})
    if (err instanceof ImageError) throw err
    throw new ImageError('image_unavailable', 'The image source did not answer in time')
  }
}

const isImageType = (type: string) => type.startsWith('image/')

/** The bytes of a source, local or remote, within the limits. */
export async function readSource(source: string, options: ImageSourceOptions): Promise<SourceFile> {
  checkSource(source, options.allowlist)
  if (!isRemote(source)) return readLocal(source, options)
  const data = await fetchAllowed(source, options, isImageType)
  return { data, version: `fetched-${Math.floor(Date.now() / 600_000)}`, maxAge: 86_400, svg: looksLikeSvg(data) }
}
