import { randomBytes } from 'node:crypto'
import { constants, crc32, deflateRawSync } from 'node:zlib'
import { crc32Combine, crc32Shift } from './crc32-combine'

/**
 * A rendered page ready to go out with a nonce of its own in each of its places, as plain bytes
 * or as gzip. The HTML is held as bytes split at the nonce placeholder and at static parts (the
 * inline stylesheet, the same in every page), so an answer is a copy of buffers, not a string
 * search and a UTF-8 encoding of 80 KB. Gzip is built the same way: each piece is compressed on
 * its own, ending at a full flush (a byte boundary after which nothing refers back), so the nonce
 * goes between two pieces as a stored deflate block and a static part's compressed bytes are
 * shared by every page. Per answer only the checksum is computed; compressing the whole page per
 * answer cost about 10 ms (brotli 5), most of it on the stylesheet.
 */

/** Text every page carries unchanged (the inline stylesheet): encoded and compressed once. */
export class StaticPart {
  readonly bytes: Buffer
  private compressed: Buffer | undefined

  constructor(text: string) {
    this.bytes = Buffer.from(text, 'utf8')
  }

  deflated(): Buffer {
    this.compressed ??= deflatePiece(this.bytes, 9, false)
    return this.compressed
  }
}

/**
 * Static parts by token: a renderer puts `token(text)` in the page where the text goes, and
 * StoredPage swaps the part in. Tokens are random per process, so no content can fake one.
 */
export class StaticParts {
  private readonly prefix = `s${randomBytes(12).toString('hex')}_`
  private readonly tokens = new Map<string, string>()
  readonly parts = new Map<string, StaticPart>()

  token(text: string): string {
    let token = this.tokens.get(text)
    if (!token) {
      token = `${this.prefix}${this.tokens.size}_`
      this.tokens.set(text, token)
      this.parts.set(token, new StaticPart(text))
    }
    return token
  }

  /** Matches any token this registry gave out. */
  readonly pattern = new RegExp(`${this.prefix}\\d+_`)
}

const NONCE = Symbol('nonce')
type Piece = Buffer | StaticPart | typeof NONCE

/** Dynamic text of a page: compressed once per page, faster than the shared parts. */
const PAGE_LEVEL = 6

export class StoredPage {
  private readonly pieces: readonly Piece[]
  private gzipPieces: readonly Buffer[] | undefined
  private checksums: readonly (Checksum | null)[] | undefined

  constructor(
    readonly status: number,
    readonly headers: readonly [string, string][],
    body: string,
    placeholder: string,
    statics?: StaticParts,
  ) {
    const split = statics ? new RegExp(`(${escape(placeholder)}|${statics.pattern.source})`) : new RegExp(`(${escape(placeholder)})`)
    // split() with a capture group puts the text at even indexes and what matched at odd ones.
    this.pieces = body
      .split(split)
      .map((text, i): Piece | null => {
        if (i % 2 === 0) return text ? Buffer.from(text, 'utf8') : null
        return text === placeholder ? NONCE : statics!.parts.get(text)!
      })
      .filter((piece): piece is Piece => piece !== null)
  }

  /** The page as bytes with `nonce` (ASCII) wherever the placeholder was. */
  identity(nonce: string): Buffer {
    const value = Buffer.from(nonce, 'latin1')
    return Buffer.concat(this.pieces.map((piece) => (piece === NONCE ? value : piece instanceof StaticPart ? piece.bytes : piece)))
  }

  /** The same bytes as a gzip member; what is compressed is compressed once, and so is each piece's CRC. */
  gzip(nonce: string): Buffer {
    this.gzipPieces ??= this.pieces.map((piece) =>
      piece === NONCE ? EMPTY : piece instanceof StaticPart ? piece.deflated() : deflatePiece(piece, PAGE_LEVEL, false),
    )
    this.checksums ??= this.pieces.map((piece) => (piece === NONCE ? null : checksumOf(piece instanceof StaticPart ? piece.bytes : piece)))
    const value = Buffer.from(nonce, 'latin1')
    const stored = storedBlock(value)
    const nonceSum = checksumOf(value)
    const chunks: Buffer[] = [GZIP_HEADER]
    let crc = 0
    let length = 0
    this.pieces.forEach((piece, i) => {
      const sum = this.checksums![i] ?? nonceSum
      chunks.push(piece === NONCE ? stored : this.gzipPieces![i]!)
      crc = crc32Combine(crc, sum.crc, sum.shift)
      length += sum.length
    })
    chunks.push(FINAL_BLOCK)
    const trailer = Buffer.alloc(8)
    trailer.writeUInt32LE(crc >>> 0, 0)
    trailer.writeUInt32LE(length >>> 0, 4)
    chunks.push(trailer)
    return Buffer.concat(chunks)
  }
}

interface Checksum {
  crc: number
  length: number
  /** What appending these bytes multiplies a running CRC by (crc32-combine.ts). */
  shift: number
}

function checksumOf(bytes: Buffer): Checksum {
  // zlib.crc32 of an empty buffer answers 0, as the CRC of nothing should be.
  return { crc: bytes.length ? crc32(bytes) >>> 0 : 0, length: bytes.length, shift: crc32Shift(bytes.length) }
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

const EMPTY = Buffer.alloc(0)

/** Raw deflate of one piece, ending at a full flush so the next piece can follow on its own. */
function deflatePiece(bytes: Buffer, level: number, last: boolean): Buffer {
  return deflateRawSync(bytes, { level, finishFlush: last ? constants.Z_FINISH : constants.Z_FULL_FLUSH })
}

/** Gzip member header: deflate, no name or extra fields, no time, unknown OS (RFC 1952). */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xff])
/** An empty final fixed-Huffman block: the end of the deflate stream, after the last piece's flush. */
const FINAL_BLOCK = Buffer.from([0x03, 0x00])

/** A non-final stored deflate block (RFC 1951 3.2.4); it starts on a byte boundary after a full flush. */
function storedBlock(data: Buffer): Buffer {
  if (data.length > 0xffff) throw new RangeError('a stored block holds at most 65535 bytes')
  const head = Buffer.alloc(5)
  head[0] = 0x00
  head.writeUInt16LE(data.length, 1)
  head.writeUInt16LE(~data.length & 0xffff, 3)
  return Buffer.concat([head, data])
}

/** Whether Accept-Encoding allows gzip (by name or `*`, with a q-value above 0). */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  if (!header) return false
  const text = Array.isArray(header) ? header.join(',') : header
  let gzip: number | undefined
  let any: number | undefined
  for (const entry of text.split(',')) {
    const [name = '', ...params] = entry.trim().toLowerCase().split(';')
    const q = params.map((p) => /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined)
    const weight = q === undefined ? 1 : Number(q)
    if (name === 'gzip' || name === 'x-gzip') gzip = weight
    else if (name === '*') any = weight
  }
  return (gzip ?? any ?? 0) > 0
}
