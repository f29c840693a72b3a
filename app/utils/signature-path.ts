/**
 * A finger-drawn signature as the purchase stores it: SVG path data in a 600 × 200 box, whole
 * numbers only, made of strokes ("M x y" then "L x y" for each point). Browser-safe: the pad
 * writes it and the server checks it before storing, so the printed record draws only a path.
 */
export const signatureBox = { width: 600, height: 200 } as const;

/** Enough for a long signature (about 2,000 points); more is not a signature. */
export const signatureMax = 20_000;

const point = String.raw`\d{1,3} \d{1,3}`;
// Each stroke starts with M and each point with L, so the pattern reads every character once.
const pathPattern = new RegExp(`^(?:M${point}(?:L${point})*)+$`);

export const isSignaturePath = (value: string) =>
  value.length <= signatureMax && pathPattern.test(value);

/** A point on the pad, in the box's units, as the path stores it. */
export const pathPoint = (x: number, y: number) =>
  `${Math.round(Math.min(signatureBox.width, Math.max(0, x)))} ${Math.round(Math.min(signatureBox.height, Math.max(0, y)))}`;
