// Shared by every engine: multipliers are stated rounded down to 4 decimals (docs/games.md).
// The 1e-9 keeps a product like 1.95 × 10000 that lands a hair under an integer from losing a unit.
export function floor4(x: number): number { return Math.floor(x * 10000 + 1e-9) / 10000 }

/** A round of several bets: what was staked and paid back in all, and the round's multiplier. */
export function roundTotals(bets: readonly { readonly stake: number; readonly payback: number }[]): { stake: number; payback: number; multiplier: number } {
  let stake = 0
  let payback = 0
  for (const bet of bets) {
    stake += bet.stake
    payback += bet.payback
  }
  return { stake, payback, multiplier: floor4(payback / stake) }
}
