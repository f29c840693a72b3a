/** A figure as the About page shows it: "1,500+". */
export const formatCount = (n: number, suffix: string) => `${n.toLocaleString("en-CA")}${suffix}`;
