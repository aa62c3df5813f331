/**
 * A QR code encoder (ISO/IEC 18004, model 2), pure and dependency-free, for the payment hand-offs'
 * "scan with your phone" image. Only what a link needs: one byte-mode segment (UTF-8, with an
 * ECI 26 header when the text is not plain ASCII), error correction L/M/Q/H (M by default), the
 * smallest version 1..40 that holds the text, and the mask with the lowest penalty.
 *
 *   encodeQr(text, { ecc })  -> the module matrix, [row][column], true = dark, no quiet zone
 *   qrSvg(matrix)            -> a compact SVG (one <path>, crispEdges, white background)
 *   qrDataUri(text)          -> data:image/svg+xml;base64,... for an <img src>
 */

export type QrEcc = 'L' | 'M' | 'Q' | 'H'
export type QrMatrix = boolean[][]

export const QR_MIN_VERSION = 1
export const QR_MAX_VERSION = 40

export class QrTooLongError extends Error {
  constructor(
    readonly bytes: number,
    readonly ecc: QrEcc,
  ) {
    super(`QR: ${bytes} bytes do not fit in a version ${QR_MAX_VERSION} code at error correction ${ecc} (at most ${maxBytes(ecc)})`)
    this.name = 'QrTooLongError'
  }
}

// ---------------------------------------------------------------------------------------------
// Tables of the standard (ISO/IEC 18004 table 9): per version 1..40, the error correction
// codewords of each block and the number of blocks, for each level.

const EC_PER_BLOCK: Record<QrEcc, readonly number[]> = {
  L: [7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28, 28, 28, 30, 30, 26, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
  M: [10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26, 26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28],
  Q: [13, 22, 18, 26, 18, 24, 18, 22, 20, 24, 28, 26, 24, 20, 30, 24, 28, 28, 26, 30, 28, 30, 30, 30, 30, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
  H: [17, 28, 22, 16, 22, 28, 26, 26, 24, 28, 24, 28, 22, 24, 24, 30, 28, 28, 26, 28, 30, 24, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
}

const BLOCKS: Record<QrEcc, readonly number[]> = {
  L: [1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8, 8, 9, 9, 10, 12, 12, 12, 13, 14, 15, 16, 17, 18, 19, 19, 20, 21, 22, 24, 25],
  M: [1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49],
  Q: [1, 1, 2, 2, 4, 4, 6, 6, 8, 8, 8, 10, 12, 16, 12, 17, 16, 18, 21, 20, 23, 23, 25, 27, 29, 34, 34, 35, 38, 40, 43, 45, 48, 51, 53, 56, 59, 62, 65, 68],
  H: [1, 1, 2, 4, 4, 4, 5, 6, 8, 8, 11, 11, 16, 16, 18, 16, 19, 21, 25, 25, 25, 34, 30, 32, 35, 37, 40, 42, 45, 48, 51, 54, 57, 60, 63, 66, 70, 74, 77, 81],
}

/** The two bits of each level in the format information. */
const ECC_FORMAT_BITS: Record<QrEcc, number> = { L: 0b01, M: 0b00, Q: 0b11, H: 0b10 }

const BYTE_MODE = 0b0100
const ECI_MODE = 0b0111
const ECI_UTF8 = 26

export function qrSize(version: number): number {
  return 17 + 4 * version
}

/** Centres of the alignment patterns on each axis (annex E): 6, then evenly spaced up to size - 7. */
export function alignmentCentres(version: number): number[] {
  if (version < 2) return []
  const count = Math.floor(version / 7) + 2
  const last = qrSize(version) - 7
  // The spacing is the even number that spreads the patterns from the far edge; the standard picked 26 for version 32.
  const step = version === 32 ? 26 : Math.ceil((last - 6) / (count - 1) / 2) * 2
  const centres = [6]
  for (let i = count - 2; i >= 0; i--) centres.push(last - i * step)
  return centres
}

// ---------------------------------------------------------------------------------------------
// Function patterns. A "grid" is built once per version: which modules are function modules
// (finders, separators, timing, alignment, format and version areas, the dark module) and their
// colours; everything else carries data.

interface Grid {
  size: number
  dark: boolean[][]
  reserved: boolean[][]
}

function emptyGrid(size: number): Grid {
  const plane = () => Array.from({ length: size }, () => new Array<boolean>(size).fill(false))
  return { size, dark: plane(), reserved: plane() }
}

function put(grid: Grid, row: number, col: number, dark: boolean): void {
  grid.dark[row]![col] = dark
  grid.reserved[row]![col] = true
}

function drawFunctionPatterns(grid: Grid, version: number): void {
  const { size } = grid
  // Finders with their light separators: the 9x9 area around each corner's 7x7 finder, clipped.
  for (const [top, left] of [
    [0, 0],
    [0, size - 7],
    [size - 7, 0],
  ] as const) {
    for (let r = -1; r <= 7; r++) {
      for (let c = -1; c <= 7; c++) {
        const row = top + r
        const col = left + c
        if (row < 0 || col < 0 || row >= size || col >= size) continue
        const ring = Math.max(Math.abs(r - 3), Math.abs(c - 3))
        put(grid, row, col, ring !== 2 && ring !== 4)
      }
    }
  }
  // Timing lines on row 6 and column 6.
  for (let i = 8; i < size - 8; i++) {
    put(grid, 6, i, i % 2 === 0)
    put(grid, i, 6, i % 2 === 0)
  }
  // Alignment patterns at every pair of centres except where a finder sits.
  const centres = alignmentCentres(version)
  const first = centres[0]
  const last = centres[centres.length - 1]
  for (const row of centres) {
    for (const col of centres) {
      // Not over the three finders (the timing lines they cross are redrawn the same).
      if ((row === first && (col === first || col === last)) || (row === last && col === first)) continue
      for (let r = -2; r <= 2; r++) for (let c = -2; c <= 2; c++) put(grid, row + r, col + c, Math.max(Math.abs(r), Math.abs(c)) !== 1)
    }
  }
  // Reserve the format areas (filled in per mask) and draw the always-dark module.
  drawFormat(grid, 0)
  put(grid, size - 8, 8, true)
  if (version >= 7) drawVersion(grid, version)
}

/** Remainder of `value` (already shifted left by the generator's degree) divided by `generator` over GF(2). */
function bchRemainder(value: number, generator: number): number {
  const highest = (x: number) => 31 - Math.clz32(x)
  const degree = highest(generator)
  let rest = value
  for (let bit = highest(rest); bit >= degree; bit--) {
    if ((rest >>> bit) & 1) rest ^= generator << (bit - degree)
  }
  return rest
}

/** The 15 format bits: level and mask, BCH(15,5) protected, XOR 101010000010010. */
export function formatBits(ecc: QrEcc, mask: number): number {
  const data = (ECC_FORMAT_BITS[ecc] << 3) | mask
  return ((data << 10) | bchRemainder(data << 10, 0b10100110111)) ^ 0b101010000010010
}

/** The 18 version bits (version >= 7): version, BCH(18,6) protected. */
export function versionBits(version: number): number {
  return (version << 12) | bchRemainder(version << 12, 0b1111100100101)
}

/**
 * Where the format bits go. Bit 14 is the most significant. Copy one wraps the top-left finder
 * (down column 8, then left along row 8, stepping over the timing line); copy two is split
 * between below the top-right finder (row 8) and beside the bottom-left finder (column 8).
 */
function formatPositions(size: number): { first: Array<[number, number]>; second: Array<[number, number]> } {
  const first: Array<[number, number]> = []
  const second: Array<[number, number]> = []
  // Bits 0..7: column 8, rows 0..8 without the timing row; bits 8..14: row 8, columns 7..0 without the timing column.
  for (const row of [0, 1, 2, 3, 4, 5, 7, 8]) first.push([row, 8])
  for (const col of [7, 5, 4, 3, 2, 1, 0]) first.push([8, col])
  // Bits 0..7: row 8 from the right edge leftwards; bits 8..14: column 8, rows size-7..size-1.
  for (let i = 0; i < 8; i++) second.push([8, size - 1 - i])
  for (let i = 8; i < 15; i++) second.push([size - 15 + i, 8])
  return { first, second }
}

function drawFormat(grid: Grid, bits: number): void {
  const { first, second } = formatPositions(grid.size)
  for (let i = 0; i < 15; i++) {
    const dark = ((bits >>> i) & 1) === 1
    put(grid, first[i]![0], first[i]![1], dark)
    put(grid, second[i]![0], second[i]![1], dark)
  }
}

/** Two 6x3 blocks: above the bottom-left finder and left of the top-right one (its transpose). */
function drawVersion(grid: Grid, version: number): void {
  const bits = versionBits(version)
  for (let i = 0; i < 18; i++) {
    const dark = ((bits >>> i) & 1) === 1
    const across = Math.floor(i / 3)
    const along = grid.size - 11 + (i % 3)
    put(grid, along, across, dark)
    put(grid, across, along, dark)
  }
}

const templates = new Map<number, Grid>()

function template(version: number): Grid {
  let grid = templates.get(version)
  if (!grid) {
    grid = emptyGrid(qrSize(version))
    drawFunctionPatterns(grid, version)
    templates.set(version, grid)
  }
  return grid
}

/** How many codewords a version holds in all (data and error correction): its data modules over 8. */
export function totalCodewords(version: number): number {
  const { reserved } = template(version)
  let free = 0
  for (const row of reserved) for (const r of row) if (!r) free++
  return Math.floor(free / 8)
}

export function dataCodewords(version: number, ecc: QrEcc): number {
  return totalCodewords(version) - EC_PER_BLOCK[ecc][version - 1]! * BLOCKS[ecc][version - 1]!
}

function countBits(version: number): number {
  return version <= 9 ? 8 : 16
}

function maxBytes(ecc: QrEcc): number {
  return Math.floor((dataCodewords(QR_MAX_VERSION, ecc) * 8 - 4 - countBits(QR_MAX_VERSION)) / 8)
}

// ---------------------------------------------------------------------------------------------
// Reed–Solomon over GF(256), field polynomial x^8 + x^4 + x^3 + x^2 + 1, generator roots α^0..α^(n-1).

const EXP = new Uint8Array(512)
const LOG = new Uint8Array(256)
{
  let x = 1
  for (let i = 0; i < 255; i++) {
    EXP[i] = x
    LOG[x] = i
    x <<= 1
    if (x & 0x100) x ^= 0x11d
  }
  for (let i = 255; i < 512; i++) EXP[i] = EXP[i - 255]!
}

function gfMul(a: number, b: number): number {
  return a === 0 || b === 0 ? 0 : EXP[LOG[a]! + LOG[b]!]!
}

/** Coefficients of prod (x - α^i), i < degree, highest power first, the leading 1 left out. */
function rsGenerator(degree: number): number[] {
  let poly = [1]
  for (let i = 0; i < degree; i++) {
    const next = new Array<number>(poly.length + 1).fill(0)
    for (let j = 0; j < poly.length; j++) {
      next[j]! ^= poly[j]!
      next[j + 1]! ^= gfMul(poly[j]!, EXP[i]!)
    }
    poly = next
  }
  return poly.slice(1)
}

/** The error correction codewords of one block: the remainder of data·x^n divided by the generator. */
export function rsRemainder(data: readonly number[], degree: number): number[] {
  const generator = rsGenerator(degree)
  const rest = new Array<number>(degree).fill(0)
  for (const byte of data) {
    const factor = byte ^ rest.shift()!
    rest.push(0)
    for (let i = 0; i < degree; i++) rest[i]! ^= gfMul(generator[i]!, factor)
  }
  return rest
}

// ---------------------------------------------------------------------------------------------
// Data: the bit stream, its blocks and their interleaving.

class Bits {
  readonly bits: number[] = []
  push(value: number, length: number): void {
    for (let i = length - 1; i >= 0; i--) this.bits.push((value >>> i) & 1)
  }
}

function needsEci(bytes: Uint8Array): boolean {
  return bytes.some((b) => b >= 0x80)
}

function bitsNeeded(bytes: Uint8Array, version: number): number {
  return (needsEci(bytes) ? 12 : 0) + 4 + countBits(version) + 8 * bytes.length
}

/** The smallest version that holds `bytes` at `ecc`, or null when none does. */
export function chooseVersion(bytes: Uint8Array, ecc: QrEcc): number | null {
  for (let v = QR_MIN_VERSION; v <= QR_MAX_VERSION; v++) {
    if (countBits(v) === 8 && bytes.length > 0xff) continue
    if (bitsNeeded(bytes, v) <= dataCodewords(v, ecc) * 8) return v
  }
  return null
}

function dataStream(bytes: Uint8Array, version: number, ecc: QrEcc): number[] {
  const capacity = dataCodewords(version, ecc) * 8
  const out = new Bits()
  if (needsEci(bytes)) {
    out.push(ECI_MODE, 4)
    out.push(ECI_UTF8, 8)
  }
  out.push(BYTE_MODE, 4)
  out.push(bytes.length, countBits(version))
  for (const b of bytes) out.push(b, 8)
  out.push(0, Math.min(4, capacity - out.bits.length))
  out.push(0, (8 - (out.bits.length % 8)) % 8)
  const codewords: number[] = []
  for (let i = 0; i < out.bits.length; i += 8) codewords.push(out.bits.slice(i, i + 8).reduce((acc, bit) => (acc << 1) | bit, 0))
  for (let pad = 0; codewords.length < capacity / 8; pad ^= 1) codewords.push(pad ? 0x11 : 0xec)
  return codewords
}

/** Split into blocks (the shorter ones first), add each block's ECC, and interleave column by column. */
function interleave(data: number[], version: number, ecc: QrEcc): number[] {
  const blockCount = BLOCKS[ecc][version - 1]!
  const ecLength = EC_PER_BLOCK[ecc][version - 1]!
  const shortLength = Math.floor(data.length / blockCount)
  const longBlocks = data.length % blockCount
  const blocks: number[][] = []
  let at = 0
  for (let b = 0; b < blockCount; b++) {
    const length = shortLength + (b >= blockCount - longBlocks ? 1 : 0)
    blocks.push(data.slice(at, at + length))
    at += length
  }
  const out: number[] = []
  for (let i = 0; i <= shortLength; i++) for (const block of blocks) if (i < block.length) out.push(block[i]!)
  const ecBlocks = blocks.map((block) => rsRemainder(block, ecLength))
  for (let i = 0; i < ecLength; i++) for (const block of ecBlocks) out.push(block[i]!)
  return out
}

/** Lay the codewords' bits in the two-column zigzag from the bottom right, skipping function modules. */
function placeData(grid: Grid, codewords: number[]): boolean[][] {
  const { size, reserved } = grid
  const dark = grid.dark.map((row) => row.slice())
  const total = codewords.length * 8
  let bit = 0
  let upwards = true
  for (let right = size - 1; right > 0; right -= 2) {
    if (right === 6) right = 5 // the vertical timing line takes a whole column
    for (let step = 0; step < size; step++) {
      const row = upwards ? size - 1 - step : step
      for (const col of [right, right - 1]) {
        if (reserved[row]![col]) continue
        // Remainder bits past the last codeword stay light.
        dark[row]![col] = bit < total && ((codewords[bit >>> 3]! >>> (7 - (bit & 7))) & 1) === 1
        bit++
      }
    }
    upwards = !upwards
  }
  return dark
}

// ---------------------------------------------------------------------------------------------
// Masks and their penalty.

const MASKS: ReadonlyArray<(row: number, col: number) => boolean> = [
  (r, c) => (r + c) % 2 === 0,
  (r) => r % 2 === 0,
  (_r, c) => c % 3 === 0,
  (r, c) => (r + c) % 3 === 0,
  (r, c) => (Math.floor(r / 2) + Math.floor(c / 3)) % 2 === 0,
  (r, c) => ((r * c) % 2) + ((r * c) % 3) === 0,
  (r, c) => (((r * c) % 2) + ((r * c) % 3)) % 2 === 0,
  (r, c) => (((r + c) % 2) + ((r * c) % 3)) % 2 === 0,
]

function applyMask(grid: Grid, placed: boolean[][], mask: number, ecc: QrEcc): QrMatrix {
  const test = MASKS[mask]!
  const out = placed.map((row, r) => row.map((dark, c) => (grid.reserved[r]![c] ? dark : dark !== test(r, c))))
  const withFormat: Grid = { size: grid.size, dark: out, reserved: grid.reserved.map((row) => row.slice()) }
  drawFormat(withFormat, formatBits(ecc, mask))
  return withFormat.dark
}

/** A finder-like 1:1:3:1:1 run with four light modules on one side, either way round. */
const FINDER_LIKE = [
  [true, false, true, true, true, false, true, false, false, false, false],
  [false, false, false, false, true, false, true, true, true, false, true],
]

/**
 * The standard's penalty (lower is better): N1 runs of five or more of one colour in a row or
 * column (3 + each module past five), N2 each 2x2 square of one colour (3), N3 each finder-like
 * pattern (40; outside the symbol counts as light, as the quiet zone is), N4 10 for each full 5%
 * the dark share is away from 50%.
 */
export function qrPenalty(matrix: QrMatrix): number {
  const size = matrix.length
  const at = (r: number, c: number, transposed: boolean): boolean => {
    const [row, col] = transposed ? [c, r] : [r, c]
    return row >= 0 && col >= 0 && row < size && col < size && matrix[row]![col]!
  }
  let penalty = 0
  for (const transposed of [false, true]) {
    for (let r = 0; r < size; r++) {
      let run = 1
      for (let c = 1; c <= size; c++) {
        if (c < size && at(r, c, transposed) === at(r, c - 1, transposed)) {
          run++
          continue
        }
        if (run >= 5) penalty += 3 + run - 5
        run = 1
      }
      for (let c = -4; c < size; c++) {
        for (const pattern of FINDER_LIKE) if (pattern.every((dark, k) => at(r, c + k, transposed) === dark)) penalty += 40
      }
    }
  }
  let dark = 0
  for (let r = 0; r < size; r++) {
    for (let c = 0; c < size; c++) {
      const d = matrix[r]![c]!
      if (d) dark++
      if (r + 1 < size && c + 1 < size && matrix[r]![c + 1] === d && matrix[r + 1]![c] === d && matrix[r + 1]![c + 1] === d) penalty += 3
    }
  }
  penalty += Math.floor(Math.abs(dark * 20 - size * size * 10) / (size * size)) * 10
  return penalty
}

// ---------------------------------------------------------------------------------------------

export interface QrOptions {
  /** Error correction level; M (about 15% of the symbol may be lost) by default. */
  ecc?: QrEcc
  /** Force a mask 0..7 (tests); by default the one with the lowest penalty. */
  mask?: number
}

export interface QrCode {
  version: number
  ecc: QrEcc
  mask: number
  matrix: QrMatrix
}

/** Encode `text` as UTF-8 bytes; the version, mask and matrix. Throws QrTooLongError when it does not fit. */
export function encodeQrCode(text: string, options: QrOptions = {}): QrCode {
  const ecc = options.ecc ?? 'M'
  if (options.mask !== undefined && !(Number.isInteger(options.mask) && options.mask >= 0 && options.mask < 8)) {
    throw new RangeError(`QR: mask ${options.mask} is not 0..7`)
  }
  const bytes = new TextEncoder().encode(text)
  const version = chooseVersion(bytes, ecc)
  if (version === null) throw new QrTooLongError(bytes.length, ecc)
  const grid = template(version)
  const placed = placeData(grid, interleave(dataStream(bytes, version, ecc), version, ecc))
  const masks = options.mask === undefined ? [0, 1, 2, 3, 4, 5, 6, 7] : [options.mask]
  let best: QrCode | null = null
  let bestPenalty = Infinity
  for (const mask of masks) {
    const matrix = applyMask(grid, placed, mask, ecc)
    const penalty = masks.length === 1 ? 0 : qrPenalty(matrix)
    if (penalty < bestPenalty) {
      best = { version, ecc, mask, matrix }
      bestPenalty = penalty
    }
  }
  return best!
}

/** The module matrix of `text`: [row][column], true = dark, without the quiet zone. */
export function encodeQr(text: string, options: QrOptions = {}): QrMatrix {
  return encodeQrCode(text, options).matrix
}

/** An SVG of the matrix: a white square and one path of the dark modules, a run of each row per subpath. */
export function qrSvg(matrix: QrMatrix, { quietZone = 4 }: { quietZone?: number } = {}): string {
  const side = matrix.length + 2 * quietZone
  let d = ''
  matrix.forEach((row, r) => {
    for (let c = 0; c < row.length; c++) {
      if (!row[c]) continue
      const start = c
      while (c + 1 < row.length && row[c + 1]) c++
      d += `M${start + quietZone} ${r + quietZone}h${c - start + 1}v1h-${c - start + 1}z`
    }
  })
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${side} ${side}" width="${side * 4}" height="${side * 4}" shape-rendering="crispEdges">` +
    `<rect width="${side}" height="${side}" fill="#fff"/><path fill="#000" d="${d}"/></svg>`
  )
}

/** `text` as a QR code in a data: URI, for <img src> (the CSP allows img-src data:). */
export function qrDataUri(text: string, options: QrOptions = {}): string {
  return `data:image/svg+xml;base64,${btoa(qrSvg(encodeQr(text, options)))}`
}
