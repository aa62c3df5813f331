import { useSearchParams } from 'react-router'
import { FairnessScreen } from '../../ui/games/fairness/FairnessScreen'

/** /fairness, with ?round=ID to verify one of the caller's rounds (the game client's verify link). */
export function FairnessPage() {
  const [search] = useSearchParams()
  const round = search.get('round')
  const roundId = round && /^[1-9]\d{0,17}$/.test(round) ? round : null
  // Another round in the address is another check: a fresh flow.
  return <FairnessScreen key={roundId ?? ''} roundId={roundId} />
}
