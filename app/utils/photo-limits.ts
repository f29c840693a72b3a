/*
 * What one photo upload may carry (docs/decisions/0043). The form says them, the request gate
 * lets the upload's address alone send this much, and the server refuses anything past them with
 * these numbers in its message.
 */

/** The largest file a camera photo may be: a 48-megapixel phone JPEG is about 8 MB. */
export const maxPhotoBytes = 10 * 1024 * 1024;
/** Photos in one upload. */
export const maxPhotosPerUpload = 10;
/** Photos kept on one repair. */
export const maxPhotosPerRepair = 30;
/** Every photo of an upload at its largest, and room for the form's other fields. */
export const maxUploadBytes = maxPhotosPerUpload * maxPhotoBytes + 1024 * 1024;

export const uploadTooLargeMessage = `Please send at most ${maxPhotosPerUpload} photos of at most ${maxPhotoBytes / 1024 / 1024} MB each at a time.`;

/** The longest caption, as the column holds. */
export const maxCaptionLength = 200;

/** What the file picker offers: photos of any kind; the server decides what it can read. */
export const photoAccept = "image/*";

/**
 * The upload's address for a repair, and the paths the request gate hands on as a stream: the
 * form's own and, with JavaScript, the router's data request for it (`.data`).
 */
const photoUploadPath = (bookingId: number) => `/admin/repairs/${bookingId}/photos`;
const photoUploadPattern = /^\/admin\/repairs\/\d{1,9}\/photos(?:\.data)?$/;

/** A device for sale's photo upload (issue 33): as a repair's, to the device's own address. */
export const stockPhotoPath = (stockDeviceId: number) => `/admin/stock/${stockDeviceId}/photos`;
const stockPhotoPattern = /^\/admin\/stock\/\d{1,9}\/photos(?:\.data)?$/;
/** Photos kept on one device for sale: enough for every side and the screen. */
export const maxPhotosPerStockDevice = 12;

/** What keeps photos of its own, as the forms and messages name it, and where its upload goes. */
export const photoHolders = {
  repair: { maxPhotos: maxPhotosPerRepair, uploadPath: photoUploadPath },
  device: { maxPhotos: maxPhotosPerStockDevice, uploadPath: stockPhotoPath },
} as const;
export type PhotoHolder = keyof typeof photoHolders;

/** The shop's photos page (docs/decisions/0062): one photo a form, the form's fields beside it. */
export const shopPhotosPath = "/admin/photos";
const shopPhotosPattern = /^\/admin\/photos(?:\.data)?$/;
export const shopUploadTooLargeMessage = `Please send one photo of at most ${maxPhotoBytes / 1024 / 1024} MB.`;
export const maxShopUploadBytes = maxPhotoBytes + 64 * 1024;

/**
 * What an address that takes photos may be sent at most, and the message past it; undefined for
 * every other address, which keeps the request gate's form limit.
 */
export function uploadLimitFor(path: string): { bytes: number; message: string } | undefined {
  if (photoUploadPattern.test(path) || stockPhotoPattern.test(path))
    return { bytes: maxUploadBytes, message: uploadTooLargeMessage };
  if (shopPhotosPattern.test(path))
    return { bytes: maxShopUploadBytes, message: shopUploadTooLargeMessage };
  return undefined;
}

/** What a repair's photo shows, in the words of the upload form and the lists. */
export const photoKindLabels = { intake: "Intake condition", diagnosis: "Diagnosis" } as const;
