/**
 * A small multipart/form-data reader (RFC 7578) for the few upload calls: the body is
 * already in memory, bounded by the route's body limit. Node 20 has no parser of its own
 * and the provider takes no dependency for one.
 */

export interface MultipartPart {
  readonly name: string | null;
  readonly fileName: string | null;
  readonly contentType: string | null;
  readonly data: Buffer;
}

const MAX_PARTS = 32;
const MAX_HEADER_BYTES = 8 * 1024;

/** The boundary of a multipart/form-data content type, or null. */
export function multipartBoundary(contentType: string | undefined): string | null {
  if (!contentType || !/^multipart\/form-data\s*(;|$)/i.test(contentType)) return null;
  const match = /;\s*boundary\s*=\s*(?:"([^"]{1,70})"|([^\s;"]{1,70}))/i.exec(contentType);
  return match?.[1] ?? match?.[2] ?? null;
}

function headerParameter(header: string, parameter: string): string | null {
  const match = new RegExp(`(?:^|;)\\s*${parameter}\\s*=\\s*(?:"((?:[^"\\\\]|\\\\.)*)"|([^;\\s]*))`, 'i').exec(header);
  if (!match) return null;
  return (match[1] ?? match[2] ?? '').replace(/\\(.)/g, '$1');
}

function parseHeaders(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of block.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

/** The parts of a multipart body, or null when the body is not well-formed multipart. */
export function parseMultipart(body: Buffer, boundary: string): MultipartPart[] | null {
  const delimiter = Buffer.from(`--${boundary}`);
  let position = body.indexOf(delimiter);
  if (position < 0) return null;
  const parts: MultipartPart[] = [];
  while (parts.length <= MAX_PARTS) {
    position += delimiter.length;
    // The closing delimiter ends the body.
    if (body[position] === 0x2d && body[position + 1] === 0x2d) return parts;
    if (body[position] === 0x0d && body[position + 1] === 0x0a) position += 2;
    else if (body[position] === 0x0a) position += 1;
    else return null;
    let headerEnd = body.indexOf('\r\n\r\n', position);
    let bodyStart = headerEnd + 4;
    const lfOnly = body.indexOf('\n\n', position);
    if (lfOnly >= 0 && (headerEnd < 0 || lfOnly < headerEnd)) {
      headerEnd = lfOnly;
      bodyStart = lfOnly + 2;
    }
    if (headerEnd < 0 || headerEnd - position > MAX_HEADER_BYTES) return null;
    const headers = parseHeaders(body.subarray(position, headerEnd).toString('utf8'));
    const next = body.indexOf(delimiter, bodyStart);
    if (next < 0) return null;
    let end = next;
    if (body[end - 1] === 0x0a) end -= 1;
    if (body[end - 1] === 0x0d) end -= 1;
    const disposition = headers.get('content-disposition') ?? '';
    parts.push({
      name: headerParameter(disposition, 'name'),
      fileName: headerParameter(disposition, 'filename'),
      contentType: headers.get('content-type') ?? null,
      data: body.subarray(bodyStart, Math.max(bodyStart, end)),
    });
    position = next;
  }
  return null;
}
