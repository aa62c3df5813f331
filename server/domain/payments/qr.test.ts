import jsQR from 'jsqr'
import { describe, expect, it } from 'vitest'
import { encodeQr, encodeQrCode, qrDataUri, qrSvg, QrTooLongError, type QrEcc, type QrMatrix } from './qr'
import { SANDBOX_PHONE_PATH } from './sandbox/provider'

const LEVELS: QrEcc[] = ['L', 'M', 'Q', 'H']

/** Draw the matrix as an RGBA image (4-module quiet zone, `scale` px a module) and read it back with jsQR. */
function scan(matrix: QrMatrix, scale = 4): { text: string; bytes: number[]; version: number } | null {
  const quiet = 4
  const side = (matrix.length + 2 * quiet) * scale
  const pixels = new Uint8ClampedArray(side * side * 4).fill(255)
  matrix.forEach((row, r) =>
    row.forEach((dark, c) => {
      if (!dark) return
      for (let y = 0; y < scale; y++) {
        for (let x = 0; x < scale; x++) {
          const at = (((r + quiet) * scale + y) * side + (c + quiet) * scale + x) * 4
          pixels[at] = pixels[at + 1] = pixels[at + 2] = 0
        }
      }
    }),
  )
  const found = jsQR(pixels, side, side, { inversionAttempts: 'dontInvert' })
  return found ? { text: found.data, bytes: found.binaryData, version: found.version } : null
}

/** Byte-mode capacity of versions 1..10 at M (ISO/IEC 18004 table 7). */
const BYTES_AT_M = [14, 26, 42, 62, 84, 106, 122, 152, 180, 213]

/** Data codewords of versions 1..40 at each level (ISO/IEC 18004 table 9). */
const DATA_CODEWORDS: Record<QrEcc, readonly number[]> = {
  L: [19, 34, 55, 80, 108, 136, 156, 194, 232, 274, 324, 370, 428, 461, 523, 589, 647, 721, 795, 861, 932, 1006, 1094, 1174, 1276, 1370, 1468, 1531, 1631, 1735, 1843, 1955, 2071, 2191, 2306, 2434, 2566, 2702, 2812, 2956],
  M: [16, 28, 44, 64, 86, 108, 124, 154, 182, 216, 254, 290, 334, 365, 415, 453, 507, 563, 627, 669, 714, 782, 860, 914, 1000, 1062, 1128, 1193, 1267, 1373, 1455, 1541, 1631, 1725, 1812, 1914, 1992, 2102, 2216, 2334],
  Q: [13, 22, 34, 48, 62, 76, 88, 110, 132, 154, 180, 206, 244, 261, 295, 325, 367, 397, 445, 485, 512, 568, 614, 664, 718, 754, 808, 871, 911, 985, 1033, 1115, 1171, 1231, 1286, 1354, 1426, 1502, 1582, 1666],
  H: [9, 16, 26, 36, 46, 60, 66, 86, 100, 122, 140, 158, 180, 197, 223, 253, 283, 313, 341, 385, 406, 442, 464, 514, 538, 596, 628, 661, 701, 745, 793, 845, 901, 961, 986, 1054, 1096, 1142, 1222, 1276],
}

/** The 18-bit version information (ISO/IEC 18004 annex D) of the versions read back below. */
const VERSION_BITS: Record<number, number> = { 8: 0x085bc, 17: 0x1145d, 26: 0x1afab }

describe('QR encoder', () => {
  it('encodes short ASCII that a reader decodes exactly', () => {
    const code = encodeQrCode('Hello, world!')
    expect(code.version).toBe(1)
    expect(code.matrix).toHaveLength(21)
    expect(code.matrix.every((row) => row.length === 21)).toBe(true)
    expect(scan(code.matrix)).toMatchObject({ text: 'Hello, world!', version: 1 })
  })

  it('encodes the sandbox phone hand-off link', () => {
    expect(SANDBOX_PHONE_PATH).toBe('/sandbox/phone')
    const links = [
      `http://localhost:3000${SANDBOX_PHONE_PATH}/ptx_Ab3dEf6hIj9lMn0p?code=abcdefghijklmnopqrstuvwx`,
      `http://localhost:3000${SANDBOX_PHONE_PATH}/3f1c2a9e-8b7d-4c6e-9a0b-1d2e3f4a5b6c?code=Z9y8-X7w6_V5u4T3s2R1q0Pp`,
      `https://casino.example${SANDBOX_PHONE_PATH}/ptx_Ab3dEf6hIj9lMn0p?code=abcdefghijklmnopqrstuvwx`,
    ]
    for (const link of links) {
      const code = encodeQrCode(link)
      // 85..106 bytes: version 6 at M (41 modules), easy to scan off a laptop screen.
      expect(code.version).toBe(6)
      expect(scan(code.matrix)?.text).toBe(link)
    }
  })

  it('encodes UTF-8 text byte for byte', () => {
    const text = 'Zahlung bestätigt — 100 € · 支付 ✓ 🎰'
    const code = encodeQrCode(text)
    const read = scan(code.matrix)
    expect(read?.bytes).toEqual([...new TextEncoder().encode(text)])
    expect(read?.text).toBe(text)
  })

  it('picks the smallest version that fits, across versions 1..10', () => {
    BYTES_AT_M.forEach((capacity, i) => {
      const version = i + 1
      const full = 'x'.repeat(capacity)
      const code = encodeQrCode(full)
      expect(code.version, `${capacity} bytes`).toBe(version)
      expect(scan(code.matrix)?.text, `version ${version}`).toBe(full)
      expect(encodeQrCode(`${full}y`).version, `${capacity + 1} bytes`).toBe(version + 1)
    })
  })

  it('writes version information from version 7 up and reads back large codes', () => {
    for (const [length, version] of [
      [123, 8],
      [500, 17],
      [1000, 26],
    ] as const) {
      const text = Array.from({ length }, (_, i) => String.fromCharCode(33 + ((i * 7) % 94))).join('')
      const code = encodeQrCode(text)
      expect(code.version).toBe(version)
      expect(scan(code.matrix, 3)?.text).toBe(text)
      // The two version blocks are each other's transpose and hold versionBits(version).
      const size = code.matrix.length
      let bits = 0
      for (let i = 17; i >= 0; i--) {
        const a = code.matrix[size - 11 + (i % 3)]![Math.floor(i / 3)]!
        const b = code.matrix[Math.floor(i / 3)]![size - 11 + (i % 3)]!
        expect(a).toBe(b)
        bits = (bits << 1) | (a ? 1 : 0)
      }
      expect(bits).toBe(VERSION_BITS[version])
    }
  })

  it('fills every version 1..40 at every level to capacity and reads each back (checks the block tables)', () => {
    for (const ecc of LEVELS) {
      for (let version = 1; version <= 40; version++) {
        // The most bytes the version holds: mode and count bits, then 8 bits a byte.
        const bytes = Math.floor((DATA_CODEWORDS[ecc][version - 1]! * 8 - 4 - (version <= 9 ? 8 : 16)) / 8)
        const text = Array.from({ length: bytes }, (_, i) => String.fromCharCode(97 + ((i * 5 + version) % 26))).join('')
        const code = encodeQrCode(text, { ecc, mask: version % 8 })
        expect(code.version, `${version}-${ecc}`).toBe(version)
        if (version < 40) expect(encodeQrCode(`${text}z`, { ecc, mask: 0 }).version, `${bytes + 1} bytes at ${ecc}`).toBe(version + 1)
        // jsQR has version 23's fourth alignment centre at 74 where the standard (and qrcode) put 78
        // (cozmo/jsQR#251), so it misreads every version-23 symbol; its centres are checked above.
        if (version === 23) continue
        const read = scan(code.matrix, 2)
        expect(read?.version, `${version}-${ecc}`).toBe(version)
        expect(read?.text, `${version}-${ecc}`).toBe(text)
      }
    }
    // 160 symbols up to 177 modules a side: a few seconds alone, more on a busy machine.
  }, 60_000)

  it('encodes at each error correction level, the stronger ones in larger versions', () => {
    const text = 'https://casino.example/sandbox/phone/ptx_Ab3dEf6hIj9lMn0p?code=abcdefghijklmnopqrstuvwx'
    const versions = LEVELS.map((ecc) => {
      const code = encodeQrCode(text, { ecc })
      expect(scan(code.matrix)?.text, ecc).toBe(text)
      return code.version
    })
    // 87 bytes: 5-L holds 106, 6-M 106, 7-Q 86 (too few) so 8-Q, 8-H 84 (too few) so 9-H.
    expect(versions).toEqual([5, 6, 8, 9])
  })

  it('reads back under every mask, and picks one by itself', () => {
    const text = 'Mask check 0123456789'
    const matrices = Array.from({ length: 8 }, (_, mask) => {
      const code = encodeQrCode(text, { mask })
      expect(code.mask).toBe(mask)
      expect(scan(code.matrix)?.text, `mask ${mask}`).toBe(text)
      return JSON.stringify(code.matrix)
    })
    // The masks really differ, and the one chosen is one of them.
    expect(new Set(matrices).size).toBe(8)
    const chosen = encodeQrCode(text)
    expect(matrices[chosen.mask]).toBe(JSON.stringify(chosen.matrix))
    expect(() => encodeQrCode(text, { mask: 8 })).toThrow(RangeError)
  })

  it('refuses text too long for version 40 with a clear error', () => {
    expect(encodeQrCode('a'.repeat(2331)).version).toBe(40)
    expect(() => encodeQr('a'.repeat(2332))).toThrow(QrTooLongError)
    expect(() => encodeQr('a'.repeat(2332))).toThrow(/2332 bytes do not fit in a version 40 code at error correction M \(at most 2331\)/)
    expect(() => encodeQr('a'.repeat(3000), { ecc: 'L' })).toThrow(/at most 2953/)
  })

  it('draws a compact SVG and a data: URI that hold the same modules', () => {
    const matrix = encodeQr('svg')
    const svg = qrSvg(matrix)
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 29 29"/)
    expect(svg).toContain('shape-rendering="crispEdges"')
    expect(svg).toContain('<rect width="29" height="29" fill="#fff"/>')
    expect(svg.match(/<path /g)).toHaveLength(1)
    // Paint the path's runs back into a grid: exactly the dark modules, offset by the quiet zone.
    const painted = Array.from({ length: 21 }, () => new Array<boolean>(21).fill(false))
    for (const [, x, y, w] of svg.matchAll(/M(\d+) (\d+)h(\d+)v1h-\3z/g)) {
      for (let i = 0; i < Number(w); i++) painted[Number(y) - 4]![Number(x) - 4 + i] = true
    }
    expect(painted).toEqual(matrix)
    expect(qrSvg(matrix, { quietZone: 0 })).toContain('viewBox="0 0 21 21"')
    const uri = qrDataUri('svg')
    expect(uri.startsWith('data:image/svg+xml;base64,')).toBe(true)
    expect(Buffer.from(uri.slice(uri.indexOf(',') + 1), 'base64').toString('utf8')).toBe(svg)
  })
})
