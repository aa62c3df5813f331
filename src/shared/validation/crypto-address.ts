// Crypto withdrawal addresses (the cashier's crypto method). The SPEC §5 list has no
// crypto rule; this one follows its pattern (pure, shared by the form and the server). Checks are
// the ones that need no hash function beyond what fits here: the network's alphabet and length,
// and for Bitcoin bech32/bech32m addresses the BCH checksum (BIP 173 / BIP 350). Base58Check
// (legacy Bitcoin, Tron) and EIP-55 mixed-case checksums need SHA-256 / Keccak; the payment
// provider checks those before paying out, and a refused address fails the withdrawal, not money.

export type CryptoNetwork = 'bitcoin' | 'ethereum' | 'tron'

const BASE58 = /^[1-9A-HJ-NP-Za-km-z]+$/
const BECH32_CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l'
const BECH32_CONST = 1
const BECH32M_CONST = 0x2bc830a3

function polymod(values: number[]): number {
  const gen = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3]
  let chk = 1
  for (const v of values) {
    const top = chk >>> 25
    chk = ((chk & 0x1ffffff) << 5) ^ v
    for (let i = 0; i < 5; i++) if ((top >>> i) & 1) chk ^= gen[i]!
  }
  return chk >>> 0
}

function hrpExpand(hrp: string): number[] {
  const out: number[] = []
  for (const c of hrp) out.push(c.charCodeAt(0) >> 5)
  out.push(0)
  for (const c of hrp) out.push(c.charCodeAt(0) & 31)
  return out
}

/** A segwit address with the 'bc' prefix: bech32 for version 0, bech32m for 1 to 16 (BIP 350). */
export function isBech32BitcoinAddress(address: string): boolean {
  if (address !== address.toLowerCase() && address !== address.toUpperCase()) return false
  const text = address.toLowerCase()
  const sep = text.lastIndexOf('1')
  if (sep < 1 || text.slice(0, sep) !== 'bc' || text.length > 90 || text.length - sep - 1 < 7) return false
  const data: number[] = []
  for (const c of text.slice(sep + 1)) {
    const v = BECH32_CHARSET.indexOf(c)
    if (v < 0) return false
    data.push(v)
  }
  const version = data[0]!
  if (version > 16) return false
  const check = polymod([...hrpExpand('bc'), ...data])
  if (check !== (version === 0 ? BECH32_CONST : BECH32M_CONST)) return false
  // The program (data without version and 6 checksum symbols), as 8-bit bytes: 2 to 40 of them;
  // version 0 only 20 (P2WPKH) or 32 (P2WSH).
  const bytes = Math.floor(((data.length - 7) * 5) / 8)
  if (bytes < 2 || bytes > 40) return false
  return version !== 0 || bytes === 20 || bytes === 32
}

/** Legacy P2PKH ('1...') or P2SH ('3...'): base58, 26 to 35 characters. */
function isLegacyBitcoinAddress(address: string): boolean {
  return /^[13]/.test(address) && address.length >= 26 && address.length <= 35 && BASE58.test(address)
}

export function isValidCryptoAddress(address: string, network: CryptoNetwork): boolean {
  const text = address.trim()
  switch (network) {
    case 'bitcoin':
      return isLegacyBitcoinAddress(text) || isBech32BitcoinAddress(text)
    case 'ethereum':
      return /^0x[0-9a-fA-F]{40}$/.test(text)
    case 'tron':
      return text.length === 34 && text.startsWith('T') && BASE58.test(text)
  }
}
