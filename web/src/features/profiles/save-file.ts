// Downloads are shared by several features; profiles keeps its import path.
export { saveFile } from '../../lib/save-file';

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
