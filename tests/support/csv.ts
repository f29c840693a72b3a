/**
 * A strict RFC 4180 reader for tests: quoted cells with "" inside, CRLF after every record, and
 * anything else (a bare line break, a stray quote, an unterminated last line) is an error.
 */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c !== '"') cell += c;
      else if (text[i + 1] === '"') cell += text[++i];
      else quoted = false;
    } else if (c === '"') {
      if (cell !== "") throw new Error(`stray quote at ${i}`);
      quoted = true;
    } else if (c === ",") {
      record.push(cell);
      cell = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      record.push(cell);
      records.push(record);
      record = [];
      cell = "";
      i++;
    } else if (c === "\r" || c === "\n") {
      throw new Error(`bare line break at ${i}`);
    } else {
      cell += c;
    }
  }
  if (quoted || cell !== "" || record.length)
    throw new Error("the last record does not end with CRLF");
  return records;
}
