// The game client's sounds, synthesised with WebAudio: no audio files to download, and nothing
// plays until the player turns sound on (a gesture, so the browser lets the context start).
export type SoundName = 'spin' | 'win' | 'bigWin' | 'lose' | 'click' | 'card' | 'reveal'

interface Note {
  /** Hz. */
  readonly freq: number
  /** Seconds after the sound starts. */
  readonly at: number
  /** Seconds. */
  readonly length: number
  readonly type: OscillatorType
  readonly gain: number
  /** Hz the note slides to by its end. */
  readonly slideTo?: number
}

const tone = (freq: number, at: number, length: number, type: OscillatorType = 'sine', gain = 0.12, slideTo?: number): Note => ({ freq, at, length, type, gain, slideTo })

/** Each sound as a few short notes: a tick, an arpeggio, a falling blip. */
export const SOUNDS: Readonly<Record<SoundName, readonly Note[]>> = {
  click: [tone(1200, 0, 0.03, 'square', 0.04)],
  spin: [tone(520, 0, 0.05, 'triangle', 0.08), tone(620, 0.06, 0.05, 'triangle', 0.08), tone(720, 0.12, 0.05, 'triangle', 0.08)],
  reveal: [tone(880, 0, 0.09, 'sine', 0.1)],
  card: [tone(2200, 0, 0.025, 'triangle', 0.06, 1400)],
  lose: [tone(330, 0, 0.22, 'sine', 0.1, 200)],
  win: [tone(523.25, 0, 0.1, 'triangle'), tone(659.25, 0.09, 0.1, 'triangle'), tone(783.99, 0.18, 0.16, 'triangle')],
  bigWin: [
    tone(523.25, 0, 0.12, 'triangle'),
    tone(659.25, 0.1, 0.12, 'triangle'),
    tone(783.99, 0.2, 0.12, 'triangle'),
    tone(1046.5, 0.3, 0.35, 'triangle', 0.14),
  ],
}

type AudioContextClass = typeof AudioContext

/** One player per page; the context is made on the first sound, after the player turned sound on. */
export function createSoundPlayer(win: { AudioContext?: AudioContextClass; webkitAudioContext?: AudioContextClass } | null = typeof window === 'undefined' ? null : (window as never)) {
  let context: AudioContext | null = null
  const audio = (): AudioContext | null => {
    if (context) return context
    const Ctor = win?.AudioContext ?? win?.webkitAudioContext
    if (!Ctor) return null
    try {
      context = new Ctor()
    } catch {
      return null
    }
    return context
  }
  return {
    play(name: SoundName) {
      const ctx = audio()
      if (!ctx) return
      if (ctx.state === 'suspended') void ctx.resume().catch(() => {})
      const start = ctx.currentTime + 0.01
      for (const note of SOUNDS[name]) {
        const osc = ctx.createOscillator()
        const gain = ctx.createGain()
        osc.type = note.type
        osc.frequency.setValueAtTime(note.freq, start + note.at)
        if (note.slideTo) osc.frequency.linearRampToValueAtTime(note.slideTo, start + note.at + note.length)
        // A quick attack and an exponential release: no click at either end.
        gain.gain.setValueAtTime(0.0001, start + note.at)
        gain.gain.exponentialRampToValueAtTime(note.gain, start + note.at + 0.008)
        gain.gain.exponentialRampToValueAtTime(0.0001, start + note.at + note.length)
        osc.connect(gain).connect(ctx.destination)
        osc.start(start + note.at)
        osc.stop(start + note.at + note.length + 0.02)
      }
    },
    close() {
      void context?.close().catch(() => {})
      context = null
    },
  }
}

export type SoundPlayer = ReturnType<typeof createSoundPlayer>
