/**
 * Text cut at a buffer's edge, as React 18.3's streaming renderer cut it (react#26228): when a
 * multi-byte character did not fit in the rest of its 2 KB buffer, the whole buffer went out, its
 * unused bytes as U+0000, and the character followed in the next one. Another encoder that split a
 * character would leave bytes that decode to U+FFFD. server-no-nul.spec.ts looks for both in what
 * the app sends; run against a build on react-dom 18.3.1, it finds that version's NULs.
 */

/** One character of each UTF-8 length above one byte: 2 (é), 3 (—) and 4 (😀) bytes. */
const group = "é—😀";
export const groupBytes = Buffer.byteLength(group);

/**
 * Multi-byte characters, at least `bytes` bytes of them, repeating é—😀 so that a buffer edge
 * anywhere in the run falls inside or beside a character of each length as the run's start moves.
 */
export function multiByteRun(bytes: number): string {
  return group.repeat(Math.ceil(bytes / groupBytes));
}

/** The character references and escapes a NUL or replacement character may be sent as. */
const spelt = {
  // eslint-disable-next-line no-control-regex -- finding NUL is the point
  nul: /\u0000|\\u0000|\\x00|&#0+;|&#x0+;/gi,
  replacement: /\uFFFD|\\ufffd|&#65533;|&#xfffd;/gi,
};

/**
 * Every NUL in `body` (raw, decoded, or escaped as JSON or HTML would write it) and every U+FFFD
 * (bytes that are not UTF-8 decode to it) unless one of the texts `sent` held one, each described
 * with its place and the text around it; none means the text came through whole.
 */
export function brokenText(body: Uint8Array | string, sent: readonly string[] = []): string[] {
  const found: string[] = [];
  const bytes = Buffer.from(body);
  // The text around a place, from and to whole characters.
  const whole = (at: number) => {
    while (at > 0 && at < bytes.length && (bytes[at]! & 0xc0) === 0x80) at--;
    return Math.max(0, Math.min(at, bytes.length));
  };
  const around = (at: number, length: number) =>
    JSON.stringify(
      `${bytes.subarray(whole(at - 20), at).toString()}[${bytes.subarray(at, at + length).toString()}]${bytes.subarray(at + length, whole(at + length + 20)).toString()}`,
    );
  for (let at = bytes.indexOf(0); at !== -1;) {
    let end = at + 1;
    while (bytes[end] === 0) end++;
    found.push(`${end - at} NUL byte(s) at byte ${at}: ${around(at, end - at)}`);
    at = bytes.indexOf(0, end);
  }
  const text = new TextDecoder("utf-8").decode(bytes);
  const look = (pattern: RegExp, name: string) => {
    for (const match of text.matchAll(pattern)) {
      // Raw NUL bytes are reported above.
      if (match[0] === "\u0000") continue;
      // Bytes that are not UTF-8 decode to U+FFFD, which is longer: the place is the decoded one's.
      const at = Buffer.byteLength(text.slice(0, match.index));
      const context = JSON.stringify(text.slice(Math.max(0, match.index - 20), match.index + 20));
      found.push(`${name} written ${JSON.stringify(match[0])} near byte ${at}: ${context}`);
    }
  };
  look(spelt.nul, "U+0000");
  if (!sent.some((value) => value.includes("\uFFFD"))) look(spelt.replacement, "U+FFFD");
  return found;
}
