import { describe, expect, it } from 'vitest'
import { isBech32BitcoinAddress, isValidCryptoAddress } from './crypto-address'
import { checkCryptoAddress, validateField } from './rules'

describe('crypto addresses', () => {
  it.each([
    ['bitcoin', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2'],
    ['bitcoin', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy'],
    ['bitcoin', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'],
    ['bitcoin', 'BC1QAR0SRRR7XFKVY5L643LYDNW9RE59GTZZWF5MDQ'],
    ['bitcoin', 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0'],
    ['ethereum', '0x52908400098527886E0F7030069857D2E4169EE7'],
    ['tron', 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7'],
  ] as const)('accepts a %s address %s', (network, address) => {
    expect(isValidCryptoAddress(address, network)).toBe(true)
    expect(checkCryptoAddress(` ${address} `, { network })).toBeNull()
  })

  it.each([
    ['bitcoin', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdp'], // one symbol changed: checksum fails
    ['bitcoin', 'bc1Qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'], // mixed case
    ['bitcoin', 'bc1par0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'], // version changed: checksum fails
    ['bitcoin', 'tb1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'], // testnet prefix
    ['bitcoin', '0BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2'], // 0 is not base58
    ['ethereum', '0x52908400098527886E0F7030069857D2E4169EE'], // 39 hex digits
    ['ethereum', '52908400098527886E0F7030069857D2E4169EE7'],
    ['tron', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2'],
  ] as const)('refuses a %s address %s', (network, address) => {
    expect(isValidCryptoAddress(address, network)).toBe(false)
    expect(checkCryptoAddress(address, { network })).toEqual({ rule: 'cryptoAddress', messageId: 'cryptoAddress' })
  })

  it('without a network any known format passes; empty passes, required reports it', () => {
    expect(checkCryptoAddress('0x52908400098527886E0F7030069857D2E4169EE7')).toBeNull()
    expect(checkCryptoAddress('')).toBeNull()
    expect(validateField('', [{ rule: 'required' }, { rule: 'cryptoAddress', network: 'bitcoin' }])?.messageId).toBe('required')
    expect(validateField('nope', [{ rule: 'required' }, { rule: 'cryptoAddress', network: 'bitcoin' }])?.messageId).toBe('cryptoAddress')
    expect(isBech32BitcoinAddress('bc1')).toBe(false)
  })
})
