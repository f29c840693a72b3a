import { createHash, randomBytes } from "node:crypto";
import zlib from "node:zlib";

/**
 * A rendered page kept in memory, whose per-response values (the CSP nonce, the request id, and a
 * form page's submission key) are holes filled in for each response. The page is compressed once, gzip and brotli, with every
 * hole left as raw bytes in the compressed stream (a stored deflate block, an uncompressed brotli
 * meta-block), so a response only splices its own values between precompressed chunks.
 */
type HoleKind = "nonce" | "requestId" | "formKey";
export type HoleValues = { nonce: string; requestId: string; formKey?: string };

/**
 * One encoding of the page: the bytes between the holes, each hole's raw-block header and the
 * bytes carried after it already in place (the values' lengths never change), so a response only
 * copies these into one buffer and writes its values between them.
 */
type Template = { pieces: (Buffer | HoleKind)[]; length: number };

export type CachedPage = {
  headers: [string, string][];
  etag: string;
  identity: Template;
  /**
   * The CRC-32 of the page's first part, and the holes and parts after it, for each response's
   * trailer.
   */
  gzip?: Template & { crcOfFirstPart: number; holes: HoleKind[]; partsAfterHoles: Buffer[] };
  brotli?: Template;
  /** A form page: each response needs a submission key of its own. */
  formKey: boolean;
  /** Bytes held, for the cache's memory bound. */
  bytes: number;
};

/**
 * The bytes of a hole's raw block that follow its value: brotli picks a literal's code from the two
 * bytes before it, so the raw block ends with two bytes of the page itself, the same in every
 * response.
 */
const carried = 2;

/** The kinds of value a render carries. */
const kindsOf = (values: HoleValues) =>
  (Object.keys(values) as HoleKind[]).filter((kind) => values[kind] !== undefined);

/**
 * Where the render's own values are, in page order; null when one appears where no value belongs
 * (a request id that page text happens to repeat), or a form page's key is not there exactly once,
 * so the page is not kept.
 */
function findHoles(html: Buffer, rendered: HoleValues): { at: number; kind: HoleKind }[] | null {
  const holes: { at: number; kind: HoleKind }[] = [];
  for (const kind of kindsOf(rendered)) {
    const needle = Buffer.from(rendered[kind]!);
    for (let at = html.indexOf(needle); at !== -1; at = html.indexOf(needle, at + needle.length))
      holes.push({ at, kind });
  }
  holes.sort((a, b) => a.at - b.at);
  // A nonce only ever goes in a nonce attribute, and the root's data quotes one request id.
  const nonceAttribute = Buffer.from('nonce="');
  const misplaced = holes.some(
    ({ at, kind }) =>
      kind === "nonce" && !html.subarray(at - nonceAttribute.length, at).equals(nonceAttribute),
  );
  const count = (kind: HoleKind) => holes.filter((hole) => hole.kind === kind).length;
  const formKeys = rendered.formKey === undefined ? 0 : 1;
  return misplaced || count("requestId") > 1 || count("formKey") !== formKeys ? null : holes;
}

/** Stored deflate block (RFC 1951 §3.2.4): not final, its header padded to a byte. */
function storedBlockHeader(length: number) {
  return Buffer.from([0, length & 0xff, length >> 8, ~length & 0xff, (~length >> 8) & 0xff]);
}

/** Uncompressed brotli meta-block (RFC 7932 §9.2): not last, MLEN in 4 nibbles, ISUNCOMPRESSED. */
function uncompressedMetaBlockHeader(length: number) {
  const bits = ((length - 1) << 3) | (1 << 19);
  return Buffer.from([bits & 0xff, (bits >> 8) & 0xff, bits >> 16]);
}

type Encoder = zlib.DeflateRaw | zlib.BrotliCompress;

/**
 * Compresses the page with each hole (and its carried bytes) flushed into a block of its own, then
 * drops those blocks: each response puts a raw block with its own values in their place. The
 * encoder sees random bytes where the values go, which nothing else in the page repeats.
 */
async function compressAroundHoles(
  encoder: Encoder,
  flushKind: number,
  parts: Buffer[],
  holeLengths: number[],
): Promise<Buffer[]> {
  let pending: Buffer[] = [];
  encoder.on("data", (chunk: Buffer) => pending.push(chunk));
  const take = () => {
    const chunk = Buffer.concat(pending);
    pending = [];
    return chunk;
  };
  const flush = () =>
    new Promise<Buffer>((resolve) => encoder.flush(flushKind, () => resolve(take())));
  const chunks: Buffer[] = [];
  for (const [i, part] of parts.entries()) {
    encoder.write(i === 0 ? part : part.subarray(carried));
    if (i === parts.length - 1) break;
    chunks.push(await flush());
    // The bytes after a hole go out with the hole's value; the filler stands in for the value.
    // Random high bytes: a filler the encoder finds little to copy from, or to copy within.
    const filler = randomBytes(holeLengths[i]!).map((byte) => 0x80 | byte);
    encoder.write(Buffer.concat([filler, parts[i + 1]!.subarray(0, carried)]));
    await flush();
  }
  const ended = new Promise<void>((resolve, reject) =>
    encoder.once("end", resolve).once("error", reject),
  );
  encoder.end();
  await ended;
  chunks.push(take());
  return chunks;
}

const gzipHeader = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);
const gzipTrailerLength = 8;

/**
 * Lays out one encoding: `chunks` holds the bytes before the first hole, between the holes and
 * after the last; in a compressed encoding each hole is a raw block of its value and the bytes
 * carried after it.
 */
function template(
  chunks: Buffer[],
  holes: HoleKind[],
  valueLengths: HoleValues,
  raw?: { header(length: number): Buffer; parts: Buffer[] },
): Template {
  const pieces: (Buffer | HoleKind)[] = [];
  let pending: Buffer[] = [chunks[0]!];
  for (const [i, kind] of holes.entries()) {
    if (raw) pending.push(raw.header(valueLengths[kind]!.length + carried));
    pieces.push(Buffer.concat(pending), kind);
    pending = raw ? [raw.parts[i + 1]!.subarray(0, carried), chunks[i + 1]!] : [chunks[i + 1]!];
  }
  pieces.push(Buffer.concat(pending));
  const length = pieces.reduce(
    (sum, piece) => sum + (typeof piece === "string" ? valueLengths[piece]!.length : piece.length),
    0,
  );
  return { pieces, length };
}

function fill({ pieces }: Template, body: Buffer, values: HoleValues) {
  let at = 0;
  for (const piece of pieces)
    at +=
      typeof piece === "string" ? body.write(values[piece]!, at, "latin1") : piece.copy(body, at);
  return at;
}

/** The page as one response sends it: identity, gzip or brotli, with this response's values. */
export function pageBody(
  page: CachedPage,
  encoding: "identity" | "gzip" | "br",
  values: HoleValues,
): Buffer {
  if (encoding !== "gzip") {
    const chosen = encoding === "br" ? page.brotli! : page.identity;
    const body = Buffer.allocUnsafe(chosen.length);
    fill(chosen, body, values);
    return body;
  }
  const gzip = page.gzip!;
  const body = Buffer.allocUnsafe(gzip.length + gzipTrailerLength);
  const at = fill(gzip, body, values);
  // The CRC of the page with these values: the first part's is kept, the rest is read on.
  let crc = gzip.crcOfFirstPart;
  for (const [i, kind] of gzip.holes.entries())
    crc = zlib.crc32(gzip.partsAfterHoles[i]!, zlib.crc32(values[kind]!, crc));
  body.writeUInt32LE(crc >>> 0, at);
  body.writeUInt32LE(page.identity.length >>> 0, at + 4);
  return body;
}

/**
 * Two sets of values as long as the render's that differ from each other in every character. A
 * compressed variant that decodes right with both copies nothing from a hole to where it does not
 * belong, so it decodes right with any values.
 */
function probesFor(rendered: HoleValues): HoleValues[] {
  return ["ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz"].map((letters) => {
    const probe = (value: string) =>
      letters.repeat(Math.ceil(value.length / 26)).slice(0, value.length);
    return {
      nonce: probe(rendered.nonce),
      requestId: probe(rendered.requestId),
      formKey: rendered.formKey === undefined ? undefined : probe(rendered.formKey),
    };
  });
}

function decodesRight(page: CachedPage, encoding: "gzip" | "br", rendered: HoleValues) {
  return probesFor(rendered).every((values) => {
    const body = pageBody(page, encoding, values);
    const decoded = encoding === "gzip" ? zlib.gunzipSync(body) : zlib.brotliDecompressSync(body);
    return decoded.equals(pageBody(page, "identity", values));
  });
}

/**
 * An encoding made with a filler that it decodes right with, or none. Brotli's encoder carries
 * state across a flushed block (the last distances it used), so a filler's block can now and then
 * (a few renders in a thousand) leave the next block reading differently once the hole is a raw
 * block: another random filler almost always does not.
 */
async function holeFree<T>(make: () => Promise<T>, decodes: (encoded: T) => boolean) {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const encoded = await make();
    if (decodes(encoded)) return encoded;
  }
  return undefined;
}

/**
 * Builds the cached page from a body rendered for one response, whose nonce, request id and form
 * key (on a form page) mark the holes; null when they cannot be told apart from the page's text.
 * Every later response's values have the same lengths (a 16-byte nonce in base64, an 8-digit
 * request id, a signed key of fixed length).
 */
export async function cachePage(
  html: Buffer,
  headers: [string, string][],
  buildVersion: string,
  rendered: HoleValues,
): Promise<CachedPage | null> {
  const holes = findHoles(html, rendered);
  if (!holes) return null;
  const parts: Buffer[] = [];
  let from = 0;
  for (const { at, kind } of holes) {
    parts.push(html.subarray(from, at));
    from = at + rendered[kind]!.length;
  }
  parts.push(html.subarray(from));
  if (parts.slice(1).some((part) => part.length < carried)) return null;
  const holeLengths = holes.map(({ kind }) => rendered[kind]!.length);
  const kinds = holes.map(({ kind }) => kind);
  // Over the page without its values: the same content rendered again keeps its ETag.
  const digest = createHash("sha256");
  for (const part of parts) digest.update(part);
  const hash = digest.digest("base64url").slice(0, 16);
  const page: CachedPage = {
    headers,
    etag: `W/"${buildVersion}-${hash}"`,
    identity: template(parts, kinds, rendered),
    formKey: rendered.formKey !== undefined,
    bytes: 0,
  };
  const gzipOf = async () => {
    const chunks = await compressAroundHoles(
      zlib.createDeflateRaw({ level: 9 }),
      zlib.constants.Z_SYNC_FLUSH,
      parts,
      holeLengths,
    );
    return {
      ...template([Buffer.concat([gzipHeader, chunks[0]!]), ...chunks.slice(1)], kinds, rendered, {
        header: storedBlockHeader,
        parts,
      }),
      crcOfFirstPart: zlib.crc32(parts[0]!),
      holes: kinds,
      partsAfterHoles: parts.slice(1).map((part) => Buffer.from(part)),
    };
  };
  const brotliOf = async () => {
    const chunks = await compressAroundHoles(
      zlib.createBrotliCompress({
        params: {
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          // Quality 11 takes a second for the largest price list; 9 takes tens of milliseconds and
          // is 10% larger.
          [zlib.constants.BROTLI_PARAM_QUALITY]: 9,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: html.length,
        },
      }),
      zlib.constants.BROTLI_OPERATION_FLUSH,
      parts,
      holeLengths,
    );
    return template(chunks, kinds, rendered, { header: uncompressedMetaBlockHeader, parts });
  };
  // Both on the thread pool at once: the first visitor after a price change waits for them.
  [page.gzip, page.brotli] = await Promise.all([
    holeFree(gzipOf, (gzip) => decodesRight({ ...page, gzip }, "gzip", rendered)),
    holeFree(brotliOf, (brotli) => decodesRight({ ...page, brotli }, "br", rendered)),
  ]);
  const size = (buffers: (Buffer | HoleKind)[] = []) =>
    buffers.reduce((sum, piece) => sum + (typeof piece === "string" ? 0 : piece.length), 0);
  page.bytes =
    size(page.identity.pieces) +
    size(page.gzip?.pieces) +
    size(page.gzip?.partsAfterHoles) +
    size(page.brotli?.pieces);
  return page;
}
