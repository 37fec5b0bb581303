import sharp from 'sharp';

/**
 * Demo artwork drawn from SVG, so the seeded demo ships real images without binary fixtures in
 * the repository. Every function is deterministic: same input, same bytes.
 */

export type BannerTheme = 'lagoon' | 'sunset';

type BannerImageOptions = {
  width: number;
  height: number;
  theme: BannerTheme;
  headline: string;
  subline?: string;
};

type Palette = {
  skyTop: string;
  skyBottom: string;
  sun: string;
  sunGlow: string;
  seaTop: string;
  seaBottom: string;
  waves: [string, string, string];
  sand: string;
  land: string;
  palm: string;
  text: string;
  textShadow: string;
  accent: string;
};

const PALETTES: Record<BannerTheme, Palette> = {
  lagoon: {
    skyTop: '#38bdf8',
    skyBottom: '#e0f2fe',
    sun: '#fef9c3',
    sunGlow: '#fde68a',
    seaTop: '#2dd4bf',
    seaBottom: '#0369a1',
    waves: ['#5eead4', '#14b8a6', '#0e7490'],
    sand: '#fde7b0',
    land: '#15803d',
    palm: '#14532d',
    text: '#ffffff',
    textShadow: '#0c4a6e',
    accent: '#facc15',
  },
  sunset: {
    skyTop: '#7c3aed',
    skyBottom: '#fb923c',
    sun: '#fff7ed',
    sunGlow: '#fdba74',
    seaTop: '#f97316',
    seaBottom: '#1e3a8a',
    waves: ['#fdba74', '#c2410c', '#1e3a8a'],
    sand: '#7c2d12',
    land: '#3b0764',
    palm: '#1e1b4b',
    text: '#ffffff',
    textShadow: '#3b0764',
    accent: '#fde047',
  },
};

const FONT = "'DejaVu Sans', 'Liberation Sans', Arial, Helvetica, sans-serif";

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A closed band of sea whose top edge is a smooth sine-like swell. */
function wavePath(
  width: number,
  height: number,
  y: number,
  amplitude: number,
  wavelength: number,
  phase: number,
) {
  const half = wavelength / 2;
  let d = `M ${-wavelength + phase} ${y}`;
  let up = true;
  for (let x = -wavelength + phase; x < width + wavelength; x += half) {
    d += ` Q ${x + half / 2} ${up ? y - amplitude : y + amplitude} ${x + half} ${y}`;
    up = !up;
  }
  return `${d} L ${width + wavelength} ${height} L ${-wavelength} ${height} Z`;
}

function palmTree(x: number, baseY: number, size: number, lean: number, color: string): string {
  const topX = x + lean * size;
  const topY = baseY - size;
  const trunk = `<path d="M ${x - size * 0.035} ${baseY} Q ${x + lean * size * 0.2} ${baseY - size * 0.5} ${topX - size * 0.02} ${topY} L ${topX + size * 0.03} ${topY} Q ${x + lean * size * 0.25 + size * 0.04} ${baseY - size * 0.5} ${x + size * 0.045} ${baseY} Z" fill="${color}"/>`;
  const fronds = [-160, -125, -85, -50, -15, 20]
    .map((angle) => {
      const len = size * 0.55;
      const rad = (angle * Math.PI) / 180;
      const ex = topX + Math.cos(rad) * len;
      const ey = topY + Math.sin(rad) * len * 0.55 + len * 0.25;
      const cx = topX + Math.cos(rad) * len * 0.5;
      const cy = topY + Math.sin(rad) * len * 0.5 - len * 0.12;
      return `<path d="M ${topX} ${topY} Q ${cx} ${cy - size * 0.06} ${ex} ${ey} Q ${cx} ${cy + size * 0.05} ${topX} ${topY} Z" fill="${color}"/>`;
    })
    .join('');
  const coconuts = `<circle cx="${topX - size * 0.02}" cy="${topY + size * 0.04}" r="${size * 0.03}" fill="${color}"/><circle cx="${topX + size * 0.03}" cy="${topY + size * 0.05}" r="${size * 0.028}" fill="${color}"/>`;
  return trunk + fronds + coconuts;
}

function island(cx: number, seaY: number, w: number, p: Palette): string {
  const h = w * 0.14;
  const sand = `<ellipse cx="${cx}" cy="${seaY + h * 0.15}" rx="${w / 2}" ry="${h * 0.55}" fill="${p.sand}"/>`;
  const bush = `<ellipse cx="${cx - w * 0.05}" cy="${seaY - h * 0.05}" rx="${w * 0.32}" ry="${h * 0.6}" fill="${p.land}"/>`;
  const trees =
    palmTree(cx - w * 0.12, seaY - h * 0.2, w * 0.42, -0.18, p.palm) +
    palmTree(cx + w * 0.1, seaY - h * 0.1, w * 0.55, 0.22, p.palm) +
    palmTree(cx + w * 0.28, seaY, w * 0.3, 0.35, p.palm);
  return sand + bush + trees;
}

function ferry(x: number, y: number, w: number, hull: string, cabin: string): string {
  const h = w * 0.22;
  return `<g>
    <path d="M ${x} ${y} L ${x + w} ${y} L ${x + w * 0.88} ${y + h * 0.55} L ${x + w * 0.08} ${y + h * 0.55} Z" fill="${hull}"/>
    <rect x="${x + w * 0.22}" y="${y - h * 0.5}" width="${w * 0.55}" height="${h * 0.5}" rx="${h * 0.08}" fill="${cabin}"/>
    <rect x="${x + w * 0.34}" y="${y - h * 0.85}" width="${w * 0.3}" height="${h * 0.38}" rx="${h * 0.06}" fill="${cabin}"/>
    ${[0, 1, 2, 3, 4]
      .map(
        (i) =>
          `<rect x="${x + w * (0.26 + i * 0.1)}" y="${y - h * 0.38}" width="${w * 0.06}" height="${h * 0.2}" rx="${h * 0.03}" fill="${hull}" opacity="0.85"/>`,
      )
      .join('')}
    <path d="M ${x + w * 0.02} ${y + h * 0.62} q ${w * 0.2} ${h * 0.12} ${w * 0.45} 0" stroke="#ffffff" stroke-width="${h * 0.08}" fill="none" opacity="0.7" stroke-linecap="round"/>
  </g>`;
}

function gulls(x: number, y: number, s: number, color: string): string {
  return [0, 1, 2]
    .map((i) => {
      const gx = x + i * s * 1.6;
      const gy = y + (i % 2) * s * 0.7;
      return `<path d="M ${gx - s} ${gy} q ${s / 2} ${-s / 2} ${s} 0 q ${s / 2} ${-s / 2} ${s} 0" stroke="${color}" stroke-width="${s * 0.16}" fill="none" stroke-linecap="round"/>`;
    })
    .join('');
}

/** The opening tag of a W x H picture. */
function svgOpen(W: number, H: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">`;
}

/** The gradients every picture paints its sky (`#sky`) and sea (`#sea`) with. */
function skyAndSeaGradients(p: Palette): string {
  return `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${p.skyTop}"/>
      <stop offset="1" stop-color="${p.skyBottom}"/>
    </linearGradient>
    <linearGradient id="sea" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${p.seaTop}"/>
      <stop offset="1" stop-color="${p.seaBottom}"/>
    </linearGradient>`;
}

function bannerSvg(opts: BannerImageOptions): string {
  const { width: W, height: H } = opts;
  const p = PALETTES[opts.theme];
  const wide = W / H > 1.3;
  const seaY = H * (wide ? 0.64 : 0.68);
  const unit = Math.min(W, H);
  const sunX = wide ? W * 0.74 : W * 0.72;
  const sunY = wide ? H * 0.32 : H * 0.42;
  const sunR = unit * 0.11;
  const islandX = wide ? W * 0.78 : W * 0.7;
  const islandW = wide ? W * 0.3 : W * 0.5;
  const textX = wide ? W * 0.06 : W * 0.07;
  const headlineSize = wide ? H * 0.1 : W * 0.075;
  const headlineY = wide ? H * 0.24 : H * 0.15;
  const sublineSize = headlineSize * (wide ? 0.36 : 0.42);
  const headlineLines = splitTwoLines(opts.headline);
  const headline = headlineLines
    .map(
      (line, i) => `<tspan x="${textX}" dy="${i === 0 ? 0 : headlineSize * 1.15}">${escapeXml(line)}</tspan>`,
    )
    .join('');
  const sublineY = headlineY + headlineSize * (headlineLines.length - 1) * 1.15 + sublineSize * 2;

  return `${svgOpen(W, H)}
  <defs>
    ${skyAndSeaGradients(p)}
    <radialGradient id="glow">
      <stop offset="0" stop-color="${p.sunGlow}" stop-opacity="0.9"/>
      <stop offset="1" stop-color="${p.sunGlow}" stop-opacity="0"/>
    </radialGradient>
    <linearGradient id="shade" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="${p.textShadow}" stop-opacity="0.45"/>
      <stop offset="0.6" stop-color="${p.textShadow}" stop-opacity="0"/>
    </linearGradient>
  </defs>
  <rect width="${W}" height="${H}" fill="url(#sky)"/>
  <circle cx="${sunX}" cy="${sunY}" r="${sunR * 2.6}" fill="url(#glow)"/>
  <circle cx="${sunX}" cy="${sunY}" r="${sunR}" fill="${p.sun}"/>
  ${gulls(W * (wide ? 0.46 : 0.2), H * 0.5, unit * 0.018, p.palm)}
  <rect y="${seaY}" width="${W}" height="${H - seaY}" fill="url(#sea)"/>
  <ellipse cx="${sunX}" cy="${seaY + unit * 0.03}" rx="${sunR * 1.2}" ry="${unit * 0.012}" fill="${p.sun}" opacity="0.55"/>
  ${island(islandX, seaY, islandW, p)}
  ${ferry(wide ? W * 0.42 : W * 0.12, seaY + H * 0.06, unit * (wide ? 0.2 : 0.24), '#ffffff', '#e2e8f0')}
  <path d="${wavePath(W, H, seaY + H * 0.12, unit * 0.012, unit * 0.22, 0)}" fill="${p.waves[0]}" opacity="0.55"/>
  <path d="${wavePath(W, H, seaY + H * 0.19, unit * 0.016, unit * 0.3, unit * 0.08)}" fill="${p.waves[1]}" opacity="0.7"/>
  <path d="${wavePath(W, H, seaY + H * 0.27, unit * 0.02, unit * 0.38, unit * 0.15)}" fill="${p.waves[2]}" opacity="0.85"/>
  <rect width="${W}" height="${H}" fill="url(#shade)"/>
  <text x="${textX + headlineSize * 0.04}" y="${headlineY + headlineSize * 0.06}" font-family="${FONT}" font-size="${headlineSize}" font-weight="700" fill="${p.textShadow}" opacity="0.45">${headline}</text>
  <text x="${textX}" y="${headlineY}" font-family="${FONT}" font-size="${headlineSize}" font-weight="700" fill="${p.text}">${headline}</text>
  ${
    opts.subline
      ? `<rect x="${textX}" y="${sublineY - sublineSize * 1.25}" width="${sublineSize * 0.35}" height="${sublineSize * 1.6}" rx="${sublineSize * 0.1}" fill="${p.accent}"/>
  <text x="${textX + sublineSize * 0.8}" y="${sublineY}" font-family="${FONT}" font-size="${sublineSize}" font-weight="600" fill="${p.text}">${escapeXml(opts.subline)}</text>`
      : ''
  }
</svg>`;
}

/** Splits a headline near its middle word boundary so it fits a square banner. */
function splitTwoLines(text: string): string[] {
  const words = text.split(' ');
  if (words.length < 3) return [text];
  let best = 1;
  let bestDiff = Number.POSITIVE_INFINITY;
  for (let i = 1; i < words.length; i++) {
    const diff = Math.abs(words.slice(0, i).join(' ').length - words.slice(i).join(' ').length);
    if (diff < bestDiff) {
      bestDiff = diff;
      best = i;
    }
  }
  return [words.slice(0, best).join(' '), words.slice(best).join(' ')];
}

// Well under the banner upload cap of docs/product.md section 9 (500 KB), so the demo loads fast.
const BANNER_MAX_BYTES = 300 * 1024;

async function svgToWebp(svg: string, maxBytes: number): Promise<Buffer> {
  let quality = 85;
  for (;;) {
    const out = await sharp(Buffer.from(svg)).webp({ quality, effort: 4 }).toBuffer();
    if (out.length <= maxBytes || quality <= 30) return out;
    quality -= 10;
  }
}

export function renderBannerImage(opts: BannerImageOptions): Promise<Buffer> {
  return svgToWebp(bannerSvg(opts), BANNER_MAX_BYTES);
}

const LAUNCH_IMAGE_SIZE = { width: 800, height: 600 } as const;

function launchSvg(name: string): string {
  const { width: W, height: H } = LAUNCH_IMAGE_SIZE;
  const p = PALETTES.lagoon;
  const seaY = H * 0.58;
  return `${svgOpen(W, H)}
  <defs>
    ${skyAndSeaGradients(p)}
    <linearGradient id="hull" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#ffffff"/>
      <stop offset="1" stop-color="#cbd5e1"/>
    </linearGradient>
  </defs>
  <rect width="${W}" height="${H}" fill="url(#sky)"/>
  <circle cx="${W * 0.84}" cy="${H * 0.18}" r="${H * 0.08}" fill="${p.sun}"/>
  ${gulls(W * 0.12, H * 0.16, 14, '#0c4a6e')}
  <rect y="${seaY}" width="${W}" height="${H - seaY}" fill="url(#sea)"/>
  ${island(W * 0.86, seaY, W * 0.22, p)}
  <g>
    <path d="M 110 ${seaY - 10} L 640 ${seaY - 10} L 600 ${seaY + 60} L 150 ${seaY + 60} Z" fill="url(#hull)"/>
    <rect x="113" y="${seaY - 4}" width="524" height="12" fill="#0369a1"/>
    <path d="M 190 ${seaY - 10} L 210 ${seaY - 95} L 560 ${seaY - 95} L 600 ${seaY - 10} Z" fill="#f8fafc"/>
    <path d="M 260 ${seaY - 95} L 275 ${seaY - 150} L 480 ${seaY - 150} L 510 ${seaY - 95} Z" fill="#e2e8f0"/>
    ${[0, 1, 2, 3, 4, 5, 6, 7]
      .map((i) => `<rect x="${228 + i * 42}" y="${seaY - 78}" width="30" height="34" rx="6" fill="#0c4a6e"/>`)
      .join('')}
    ${[0, 1, 2, 3].map((i) => `<rect x="${292 + i * 46}" y="${seaY - 138}" width="34" height="28" rx="5" fill="#0c4a6e"/>`).join('')}
    <rect x="340" y="${seaY - 190}" width="10" height="40" fill="#64748b"/>
    <path d="M 350 ${seaY - 190} L 392 ${seaY - 180} L 350 ${seaY - 170} Z" fill="#ef4444"/>
    <text x="380" y="${seaY + 44}" font-family="${FONT}" font-size="26" font-weight="700" fill="#0c4a6e" text-anchor="middle">${escapeXml(name.toUpperCase())}</text>
  </g>
  <path d="M 60 ${seaY + 70} q 140 30 300 6 q 160 -24 330 10" stroke="#ffffff" stroke-width="8" fill="none" opacity="0.65" stroke-linecap="round"/>
  <path d="${wavePath(W, H, seaY + 95, 8, 120, 0)}" fill="${p.waves[0]}" opacity="0.6"/>
  <path d="${wavePath(W, H, seaY + 150, 10, 170, 40)}" fill="${p.waves[2]}" opacity="0.85"/>
</svg>`;
}

// The launch image cap of docs/product.md section 9.
const LAUNCH_MAX_BYTES = 150 * 1024;

export function renderLaunchImage(name: string): Promise<Buffer> {
  return svgToWebp(launchSvg(name), LAUNCH_MAX_BYTES);
}
