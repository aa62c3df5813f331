// Shared by every engine: multipliers are stated rounded down to 4 decimals (docs/games.md).
// The 1e-9 keeps a product like 1.95 × 10000 that lands a hair under an integer from losing a unit.
export function floor4(x: number): number { return Math.floor(x * 10000 + 1e-9) / 10000 }
