import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * The text a PDF shows, page by page, read by PDF.js (Mozilla's PDF reader) the way a viewer would: through
 * the embedded fonts' character maps, so what it returns is what a reader sees and can copy.
 */
export async function extractPdfText(pdf: Buffer | Uint8Array): Promise<string> {
  const loadingTask = getDocument({ data: new Uint8Array(pdf), verbosity: 0 });
  const document = await loadingTask.promise;
  try {
    const pages: string[] = [];
    for (let number = 1; number <= document.numPages; number += 1) {
      const content = await (await document.getPage(number)).getTextContent();
      pages.push(
        content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join(''),
      );
    }
    return pages.join('\n');
  } finally {
    await loadingTask.destroy();
  }
}
