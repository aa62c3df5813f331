/**
 * CRC-32 (the gzip one) of a concatenation from the CRCs of its parts, as zlib's crc32_combine
 * does it: multiplying by x^(8·length) modulo the CRC polynomial, in reflected bit order. A stored
 * page's pieces never change, so their CRCs are computed once; an answer then costs a CRC of its
 * nonce and a few multiplications instead of a pass over the whole page.
 */
const POLY = 0xedb88320

/** a · b modulo the polynomial (both reflected, x^0 in the top bit). */
function multiplyModP(a: number, b: number): number {
  let m = 0x80000000
  let p = 0
  for (;;) {
    if (a & m) {
      p ^= b
      if ((a & (m - 1)) === 0) break
    }
    m >>>= 1
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1
  }
  return p >>> 0
}

// X2N[k] = x^(2^k) modulo the polynomial.
const X2N: number[] = [0x40000000]
for (let k = 1; k < 32; k++) X2N.push(multiplyModP(X2N[k - 1]!, X2N[k - 1]!))

/** x^(8·length) modulo the polynomial: what appending `length` bytes multiplies a CRC by. */
export function crc32Shift(length: number): number {
  let p = 0x80000000
  let k = 3
  let n = length
  while (n > 0) {
    if (n & 1) p = multiplyModP(X2N[k & 31]!, p)
    n = Math.floor(n / 2)
    k++
  }
  return p >>> 0
}

/** The CRC-32 of A followed by B, from crc(A), crc(B) and crc32Shift(length of B). */
export function crc32Combine(crcA: number, crcB: number, shiftB: number): number {
  return (multiplyModP(shiftB, crcA) ^ crcB) >>> 0
}
