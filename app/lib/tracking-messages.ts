import type { ToastMessage } from "./form-messages";

export const trackingMissingMessage = "Please enter either a Repair ID or a Phone Number to track your device.";

export const repairNotFoundMessage = "Repair not found. Please check the ID/Phone Number and try again.";

export const trackingFailedToast = (description: string): ToastMessage => ({ type: "destructive", title: "Tracking Failed", description });
