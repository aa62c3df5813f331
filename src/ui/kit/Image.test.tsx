// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it, onTestFinished } from 'vitest'
import { FALLBACK_IMAGE, IMAGE_RETRY_LIMIT } from '../../shared/images'
import { Image } from './Image'

afterEach(cleanup)

const img = (container: HTMLElement) => container.querySelector('img')!

describe('Image', () => {
  it('always reserves its box and asks /_ipx for webp at 1x and 2x', () => {
    const html = renderToString(<Image src="/images/card.svg" alt="Card" width={48} height={48} />)
    expect(html).toContain('width="48"')
    expect(html).toContain('height="48"')
    expect(html).toContain('loading="lazy"')
    expect(html).toMatch(/srcSet="\/_ipx\/f_webp&amp;fit_cover&amp;s_48x48&amp;q_95\/images\/card.svg 1x, \/_ipx\/f_webp&amp;fit_cover&amp;s_96x96&amp;q_95\/images\/card.svg 2x"/)
  })

  it('loads an image above the fold at once, with screen-sized candidates when fluid', () => {
    const html = renderToString(<Image src="/images/hero.svg" alt="" width={1200} height={400} maxWidth={1200} priority />)
    expect(html).toContain('loading="eager"')
    expect(html).toContain('fetchPriority="high"')
    expect(html).toContain('sizes="(min-width: 1200px) 1200px, 100vw"')
    expect(html).toContain(' 640w')
  })

  it('notices an image that failed before hydration', () => {
    // happy-dom loads no images: every one is complete with no width, as a failed one is.
    const { container } = render(<Image src="/images/missing.png" alt="" width={64} height={32} />)
    expect(img(container).getAttribute('data-attempt')).toBe('1')
  })

  it('retries once per breakpoint, then shows the fallback in the same box, then gives up', () => {
    const complete = Object.getOwnPropertyDescriptor(HTMLImageElement.prototype, 'complete')
    Object.defineProperty(HTMLImageElement.prototype, 'complete', { configurable: true, get: () => false })
    onTestFinished(() => {
      if (complete) Object.defineProperty(HTMLImageElement.prototype, 'complete', complete)
      else delete (HTMLImageElement.prototype as { complete?: boolean }).complete
    })
    const { container } = render(<Image src="/images/missing.png" alt="Missing" width={64} height={32} />)
    const seen = new Set<string>()
    for (let i = 1; i <= IMAGE_RETRY_LIMIT; i++) {
      act(() => void fireEvent.error(img(container)))
      expect(img(container).getAttribute('data-image')).toBe('image')
      expect(img(container).getAttribute('src'), container.innerHTML).toContain(`retry=${i}`)
      seen.add(img(container).getAttribute('src')!)
    }
    expect(seen.size).toBe(IMAGE_RETRY_LIMIT)
    act(() => void fireEvent.error(img(container)))
    expect(img(container).getAttribute('data-image')).toBe('fallback')
    expect(img(container).getAttribute('src')).toBe(FALLBACK_IMAGE)
    expect(img(container).getAttribute('srcset')).toBeNull()
    expect([img(container).width, img(container).height]).toEqual([64, 32])
    expect(img(container).alt).toBe('Missing')
    act(() => void fireEvent.error(img(container)))
    expect(img(container).getAttribute('data-image')).toBe('none')
    expect(img(container).style.visibility).toBe('hidden')
  })

  it('uses a data URI as it is', () => {
    const { container } = render(<Image src="data:image/svg+xml,%3Csvg/%3E" alt="" width={40} height={40} />)
    expect(img(container).getAttribute('src')).toBe('data:image/svg+xml,%3Csvg/%3E')
    expect(img(container).getAttribute('srcset')).toBeNull()
  })
})
