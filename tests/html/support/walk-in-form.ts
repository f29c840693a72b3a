import type { HtmlForm } from "./html-page";

/** Fills the counter's walk-in form as staff do; the labels are the ones on the page. */
export const fillWalkIn = (form: HtmlForm, lastName: string) =>
  form.fill({
    "First name": "Maria",
    "Last name": lastName,
    Phone: "905 555 0187",
    "E-mail": "maria.walkin@example.com",
    "Device category": "mobile",
    Brand: "Samsung",
    Model: "Galaxy S21",
    Issue: "Screen Repair",
    "Device condition": "cracked back, scratches",
    "Accessories left": "charger, case",
    "Passcode given to technician": true,
    "Quoted price (CAD)": "129",
    "Initial status": "in_progress",
  });

export const saveWalkIn = "Save walk-in and print";
