import QRCode from "qrcode";
import { labelUrl, trackingUrl } from "~/utils/booking-reference";
import { publicOrigin } from "~/server/env.server";

type TrackingQr = { url: string; svg: string };

/** The same link drawn the same way everywhere, so a test can draw it again and compare. */
const qrSvg = (url: string) =>
  QRCode.toString(url, { type: "svg", margin: 0, errorCorrectionLevel: "M" });

const linkQr = async (url: string): Promise<TrackingQr> => ({ url, svg: await qrSvg(url) });

/**
 * A booking's secret tracking link and its QR code, as SVG markup for inline use: printed pages
 * need no image request, and inline SVG passes the content security policy (no data: scripts).
 * The markup holds only the code's squares, never the link's text.
 */
export const trackingQr = (token: string) => linkQr(trackingUrl(publicOrigin(), token));

/** The device label's link and its QR code, drawn the same way (`labelUrl`). */
export const labelQr = (token: string) => linkQr(labelUrl(publicOrigin(), token));
