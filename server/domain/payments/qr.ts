import QRCode from 'qrcode'

/**
 * QR codes for the payment hand-offs' "scan with your phone" image. The symbol (ISO/IEC 18004:
 * version, error correction, masking) comes from the qrcode package
 * (docs/decisions/006-well-kept-libraries.md); drawing it as a small SVG stays here, because
 * qrcode's renderers are asynchronous and the hand-off builds its page synchronously.
 *
 *   encodeQr(text, { ecc })  -> the module matrix, [row][column], true = dark, no quiet zone
 *   qrSvg(matrix)            -> a compact SVG (one <path>, crispEdges, white background)
 *   qrDataUri(text)          -> data:image/svg+xml;base64,... for an <img src>
 *
 * The text goes in one byte-mode segment of its UTF-8 bytes, so the symbol's size depends only on
 * the byte count, and the smallest version 1..40 that holds it is used.
 */

export type QrEcc = 'L' | 'M' | 'Q' | 'H'
export type QrMatrix = boolean[][]

export const QR_MIN_VERSION = 1
export const QR_MAX_VERSION = 40

/** Byte-mode capacity of version 40 at each level (ISO/IEC 18004 table 7). */
const MAX_BYTES: Record<QrEcc, number> = { L: 2953, M: 2331, Q: 1663, H: 1273 }

export class QrTooLongError extends Error {
  constructor(
    readonly bytes: number,
    readonly ecc: QrEcc,
  ) {
    super(`QR: ${bytes} bytes do not fit in a version ${QR_MAX_VERSION} code at error correction ${ecc} (at most ${MAX_BYTES[ecc]})`)
    this.name = 'QrTooLongError'
  }
}

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
  const { mask } = options
  if (mask !== undefined && !(Number.isInteger(mask) && mask >= 0 && mask < 8)) {
    throw new RangeError(`QR: mask ${mask} is not 0..7`)
  }
  const bytes = new TextEncoder().encode(text)
  // Checked here so that the error names the limit; qrcode's own says only "too big".
  if (bytes.length > MAX_BYTES[ecc]) throw new QrTooLongError(bytes.length, ecc)
  const code = QRCode.create([{ mode: 'byte', data: bytes }], {
    errorCorrectionLevel: ecc,
    ...(mask !== undefined ? { maskPattern: mask as QRCode.QRCodeMaskPattern } : {}),
  })
  const { size, data } = code.modules
  const matrix = Array.from({ length: size }, (_, r) => Array.from({ length: size }, (_, c) => data[r * size + c] === 1))
  return { version: code.version, ecc, mask: code.maskPattern ?? mask ?? 0, matrix }
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
