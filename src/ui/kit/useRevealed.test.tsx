// @vitest-environment happy-dom
// A long list: the server's HTML and the first client render hold the first rows, the rest follow
// in steps, and a list that grows later is drawn whole in the end.
import { act, cleanup, render, screen } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it } from 'vitest'
import { useRevealed } from './useRevealed'

afterEach(cleanup)

function Rows({ total }: { total: number }) {
  const shown = useRevealed(total, 8, 5)
  return (
    <ul>
      {Array.from({ length: shown }, (_, i) => (
        <li key={i}>row {i}</li>
      ))}
    </ul>
  )
}

const step = () => act(() => new Promise((r) => setTimeout(r, 0)))

describe('useRevealed', () => {
  it('server-renders the first rows only', () => {
    expect(renderToString(<Rows total={30} />).match(/<li>/g)).toHaveLength(8)
  })

  it('adds a step of rows per task until all are drawn, and follows a list that grows', async () => {
    const { rerender } = render(<Rows total={20} />)
    expect(screen.getAllByRole('listitem')).toHaveLength(8)
    await step()
    expect(screen.getAllByRole('listitem')).toHaveLength(13)
    await step()
    await step()
    expect(screen.getAllByRole('listitem')).toHaveLength(20)
    await step()
    expect(screen.getAllByRole('listitem')).toHaveLength(20)
    rerender(<Rows total={24} />)
    expect(screen.getAllByRole('listitem')).toHaveLength(23)
    await step()
    expect(screen.getAllByRole('listitem')).toHaveLength(24)
  })

  it('draws a short list whole at once', () => {
    render(<Rows total={3} />)
    expect(screen.getAllByRole('listitem')).toHaveLength(3)
  })
})
