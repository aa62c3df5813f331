// Who plays a round and owns a seed pair: a logged-in player, or a visitor's demo purse.
export type Owner = { readonly playerId: bigint; readonly demoId: null } | { readonly playerId: null; readonly demoId: string }

export const playerOwner = (playerId: bigint): Owner => ({ playerId, demoId: null })
export const demoOwner = (demoId: string): Owner => ({ playerId: null, demoId })

/** The owner column and value to filter rows (game_rounds, fair_seeds) by. */
export function ownerKey(owner: Owner): ['player_id', bigint] | ['demo_id', string] {
  return owner.playerId !== null ? ['player_id', owner.playerId] : ['demo_id', owner.demoId]
}

/** A key for throttles and logs. */
export function ownerLabel(owner: Owner): string {
  return owner.playerId !== null ? `p${owner.playerId}` : `d${owner.demoId}`
}
