// The mask functions are pure and shared with the validation rules, so they live in src/shared;
// the kit keeps this path for its Input and tests.
export { applyMask, unmask } from '../../shared/mask'
