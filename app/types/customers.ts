import type { BookingStatus, NotifyChannel } from "~/types/booking";

/** A customer as the list shows them. */
export type CustomerListItem = {
  id: number;
  name: string;
  version: number;
  phones: string[];
  emails: string[];
  repairs: number;
  lastRepair: string | null;
};

/** A device as the customer and device pages show it. */
export type DeviceLine = {
  id: number;
  name: string;
  identifierLabel: string;
  identifier: string;
  /** The form's category slug, brand, model and identifier, for the walk-in form to fill in. */
  fill: {
    deviceCategory: string;
    deviceBrand: string;
    deviceModel: string;
    deviceIdentifier: string;
  };
};

type CustomerRepairLine = {
  id: number;
  reference: string;
  status: BookingStatus;
  device: string;
  issueType: string;
  createdAt: string;
};

type CustomerContactLine = {
  id: number;
  kind: "phone" | "email";
  value: string;
  /** Phones only: the number replied STOP, so no text goes to it. */
  stopped: boolean;
};

/** Everything the customer page shows, formatted on the server. */
export type CustomerView = {
  customer: {
    id: number;
    firstName: string;
    lastName: string;
    name: string;
    notifyBy: NotifyChannel;
    notifyByLabel: string;
    reviewOptIn: boolean;
    version: number;
    createdAt: string;
  };
  contacts: CustomerContactLine[];
  devices: DeviceLine[];
  repairs: CustomerRepairLine[];
  quotes: {
    id: number;
    reference: string;
    amount: string;
    covers: string;
    status: string;
    at: string;
  }[];
  texts: { id: number; from: string; body: string; at: string; reference: string | null }[];
  messages: {
    id: number;
    reference: string | null;
    kind: string;
    channel: string;
    status: string;
    at: string;
  }[];
};

/** A known customer offered on the walk-in form, with what picking them fills in. */
export type CustomerMatch = {
  id: number;
  name: string;
  phone: string | null;
  email: string | null;
  fill: {
    firstName: string;
    lastName: string;
    phone: string;
    email: string;
    notifyBy: NotifyChannel;
  };
  devices: DeviceLine[];
};
