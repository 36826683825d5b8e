/** A file part of a multipart body: its bytes, the name the browser gives it and its media type. */
export interface MultipartFile {
  bytes: Buffer;
  filename: string;
  contentType: string;
}

/**
 * A multipart/form-data body as a browser's FormData sends it: text fields, then one file part (named
 * `file`, as the upload routes read it). Spread `headers` into the request's headers.
 */
export function multipartBody(fields: Record<string, string>, file: MultipartFile | null) {
  const boundary = `----mp${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.filename}"\r\n` +
          `Content-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A multipart/form-data body with only one file part, as an upload form sends a picture or a logo. */
export const multipartFile = (file: MultipartFile) => multipartBody({}, file);
