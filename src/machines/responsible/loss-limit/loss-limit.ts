import { depositLimitMachine } from '../deposit-limit/deposit-limit.machine'
import { loadLossLimit, saveLossLimit } from './loss-limit.actors'

/**
 * Loss limits follow the deposit limits' chart state for state (one limit per period, lowered at
 * once, raised or removed after the cooling-off); only the calls differ. So this is that chart with
 * its two actors swapped, not a second copy: its graph, model test and `npm run flows` paths are
 * deposit-limit's (so it is not a `.machine.ts` of its own, which the registry would list again).
 */
export const lossLimitMachine = depositLimitMachine.provide({
  actors: { loadDepositLimit: loadLossLimit, saveDepositLimit: saveLossLimit },
})
