import { data, type AppLoadContext } from "react-router";
import { errorToast, successToast } from "~/content/messages/admin-messages";
import { tradeMessages } from "~/content/messages/trade-messages";
import { importGrid } from "~/models/buyback-grid.server";
import { toastForThisRequest } from "~/server/toast.server";
import { redirectWithToast } from "~/server/toast.server";
import { parseGridCsv } from "~/utils/grid-csv";

/** A grid is a few hundred rows: a megabyte is far more than any real one. */
const maxImportBytes = 1_000_000;

const refused = (context: AppLoadContext, status: number, message: string, errors: string[]) => {
  const toast = errorToast(message);
  toastForThisRequest(context, toast);
  return data({ message, errors, toast }, { status });
};

/**
 * The grid page's CSV import: the whole file checked (every bad line named with its number), then
 * stored in one transaction, or nothing stored at all.
 */
export async function answerGridImport(request: Request, context: AppLoadContext, staffId: number) {
  const length = Number(request.headers.get("content-length") ?? 0);
  if (length > maxImportBytes + 10_000)
    return refused(context, 413, tradeMessages.importTooBig, [tradeMessages.importTooBig]);
  const file = (await request.formData()).get("file");
  if (!(file instanceof File) || !file.size)
    return refused(context, 400, tradeMessages.importNoFile, [tradeMessages.importNoFile]);
  if (file.size > maxImportBytes)
    return refused(context, 413, tradeMessages.importTooBig, [tradeMessages.importTooBig]);
  const parsed = parseGridCsv(await file.text());
  if (!parsed.ok) return refused(context, 422, tradeMessages.importRefused, parsed.errors);
  const { added, updated, unchanged } = await importGrid(parsed.rows, staffId);
  return redirectWithToast(
    "/admin/trade-ins/grid",
    successToast(tradeMessages.imported(added, updated, unchanged)),
    { status: 303 },
  );
}
