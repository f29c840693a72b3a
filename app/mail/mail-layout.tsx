import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { address, brand, contact, openingHoursText } from "~/config/shop";

/** A rendered e-mail: what the outbox stores and the worker sends. */
export type MailContent = { subject: string; text: string; html: string };

const font = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
const colors = {
  brand: "#1e40af",
  text: "#0f172a",
  muted: "#475569",
  line: "#e2e8f0",
  panel: "#f8fafc",
} as const;

/*
 * Mail clients ignore <style> sheets and most layout CSS, so these few building blocks carry
 * inline styles and a single 600px column that shrinks on a phone. React escapes every value
 * it renders, so customer-supplied text can never turn into markup.
 */

export function Paragraph({ children }: { children: ReactNode }) {
  return (
    <p style={{ margin: "0 0 16px", fontSize: "16px", lineHeight: "24px", color: colors.text }}>
      {children}
    </p>
  );
}

export function Heading({ children }: { children: ReactNode }) {
  return (
    <h2 style={{ margin: "24px 0 8px", fontSize: "18px", lineHeight: "24px", color: colors.text }}>
      {children}
    </h2>
  );
}

/** Label and value pairs; a value that is empty is left out. */
export function Details({ rows }: { rows: readonly (readonly [string, ReactNode])[] }) {
  return (
    <table
      role="presentation"
      width="100%"
      cellPadding={0}
      cellSpacing={0}
      style={{ margin: "0 0 16px", borderCollapse: "collapse", background: colors.panel }}
    >
      <tbody>
        {rows
          .filter(([, value]) => value !== null && value !== undefined && value !== "")
          .map(([label, value]) => (
            <tr key={label}>
              <th
                scope="row"
                align="left"
                style={{
                  verticalAlign: "top",
                  padding: "8px 12px",
                  width: "35%",
                  fontSize: "14px",
                  color: colors.muted,
                  fontWeight: "normal",
                  borderBottom: `1px solid ${colors.line}`,
                }}
              >
                {label}
              </th>
              <td
                style={{
                  padding: "8px 12px",
                  fontSize: "15px",
                  color: colors.text,
                  borderBottom: `1px solid ${colors.line}`,
                  whiteSpace: "pre-line",
                  wordBreak: "break-word",
                }}
              >
                {value}
              </td>
            </tr>
          ))}
      </tbody>
    </table>
  );
}

export function Button({ href, children }: { href: string; children: ReactNode }) {
  return (
    <p style={{ margin: "8px 0 24px" }}>
      <a
        href={href}
        style={{
          display: "inline-block",
          padding: "12px 20px",
          borderRadius: "6px",
          background: colors.brand,
          color: "#ffffff",
          fontWeight: "bold",
          textDecoration: "none",
        }}
      >
        {children}
      </a>
    </p>
  );
}

/** A link written out in full, so it can be copied from clients that hide the button. */
export function PlainLink({ href }: { href: string }) {
  return (
    <Paragraph>
      <a href={href} style={{ color: colors.brand, wordBreak: "break-all" }}>
        {href}
      </a>
    </Paragraph>
  );
}

function ShopFooter() {
  const small = {
    margin: "0 0 4px",
    fontSize: "13px",
    lineHeight: "20px",
    color: colors.muted,
  } as const;
  return (
    <div style={{ marginTop: "32px", paddingTop: "16px", borderTop: `1px solid ${colors.line}` }}>
      <p style={{ ...small, fontWeight: "bold", color: colors.text }}>{brand.name}</p>
      <p style={small}>{address.full}</p>
      <p style={small}>
        <a href={contact.phone.href} style={{ color: colors.brand }}>
          {contact.phone.display}
        </a>
        {" · "}
        <a href={`mailto:${contact.emails.info}`} style={{ color: colors.brand }}>
          {contact.emails.info}
        </a>
      </p>
      {openingHoursText.map((line) => (
        <p key={line.days} style={small}>
          {line.days}: {line.hours}
        </p>
      ))}
    </div>
  );
}

/** The HTML part: the shop's name on top, the message, the shop's contact details below. */
export function mailHtml(title: string, body: ReactNode): string {
  const markup = renderToStaticMarkup(
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
      </head>
      <body style={{ margin: 0, padding: 0, background: "#ffffff", fontFamily: font }}>
        <div style={{ maxWidth: "600px", margin: "0 auto", padding: "24px 16px" }}>
          <p
            style={{
              margin: "0 0 24px",
              fontSize: "22px",
              fontWeight: "bold",
              color: colors.brand,
            }}
          >
            {brand.name}
          </p>
          <h1
            style={{ margin: "0 0 16px", fontSize: "22px", lineHeight: "28px", color: colors.text }}
          >
            {title}
          </h1>
          {body}
          <ShopFooter />
        </div>
      </body>
    </html>,
  );
  return `<!DOCTYPE html>${markup}`;
}

/** The plain-text part: blocks separated by blank lines, then the shop's contact details. */
export function mailText(blocks: readonly (string | false | null | undefined)[]): string {
  const footer = [
    "--",
    brand.name,
    address.full,
    `${contact.phone.display} · ${contact.emails.info}`,
    ...openingHoursText.map((line) => `${line.days}: ${line.hours}`),
  ].join("\n");
  return `${[...blocks.filter((block): block is string => !!block), footer].join("\n\n")}\n`;
}

/** "Label: value" lines for the plain-text part, leaving out empty values. */
export function textDetails(
  rows: readonly (readonly [string, string | null | undefined])[],
): string {
  return rows
    .filter(([, value]) => value)
    .map(([label, value]) => `${label}: ${value}`)
    .join("\n");
}
