import { Trans } from '@lingui/react/macro'
import { css } from 'styled-system/css'
import type { Dialog as DialogModel } from '../../../machines/app/dialog-stack/dialog-stack.types'
import { Button } from '../../kit/Button'
import { CtaLink } from '../../kit/CtaLink'
import { Dialog } from '../../kit/Dialog'
import { Image } from '../../kit/Image'

const IMAGE_WIDTH = 320
const IMAGE_HEIGHT = 240

const picture = css({ w: 'full', h: 'auto', display: 'block', borderRadius: 'md', mb: '4', bg: 'surface' })
const words = css({ overflowWrap: 'anywhere' })
const actions = css({ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: '3', mt: '6' })

const text = (value: unknown): string => (typeof value === 'string' ? value : '')

/**
 * An operator's popup (content popups.json), opened by the site-popups flow: its title, picture,
 * text and call to action in the page's language. Following the call closes it.
 */
export function SitePopupDialog({ dialog, onClose }: { dialog: DialogModel; onClose: () => void }) {
  const image = text(dialog.props['image'])
  const ctaHref = text(dialog.props['ctaHref'])
  const ctaLabel = text(dialog.props['ctaLabel'])
  return (
    <Dialog open size="sm" title={text(dialog.props['title'])} onClose={onClose} preventClose={dialog.preventClose}>
      <div data-testid="site-popup" data-popup-id={dialog.id}>
        {image ? <Image src={image} alt="" width={IMAGE_WIDTH} height={IMAGE_HEIGHT} maxWidth={IMAGE_WIDTH} className={picture} /> : null}
        <p className={words}>{text(dialog.props['text'])}</p>
        <div className={actions}>
          <Button variant={ctaHref && ctaLabel ? 'secondary' : 'primary'} onClick={onClose}>
            <Trans>Close</Trans>
          </Button>
          {ctaHref && ctaLabel ? <CtaLink href={ctaHref} label={ctaLabel} onFollow={onClose} /> : null}
        </div>
      </div>
    </Dialog>
  )
}
