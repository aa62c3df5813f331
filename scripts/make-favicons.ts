// Draws the PNG favicon set (names carry the sizes, SPEC §9) from public/favicon.svg: `npx tsx scripts/make-favicons.ts`.
import sharp from 'sharp'
const svg = 'public/favicon.svg'
for (const size of [16, 32]) await sharp(svg, { density: 72 * Math.ceil(size / 24) * 2 }).resize(size, size).png().toFile(`public/favicon-${size}x${size}.png`)
for (const [name, size] of [['apple-touch-icon-180x180.png', 180], ['android-chrome-192x192.png', 192], ['android-chrome-512x512.png', 512]] as const)
  await sharp(svg, { density: 72 * Math.ceil(size / 24) }).resize(size, size).flatten({ background: '#0f1218' }).png({ compressionLevel: 9 }).toFile(`public/${name}`)
