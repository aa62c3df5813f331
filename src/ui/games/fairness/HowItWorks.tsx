import { Trans, useLingui } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { css, cx } from 'styled-system/css'
import { card } from 'styled-system/recipes'
import { selectChain, selectChainErrors, selectChainResult, selectChainView } from '../../../machines/games/fairness/fairness.selectors'
import type { ChainError } from '../../../machines/games/fairness/fairness.types'
import { Alert } from '../../kit/Alert'
import { Button } from '../../kit/Button'
import { Form } from '../../kit/Form'
import { Input } from '../../kit/Input'
import { formFlow, type FairnessRef } from './fairness-ref'
import { breakable, hash, panel, prose, sectionTitle, subTitle } from './styles'

/** The four topics: one column on phones, two side by side from laptop width. */
const topics = css({ display: 'grid', gap: { base: '5', laptop: '8' }, gridTemplateColumns: { base: 'minmax(0, 1fr)', laptop: 'repeat(2, minmax(0, 1fr))' }, alignItems: 'start' })
const formula = css({
  fontFamily: 'mono',
  fontSize: 'sm',
  bg: 'surfaceRaised',
  border: '1px solid',
  borderColor: 'border',
  borderRadius: 'md',
  p: '3',
  overflowX: 'auto',
  whiteSpace: 'pre',
})

/** How the numbers are made and how to check them, and the crash chain check. Server-rendered: this text is what search engines read. */
export function HowItWorks({ actor }: { actor: FairnessRef }) {
  return (
    <section className={cx(card(), panel)} aria-labelledby="fairness-how-title" data-testid="fairness-how">
      <h2 id="fairness-how-title" className={sectionTitle}>
        <Trans>How provably fair works</Trans>
      </h2>
      <div className={topics}>
        <div className={prose}>
          <h3 className={subTitle}>
            <Trans>Seeds, nonce and cursor make the numbers</Trans>
          </h3>
          <p>
            <Trans>
              Every round’s numbers come from three things: a server seed we choose, a client seed you choose, and a nonce that counts your rounds with that pair (0, 1, 2, …). Your
              browser or our server computes HMAC-SHA256 with the server seed as the key and <code>client seed:nonce:cursor</code> as the message.
            </Trans>
          </p>
          <pre className={formula}>HMAC-SHA256(server_seed, "client_seed:nonce:cursor")</pre>
          <p>
            <Trans>
              Each result is 32 bytes: eight numbers of four bytes each. A number divided by 2³² is a value from 0 up to 1. When a round needs more than eight numbers (a shuffled
              shoe, a slot with free spins), the cursor counts up, 0, 1, 2, …, and gives eight more each time. The game’s rules then turn the numbers into the roll, the cards or
              the reels, with the same code on our server and on this page.
            </Trans>
          </p>
        </div>
        <div className={prose}>
          <h3 className={subTitle}>
            <Trans>Why you see the hash before you play</Trans>
          </h3>
          <p>
            <Trans>
              Before your first round with a server seed, we show its SHA-256 hash. The hash commits us to that seed: changing the seed would change the hash, and the hash does not
              give the seed away, so nobody can work your rounds out in advance. Because you can set your own client seed at any time, we could not have picked a server seed to
              suit your rounds either.
            </Trans>
          </p>
        </div>
        <div className={prose}>
          <h3 className={subTitle}>
            <Trans>Rotating reveals the seed</Trans>
          </h3>
          <p>
            <Trans>
              When you rotate your seeds, we reveal the server seed you played with and commit to a new one, whose hash is shown at once. Check that the revealed seed’s SHA-256 is
              the hash you saw, then verify any round you played with it: this page recomputes the round in your browser and compares it with what we recorded. The nonce starts
              again at 0 with the new pair. A round that is still being played is verified once it ends.
            </Trans>
          </p>
        </div>
        <div className={prose}>
          <h3 className={subTitle}>
            <Trans>Crash: one hash chain for everyone</Trans>
          </h3>
          <p>
            <Trans>
              A crash round is shared by every player, so it cannot use your seeds. Its seeds come from a chain: we take a secret seed and hash it again and again, so that each
              seed is the SHA-256 of the next one, <code>seed[i] = SHA-256(seed[i + 1])</code>. The end of the chain is published before its first round, and rounds are played from
              the end backwards. Each round shows the SHA-256 of its seed before it starts and reveals the seed when it ends, so every revealed seed hashes to the seed revealed
              before it. Nobody, us included, can change a later round without breaking the chain. The crash point comes from HMAC-SHA256 keyed by the round’s seed, never from a
              published hash.
            </Trans>
          </p>
        </div>
      </div>
      <ChainCheck actor={actor} />
    </section>
  )
}

function ChainCheck({ actor }: { actor: FairnessRef }) {
  const { t } = useLingui()
  const view = useSelector(actor, selectChainView)
  const chain = useSelector(actor, selectChain)
  const errors = useSelector(actor, selectChainErrors)
  const result = useSelector(actor, selectChainResult)
  const message = (error: ChainError | undefined) => (error === 'required' ? t`Fill this in.` : error === 'hex64' ? t`A seed is 64 characters, 0–9 and a–f.` : undefined)
  return (
    <Form
      flow={formFlow(actor, 'chain')}
      className={css({ display: 'grid', gap: '4', borderTop: '1px solid', borderColor: 'border', pt: '4' })}
      onSubmit={(e) => {
        e.preventDefault()
        actor.send({ type: 'chain.submit' })
      }}
      aria-labelledby="fairness-chain-title"
      data-testid="fairness-chain"
      data-view={view}
    >
      <h3 id="fairness-chain-title" className={subTitle}>
        <Trans>Check a crash seed</Trans>
      </h3>
      <div className={css({ display: 'grid', gap: '4', gridTemplateColumns: { base: 'minmax(0, 1fr)', laptop: 'repeat(2, minmax(0, 1fr))' } })}>
        <Input
          label={t`Seed of a crash round`}
          value={chain.seed}
          onChange={(e) => actor.send({ type: 'chain.field.change', name: 'seed', value: e.currentTarget.value })}
          error={message(errors.seed)}
          autoComplete="off"
          spellCheck={false}
          data-testid="fairness-chain-seed"
        />
        <Input
          label={t`Seed of the round before it`}
          hint={t`The same as the hash this round showed before it ran.`}
          value={chain.previous}
          onChange={(e) => actor.send({ type: 'chain.field.change', name: 'previous', value: e.currentTarget.value })}
          error={message(errors.previous)}
          autoComplete="off"
          spellCheck={false}
          data-testid="fairness-chain-previous"
        />
      </div>
      <div>
        <Button type="submit" variant="secondary" loading={view === 'checking'} data-testid="fairness-chain-submit">
          <Trans>Check</Trans>
        </Button>
      </div>
      {view === 'checked' && result ? (
        <Alert className={breakable} tone={result.matches ? 'success' : 'error'} data-testid="fairness-chain-result" data-matches={String(result.matches)}>
          <p>
            <Trans>SHA-256 of the seed:</Trans>
          </p>
          <p className={hash}>{result.hash}</p>
          <p>
            {result.matches ? (
              <Trans>It is the seed of the round before: this round follows it in the chain.</Trans>
            ) : (
              <Trans>It is not the seed of the round before: these two rounds are not neighbours in the chain.</Trans>
            )}
          </p>
        </Alert>
      ) : null}
      {view === 'failed' ? (
        <Alert className={breakable} tone="error" data-testid="fairness-chain-failed">
          <Trans>Your browser cannot compute SHA-256 on this page. Open the site over https in an up-to-date browser.</Trans>
        </Alert>
      ) : null}
    </Form>
  )
}
