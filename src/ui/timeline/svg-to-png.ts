/** Canvases beyond ~16k px per side or ~268M px fail in Chromium; scale down to stay inside. */
const MAX_SIDE = 16_000;
const MAX_AREA = 120_000_000;

/** Rasterizes an SVG document to a PNG blob. */
export async function svgToPng(svg: string, width: number, height: number, scale = 2): Promise<Blob> {
  const s = Math.min(scale, MAX_SIDE / width, MAX_SIDE / height, Math.sqrt(MAX_AREA / (width * height)));
  const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
  try {
    const img = new Image();
    img.decoding = 'async';
    img.src = url;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.floor(width * s));
    canvas.height = Math.max(1, Math.floor(height * s));
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('Canvas 2D is not available');
    ctx.scale(s, s);
    ctx.drawImage(img, 0, 0, width, height);
    return await new Promise<Blob>((resolve, reject) => {
      canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('PNG encoding failed'))), 'image/png');
    });
  } finally {
    URL.revokeObjectURL(url);
  }
}
