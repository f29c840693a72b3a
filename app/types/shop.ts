import type { CategorySlug } from "~/config/shop";
import type { DeviceGrade } from "~/types/trade";

/** What /shop shows of a device for sale (issue 33). */
export type ShopDevice = {
  publicId: string;
  category: CategorySlug;
  brand: string;
  model: string;
  storage: string;
  colour: string | null;
  grade: DeviceGrade;
  batteryHealth: number | null;
  priceCents: number;
  warrantyMonths: number;
  /** The first photo's public id, for /photos/{id}/thumb. */
  photo: string | null;
};

/** A device page's device: the card's facts, its description, all its photos and where it stands. */
export type ShopDeviceDetail = Omit<ShopDevice, "photo"> & {
  description: string;
  photos: { publicId: string; caption: string | null; width: number; height: number }[];
  /** available: can be reserved or bought; reserved: held for someone; sold. */
  availability: "available" | "reserved" | "sold";
  listedAt: Date | null;
};

/** A device the counter may sell on an invoice: listed, or held for a customer. */
export type CounterDevice = {
  publicId: string;
  /** Model, price and IMEI or serial, as the picker lists it. */
  label: string;
  reserved: boolean;
};
