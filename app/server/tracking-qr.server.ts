import QRCode from "qrcode";
import { trackingUrl } from "~/utils/booking-reference";
import { publicOrigin } from "~/server/env.server";

type TrackingQr = { url: string; svg: string };

/** The same link drawn the same way everywhere, so a test can draw it again and compare. */
const trackingQrSvg = (url: string) =>
  QRCode.toString(url, { type: "svg", margin: 0, errorCorrectionLevel: "M" });

/**
 * A booking's secret tracking link and its QR code, as SVG markup for inline use: printed pages
 * need no image request, and inline SVG passes the content security policy (no data: scripts).
 * The markup holds only the code's squares, never the link's text.
 */
export async function trackingQr(token: string): Promise<TrackingQr> {
  const url = trackingUrl(publicOrigin(), token);
  return { url, svg: await trackingQrSvg(url) };
}
