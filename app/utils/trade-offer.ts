import type { DeviceGrade, OfferAnswers } from "~/types/trade";
import { gradeLabel } from "~/content/device-grades";

/** A buyback grid row's prices and deductions, in cents: what an offer is worked out from. */
export type GridPrices = {
  excellentCents: number;
  goodCents: number;
  fairCents: number;
  brokenCents: number;
  batteryDeductionCents: number;
  partsDeductionCents: number;
  carrierLockDeductionCents: number;
};

/** Something that took money off the grade's price, as the offer page names it. */
export type OfferDeduction = { reason: string; cents: number };

/**
 * What the answers come to:
 * - `offer`: the amount (more than 0), the grade priced, and what was taken off;
 * - `account_locked`: still signed in to iCloud or Google: no one can buy it so;
 * - `no_offer`: the grid gives nothing for it (a price of 0, or deductions that eat it all): the
 *   seller brings it in and the shop looks at it.
 */
export type OfferResult =
  | {
      outcome: "offer";
      grade: DeviceGrade;
      gradeCents: number;
      deductions: OfferDeduction[];
      offerCents: number;
    }
  | { outcome: "account_locked" }
  | { outcome: "no_offer"; grade: DeviceGrade };

/** The grade the answers describe: the worst thing said decides it. */
export function gradeOf(answers: OfferAnswers): DeviceGrade {
  if (!answers.powersOn || answers.screen === "cracked") return "broken";
  if (answers.body === "damaged") return "fair";
  if (answers.screen === "scratched" || answers.body === "scratched") return "good";
  return "excellent";
}

const gradePrice = (prices: GridPrices, grade: DeviceGrade) =>
  ({
    excellent: prices.excellentCents,
    good: prices.goodCents,
    fair: prices.fairCents,
    broken: prices.brokenCents,
  })[grade];

/**
 * The instant offer for a device from its grid row and the seller's answers. Pure and
 * browser-safe: the server works it out again from the stored grid whenever an offer is stored,
 * so a posted amount is never trusted.
 */
export function computeOffer(prices: GridPrices, answers: OfferAnswers): OfferResult {
  if (answers.accountLocked) return { outcome: "account_locked" };
  const grade = gradeOf(answers);
  const gradeCents = gradePrice(prices, grade);
  if (gradeCents <= 0) return { outcome: "no_offer", grade };
  const deductions: OfferDeduction[] = [
    answers.battery !== "good" && {
      reason: answers.battery === "worn" ? "Battery health below 80 %" : "Battery health not known",
      cents: prices.batteryDeductionCents,
    },
    !answers.partsWork && {
      reason: "A camera, a button, or Face ID or Touch ID does not work",
      cents: prices.partsDeductionCents,
    },
    answers.carrierLocked && {
      reason: "Locked to a carrier",
      cents: prices.carrierLockDeductionCents,
    },
  ].filter((d): d is OfferDeduction => !!d && d.cents > 0);
  const offerCents = Math.max(0, gradeCents - deductions.reduce((sum, d) => sum + d.cents, 0));
  if (offerCents === 0) return { outcome: "no_offer", grade };
  return { outcome: "offer", grade, gradeCents, deductions, offerCents };
}

/** What each grade asks of a device being bought, as the seller reads it with the grade's name. */
const sellerCriteria: Record<DeviceGrade, string> = {
  excellent: "works fully, no marks on the screen or body",
  good: "works fully, light scratches",
  fair: "works, with dents, cracks or heavy wear on the body",
  broken: "does not power on, or the screen is cracked",
};

/** "Good: works fully, light scratches", on the offer page, its e-mail and the staff's copy. */
export const sellerGradeText = (grade: DeviceGrade) =>
  `${gradeLabel(grade)}: ${sellerCriteria[grade]}`;

export const accountLockedMessage =
  "We can't buy a device that is still signed in to an account lock. Turn off Find My (iCloud) on an Apple device, or remove the Google account on an Android one, then ask for your offer again.";

export const noOfferMessage =
  "We can't make an offer online for this one. Bring it in and we'll take a look.";
