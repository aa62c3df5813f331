// Reading a QR code on a page as a phone's camera would.
import type { Locator } from '@playwright/test'
import jsQR from 'jsqr'

/** What a phone's camera reads from the QR image: the page draws it on a canvas, jsQR decodes the pixels. */
export async function scanQr(image: Locator): Promise<string | null> {
  const { width, height, data } = await image.evaluate(async (element) => {
    const img = element as HTMLImageElement
    await img.decode()
    const size = 400
    const canvas = document.createElement('canvas')
    canvas.width = canvas.height = size
    const context = canvas.getContext('2d')!
    context.fillStyle = '#fff'
    context.fillRect(0, 0, size, size)
    context.drawImage(img, 0, 0, size, size)
    return { width: size, height: size, data: Array.from(context.getImageData(0, 0, size, size).data) }
  })
  return jsQR(Uint8ClampedArray.from(data), width, height)?.data ?? null
}
