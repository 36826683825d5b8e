/** Hands a downloaded file to the browser as a download with `filename`. */
export function saveFile(file: Blob, filename: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the download a moment to start before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A file name made of plain letters (`CV-Astrid-Lindqvist-sv.pdf`). */
export function fileNameOf(parts: readonly (string | null | undefined)[], extension: string): string {
  const name = parts
    .filter(Boolean)
    .join('-')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9-]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
  return `${name || 'cv'}.${extension}`;
}
