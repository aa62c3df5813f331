// @vitest-environment happy-dom
import { afterEach, expect, it } from 'vitest'
import { cleanup, render } from '@testing-library/react'
import { Skeleton } from './Skeleton'
import { VisuallyHidden } from './VisuallyHidden'

afterEach(cleanup)

it('Skeleton is hidden from assistive tech and sized by props', () => {
  const { container } = render(<Skeleton width={120} height="2rem" radius="full" />)
  const block = container.firstElementChild as HTMLElement
  expect(block.getAttribute('aria-hidden')).toBe('true')
  expect(block.style.width).toBe('120px')
  expect(block.style.height).toBe('2rem')
})

it('VisuallyHidden keeps its text in the document', () => {
  const { getByText } = render(<VisuallyHidden>Balance details</VisuallyHidden>)
  expect(getByText('Balance details').tagName).toBe('SPAN')
})
