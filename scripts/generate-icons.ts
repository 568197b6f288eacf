/**
 * Renders the PWA icons from the brand mark. Run after changing the mark:
 * `node --import tsx scripts/generate-icons.ts`; the PNGs are committed.
 */
import path from "node:path";
import sharp from "sharp";

const publicDir = path.resolve(import.meta.dirname, "../web/public");

/** The "T" mark with a crumb; `inset` shrinks it into the maskable safe zone (80% circle). */
function mark(size: number, { rounded, inset }: { rounded: boolean; inset: number }) {
  const radius = rounded ? size * 0.22 : 0;
  const scale = (1 - inset * 2) * (size / 64);
  const offset = size * inset;
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">
  <rect width="${size}" height="${size}" rx="${radius}" fill="#e8590c"/>
  <g transform="translate(${offset} ${offset}) scale(${scale})">
    <path d="M20 18h24v7H35.5v22h-7V25H20z" fill="#fff"/>
    <circle cx="46" cy="44" r="5" fill="#ffd8a8"/>
  </g>
</svg>`);
}

const targets = [
  { file: "icons/icon-192.png", size: 192, rounded: true, inset: 0 },
  { file: "icons/icon-512.png", size: 512, rounded: true, inset: 0 },
  { file: "icons/icon-maskable-512.png", size: 512, rounded: false, inset: 0.12 },
  { file: "apple-touch-icon.png", size: 180, rounded: false, inset: 0.06 },
];

for (const target of targets) {
  await sharp(mark(target.size, target)).png().toFile(path.join(publicDir, target.file));
  console.log(`wrote ${target.file}`);
}
