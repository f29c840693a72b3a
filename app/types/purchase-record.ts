import type { CategorySlug } from "~/config/shop";
import type { DeviceGrade, PayoutMethod, SellerIdType } from "./trade";

/**
 * A counter purchase as its record shows it (browser-safe): the ID's last four only, never the
 * sealed number, and whether the number is still kept.
 */
export type PurchaseRecordView = {
  id: number;
  createdAt: Date;
  sellerName: string;
  sellerPhone: string;
  idType: SellerIdType;
  idNumberLast4: string;
  idKept: boolean;
  category: CategorySlug;
  brand: string;
  model: string;
  storage: string;
  colour: string | null;
  imei: string | null;
  serialNumber: string | null;
  blocklistCheckedAt: Date;
  checkedBy: string | null;
  grade: DeviceGrade;
  offeredCents: number | null;
  offerReference: string | null;
  paidCents: number;
  lowerReason: string | null;
  payoutMethod: PayoutMethod;
  payoutReference: string | null;
  declarationName: string;
  signature: string | null;
  declaredAt: Date;
  stockId: number | null;
};
