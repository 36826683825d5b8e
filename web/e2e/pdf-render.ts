import { createCanvas } from '@napi-rs/canvas';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * Renders the first page of a PDF to PNG bytes with PDF.js (Mozilla's reader) on a Skia canvas, at `scale`
 * times 72 dpi: what a reader would see, for tests to keep as an artifact and for people to look at.
 */
export async function renderFirstPageToPng(pdf: Uint8Array, scale = 2): Promise<Buffer> {
  const loadingTask = getDocument({ data: new Uint8Array(pdf), verbosity: 0 });
  const document = await loadingTask.promise;
  try {
    const page = await document.getPage(1);
    const viewport = page.getViewport({ scale });
    const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
    const context = canvas.getContext('2d');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    await page.render({
      canvas: canvas as unknown as HTMLCanvasElement,
      canvasContext: context as unknown as CanvasRenderingContext2D,
      viewport,
    }).promise;
    return canvas.toBuffer('image/png');
  } finally {
    await loadingTask.destroy();
  }
}
