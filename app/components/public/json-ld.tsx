/**
 * Data in a page for a program to read, as `type` says (never run). `<` is escaped so no text,
 * however the owner or a visitor wrote it, can close the script early.
 */
export function JsonData({ data, type, id }: { data: object; type: string; id?: string }) {
  return (
    <script
      type={type}
      id={id}
      dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, "\\u003c") }}
    />
  );
}

/** Structured data for search engines. */
export const JsonLd = ({ data }: { data: object }) => (
  <JsonData data={data} type="application/ld+json" />
);
