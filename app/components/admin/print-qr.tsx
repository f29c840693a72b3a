/**
 * A tracking link's QR code, drawn on the server as SVG markup (squares only, no text from the
 * link) and placed inline: no image request, nothing the content security policy refuses.
 */
export function TrackingQrCode({
  svg,
  className,
  label = "QR code of the private tracking link",
}: {
  svg: string;
  className: string;
  label?: string;
}) {
  return (
    <div
      data-testid="tracking-qr"
      role="img"
      aria-label={label}
      className={`bg-white [&>svg]:block [&>svg]:h-full [&>svg]:w-full ${className}`}
      // Markup from the qrcode package for a link the server built; it holds no visitor input.
      dangerouslySetInnerHTML={{ __html: svg }}
    />
  );
}
