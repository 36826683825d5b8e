/**
 * The file name a Content-Disposition header gives (RFC 6266): `filename*=UTF-8''…` wins over `filename=…`.
 * Null without one, or with a name that would leave the download folder.
 */
export function fileNameFromContentDisposition(header: string | null): string | null {
  if (!header) return null;
  let name: string | null = null;
  const extended = /filename\*\s*=\s*([\w-]+)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[1]?.toLowerCase() === 'utf-8') {
    try {
      name = decodeURIComponent(extended[2]!.trim());
    } catch {
      name = null;
    }
  }
  if (name === null) {
    const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/i.exec(header);
    name = plain ? (plain[1]?.replace(/\\(.)/g, '$1') ?? plain[2] ?? null) : null;
  }
  if (!name || /[/\\]/.test(name) || name === '.' || name === '..') return null;
  return name;
}
