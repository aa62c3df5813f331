// @vitest-environment happy-dom
// A long list: the server's HTML and the first client render hold the first rows; a step more
// comes when the list's end nears the screen or "show more" is pressed, and none after the last.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useRevealed } from './useRevealed'

// The screen as the test moves it: each observer is told whether its element is within reach.
const observers = new Set<{ callback: IntersectionObserverCallback; elements: Element[] }>()
const reach = (isIntersecting: boolean) =>
  act(() => {
    for (const o of [...observers]) o.callback(o.elements.map((target) => ({ target, isIntersecting }) as IntersectionObserverEntry), {} as IntersectionObserver)
  })

beforeEach(() => {
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      entry: { callback: IntersectionObserverCallback; elements: Element[] }
      constructor(callback: IntersectionObserverCallback) {
        this.entry = { callback, elements: [] }
        observers.add(this.entry)
      }
      observe(element: Element) {
        this.entry.elements.push(element)
      }
      disconnect() {
        observers.delete(this.entry)
      }
    },
  )
})
afterEach(() => {
  cleanup()
  observers.clear()
  vi.unstubAllGlobals()
})

function Rows({ total }: { total: number }) {
  const { shown, more, end } = useRevealed<HTMLButtonElement>(total, 8, 5)
  return (
    <>
      <ul>
        {Array.from({ length: shown }, (_, i) => (
          <li key={i}>row {i}</li>
        ))}
      </ul>
      {shown < total && (
        <button ref={end} onClick={more}>
          more
        </button>
      )}
    </>
  )
}

const rows = () => screen.queryAllByRole('listitem').length

describe('useRevealed', () => {
  it('server-renders the first rows only', () => {
    expect(renderToString(<Rows total={30} />).match(/<li>/g)).toHaveLength(8)
  })

  it('adds a step when the end comes within reach or "more" is pressed, and stops at the last row', () => {
    render(<Rows total={20} />)
    expect(rows()).toBe(8)
    reach(false)
    expect(rows()).toBe(8)
    reach(true)
    expect(rows()).toBe(13)
    fireEvent.click(screen.getByRole('button', { name: 'more' }))
    expect(rows()).toBe(18)
    reach(true)
    expect(rows()).toBe(20)
    expect(screen.queryByRole('button', { name: 'more' })).toBeNull()
    // Nothing is observed once the list is whole.
    expect(observers.size).toBe(0)
  })

  it('draws a short list whole at once', () => {
    render(<Rows total={3} />)
    expect(rows()).toBe(3)
    expect(observers.size).toBe(0)
  })
})
