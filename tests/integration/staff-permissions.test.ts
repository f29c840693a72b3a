import type { LoaderFunctionArgs } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StaffRole } from "~/models/staff-session.server";
import { loader as layoutLoader } from "~/routes/admin";
import { loader as analyticsLoader } from "~/routes/admin.analytics";
import {
  action as mergeAction,
  loader as duplicatesLoader,
} from "~/routes/admin.customers_.duplicates";
import { loader as auditLoader } from "~/routes/admin.audit";
import { loader as reportsLoader } from "~/routes/admin.reports";
import { action as closeAction, loader as closeLoader } from "~/routes/admin.close";
import { loader as invoicesCsvLoader } from "~/routes/admin.close_.invoices[.csv]";
import { loader as purchasesLoader } from "~/routes/admin.purchases";
import {
  action as newPurchaseAction,
  loader as newPurchaseLoader,
} from "~/routes/admin.purchases_.new";
import { loader as purchaseRecordLoader } from "~/routes/admin_.purchases.$id.record";
import { loader as stockListLoader } from "~/routes/admin.stock";
import { action as newStockAction, loader as newStockLoader } from "~/routes/admin.stock_.new";
import {
  action as stockDeviceAction,
  loader as stockDeviceLoader,
} from "~/routes/admin.stock_.$id";
import {
  action as stockPhotosAction,
  loader as stockPhotosLoader,
} from "~/routes/admin.stock_.$id_.photos";
import { loader as paymentsCsvLoader } from "~/routes/admin.close_.payments[.csv]";
import { loader as zReportLoader } from "~/routes/admin_.close.$date.report";
import { loader as dashboardLoader } from "~/routes/admin.dashboard";
import { action as outboxAction, loader as outboxLoader } from "~/routes/admin.outbox";
import {
  action as deleteItemAction,
  loader as deleteItemLoader,
} from "~/routes/admin.repair-items.$id.delete";
import {
  action as editItemAction,
  loader as editItemLoader,
} from "~/routes/admin.repair-items.$id.edit";
import { action as newItemAction, loader as newItemLoader } from "~/routes/admin.repair-items.new";
import { loader as repairsCsvLoader } from "~/routes/admin.repairs[.csv]";
import { action as repairAction } from "~/routes/admin.repairs_.$id";
import { loader as repairListLoader } from "~/routes/admin.repairs";
import { loader as walkInLoader } from "~/routes/admin.repairs_.new";
import { action as staffAction, loader as staffLoader } from "~/routes/admin.staff";
import { action as settingsAction, loader as settingsLoader } from "~/routes/admin.settings";
import { action as hoursAction, loader as hoursLoader } from "~/routes/admin.hours";
import { action as shopPhotosAction, loader as shopPhotosLoader } from "~/routes/admin.photos";
import { action as addItemApi } from "~/routes/api.admin.add_repair_item[.php]";
import { action as deleteItemApi } from "~/routes/api.admin.delete_repair_item[.php]";
import { loader as bookingsApi } from "~/routes/api.admin.get_bookings[.php]";
import { loader as byBrandApi } from "~/routes/api.admin.get_bookings_by_brand[.php]";
import { loader as byCategoryApi } from "~/routes/api.admin.get_bookings_by_category[.php]";
import { loader as byIssueApi } from "~/routes/api.admin.get_bookings_by_issue[.php]";
import { loader as itemsApi } from "~/routes/api.admin.get_repair_items[.php]";
import { action as loginApi } from "~/routes/api.admin.login[.php]";
import { action as updateBookingApi } from "~/routes/api.admin.update_booking[.php]";
import { action as updateItemApi } from "~/routes/api.admin.update_repair_item[.php]";
import { staffRoles } from "~/schemas/staff";
import { may, refusedMessage, type Permission } from "~/utils/staff-permissions";
import { dataOf, statusOf } from "../support/answers";
import { insertBooking, signedInStaff, staffPassword } from "../support/admin";
import { formPost, routeArgs } from "../support/forms";
import { installTestDatabase, testDriver, type TestDatabase } from "../support/test-database";
import { loader as tradeInsLoader } from "~/routes/admin.trade-ins";
import { action as gridAction, loader as gridLoader } from "~/routes/admin.trade-ins.grid";
import { loader as gridNewLoader } from "~/routes/admin.trade-ins.grid.new";
import { action as gridEditAction } from "~/routes/admin.trade-ins.grid.$id.edit";

/**
 * Every permission of app/utils/staff-permissions.ts, for every role, through the doors staff use:
 * the /admin pages and forms with the session cookie, and the legacy JSON doors with a bearer
 * token. A role without the permission gets 403 and the message naming it; one with it gets past
 * the guard (the answer may still refuse bad input or a missing record: 400, 404, 422).
 */

type Caller = { cookie: string; token: string };
type Handler = (args: LoaderFunctionArgs) => unknown;
type Door = {
  name: string;
  /** Undefined: the counter's work, which every role may do. */
  permission?: Permission;
  call: (as: Caller) => Promise<{ status: number; message?: string }>;
};

let handle: TestDatabase;
let bookingId: number;
const callers = {} as Record<StaffRole, Caller>;

async function bearerToken(username: string) {
  const response = (await loginApi(
    routeArgs(
      new Request("http://localhost/api/admin/login.php", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ username, password: staffPassword }),
      }),
    ),
  )) as Response;
  const body = (await response.json()) as { token: string };
  return body.token;
}

beforeAll(async () => {
  handle = await installTestDatabase();
  bookingId = (await insertBooking(handle.db)).id;
  for (const role of staffRoles) {
    const staff = await signedInStaff(handle.db, `perm-${role.replace("_", "-")}`, role);
    callers[role] = { cookie: staff.cookie, token: await bearerToken(staff.username) };
  }
});
afterAll(() => handle.drop());

/** An answer's status and, for a refusal, its message: thrown or returned, data() or Response. */
async function outcome(run: () => unknown) {
  let answer: unknown;
  try {
    answer = await run();
  } catch (thrown) {
    answer = thrown;
  }
  if (answer instanceof Response) {
    const body = answer.headers.get("content-type")?.includes("json")
      ? ((await answer.json()) as { message?: string })
      : undefined;
    return { status: answer.status, message: body?.message };
  }
  const status = statusOf(answer);
  return { status, message: status === 403 ? String(dataOf(answer)) : undefined };
}

const page =
  (handler: Handler, url: string, params: Record<string, string> = {}) =>
  ({ cookie }: Caller) => {
    const request = new Request(`http://localhost${url}`);
    request.headers.set("cookie", cookie);
    return outcome(() => handler(routeArgs(request, params)));
  };

const form =
  (handler: Handler, url: string, fields: Record<string, string>, params = {}) =>
  ({ cookie }: Caller) => {
    const request = formPost(url, fields);
    request.headers.set("cookie", cookie);
    return outcome(() => handler(routeArgs(request, params)));
  };

/** A multipart form, as a photo upload sends it (here without a photo). */
const upload =
  (handler: Handler, url: string, params = {}) =>
  ({ cookie }: Caller) => {
    const request = new Request(`http://localhost${url}`, { method: "POST", body: new FormData() });
    request.headers.set("cookie", cookie);
    return outcome(() => handler(routeArgs(request, params)));
  };

const legacy =
  (handler: Handler, url: string, body?: unknown) =>
  ({ token }: Caller) =>
    outcome(() =>
      handler(
        routeArgs(
          new Request(`http://localhost${url}`, {
            method: body === undefined ? "GET" : "POST",
            headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
            body: body === undefined ? undefined : JSON.stringify(body),
          }),
        ),
      ),
    );

const missing = { id: "999999" };
const doors: Door[] = [
  // The counter's work: every role.
  { name: "the repair list", call: page(repairListLoader, "/admin/repairs") },
  { name: "the walk-in form", call: page(walkInLoader, "/admin/repairs/new") },
  { name: "the price list (legacy)", call: legacy(itemsApi, "/api/admin/get_repair_items.php") },
  {
    name: "a status change (legacy)",
    call: (as) =>
      legacy(updateBookingApi, "/api/admin/update_booking.php", {
        id: bookingId,
        status: "in_progress",
      })(as),
  },
  // Customers in bulk.
  {
    name: "the repairs CSV",
    permission: "exportCustomers",
    call: page(repairsCsvLoader, "/admin/repairs.csv"),
  },
  {
    name: "every booking (legacy)",
    permission: "exportCustomers",
    call: legacy(bookingsApi, "/api/admin/get_bookings.php"),
  },
  // Quotes.
  {
    name: "sending a quote",
    permission: "sendQuotes",
    call: (as) =>
      form(
        repairAction,
        `/admin/repairs/${bookingId}`,
        { intent: "quote" },
        {
          id: String(bookingId),
        },
      )(as),
  },
  // The price list.
  {
    name: "the Add dialog",
    permission: "editPriceList",
    call: page(newItemLoader, "/admin/repair-items/new"),
  },
  {
    name: "adding an item",
    permission: "editPriceList",
    call: form(newItemAction, "/admin/repair-items/new", {}),
  },
  {
    name: "the Edit dialog",
    permission: "editPriceList",
    call: page(editItemLoader, "/admin/repair-items/999999/edit", missing),
  },
  {
    name: "changing an item",
    permission: "editPriceList",
    call: form(editItemAction, "/admin/repair-items/999999/edit", {}, missing),
  },
  {
    name: "adding an item (legacy)",
    permission: "editPriceList",
    call: legacy(addItemApi, "/api/admin/add_repair_item.php", {}),
  },
  {
    name: "changing an item (legacy)",
    permission: "editPriceList",
    call: legacy(updateItemApi, "/api/admin/update_repair_item.php?id=999999", {}),
  },
  {
    name: "the Delete dialog",
    permission: "deletePriceItems",
    call: page(deleteItemLoader, "/admin/repair-items/999999/delete", missing),
  },
  {
    name: "deleting an item",
    permission: "deletePriceItems",
    call: form(deleteItemAction, "/admin/repair-items/999999/delete", { version: "1" }, missing),
  },
  {
    name: "deleting an item (legacy)",
    permission: "deletePriceItems",
    call: legacy(deleteItemApi, "/api/admin/delete_repair_item.php?id=999999", {}),
  },
  // Reports.
  {
    name: "analytics",
    permission: "seeReports",
    call: page(analyticsLoader, "/admin/analytics"),
  },
  { name: "the audit trail", permission: "seeReports", call: page(auditLoader, "/admin/audit") },
  {
    name: "the owner's reports",
    permission: "seeReports",
    call: page(reportsLoader, "/admin/reports"),
  },
  {
    name: "bookings by brand (legacy)",
    permission: "seeReports",
    call: legacy(byBrandApi, "/api/admin/get_bookings_by_brand.php"),
  },
  {
    name: "bookings by category (legacy)",
    permission: "seeReports",
    call: legacy(byCategoryApi, "/api/admin/get_bookings_by_category.php"),
  },
  {
    name: "bookings by issue (legacy)",
    permission: "seeReports",
    call: legacy(byIssueApi, "/api/admin/get_bookings_by_issue.php"),
  },
  // The day's close (decision 0066): a day long past, which the closing role closes once.
  { name: "the day's close", permission: "closeDay", call: page(closeLoader, "/admin/close") },
  {
    name: "closing a day",
    permission: "closeDay",
    call: form(closeAction, "/admin/close", { date: "2001-01-01", counted: "0" }),
  },
  {
    name: "the Z report",
    permission: "closeDay",
    call: page(zReportLoader, "/admin/close/2001-01-01/report", { date: "2001-01-01" }),
  },
  {
    name: "the bookkeeper's invoices",
    permission: "closeDay",
    call: page(invoicesCsvLoader, "/admin/close/invoices.csv?from=2001-01-01"),
  },
  {
    name: "the bookkeeper's payments",
    permission: "closeDay",
    call: page(paymentsCsvLoader, "/admin/close/payments.csv?from=2001-01-01"),
  },
  // Buying devices and the devices for sale (issue 33).
  {
    name: "the purchases",
    permission: "buyDevices",
    call: page(purchasesLoader, "/admin/purchases"),
  },
  {
    name: "the purchase form",
    permission: "buyDevices",
    call: page(newPurchaseLoader, "/admin/purchases/new"),
  },
  {
    name: "buying a device",
    permission: "buyDevices",
    call: form(newPurchaseAction, "/admin/purchases/new", {}),
  },
  {
    name: "a purchase record",
    permission: "buyDevices",
    call: page(purchaseRecordLoader, "/admin/purchases/999999/record", missing),
  },
  { name: "the stock", permission: "buyDevices", call: page(stockListLoader, "/admin/stock") },
  {
    name: "the Add stock form",
    permission: "buyDevices",
    call: page(newStockLoader, "/admin/stock/new"),
  },
  {
    name: "adding stock",
    permission: "buyDevices",
    call: form(newStockAction, "/admin/stock/new", {}),
  },
  {
    name: "a stock device",
    permission: "buyDevices",
    call: page(stockDeviceLoader, "/admin/stock/999999", missing),
  },
  {
    name: "changing a stock device",
    permission: "buyDevices",
    call: form(
      stockDeviceAction,
      "/admin/stock/999999",
      { intent: "move", version: "1", to: "for_sale" },
      missing,
    ),
  },
  {
    name: "a stock device's photo page",
    permission: "buyDevices",
    call: page(stockPhotosLoader, "/admin/stock/999999/photos", missing),
  },
  {
    name: "adding a stock device's photos",
    permission: "buyDevices",
    call: upload(stockPhotosAction, "/admin/stock/999999/photos", missing),
  },
  {
    name: "deleting a stock device's photo",
    permission: "buyDevices",
    call: form(
      stockPhotosAction,
      "/admin/stock/999999/photos",
      { intent: "photo_delete", photo: "abcdefghijklmnop" },
      missing,
    ),
  },
  // The outbox and staff accounts.
  { name: "the outbox", permission: "manageOutbox", call: page(outboxLoader, "/admin/outbox") },
  {
    name: "retrying e-mail",
    permission: "manageOutbox",
    call: form(outboxAction, "/admin/outbox", { intent: "retry_all" }),
  },
  { name: "the Staff page", permission: "manageStaff", call: page(staffLoader, "/admin/staff") },
  {
    name: "changing an account",
    permission: "manageStaff",
    call: form(staffAction, "/admin/staff", { intent: "disable", id: "999999", version: "1" }),
  },
  {
    name: "the Settings page",
    permission: "manageSettings",
    call: page(settingsLoader, "/admin/settings"),
  },
  {
    name: "saving the settings",
    permission: "manageSettings",
    call: form(settingsAction, "/admin/settings", { version: "1" }),
  },
  {
    name: "the Hours & Closures page",
    permission: "manageSettings",
    call: page(hoursLoader, "/admin/hours"),
  },
  {
    name: "removing a closure",
    permission: "manageSettings",
    call: form(hoursAction, "/admin/hours", { intent: "remove", id: "999999", version: "1" }),
  },
  {
    name: "the shop's photos",
    permission: "manageSettings",
    call: page(shopPhotosLoader, "/admin/photos"),
  },
  {
    name: "changing the shop's photos",
    permission: "manageSettings",
    call: form(shopPhotosAction, "/admin/photos", {
      intent: "remove",
      place: "bench",
      photo: "AAAAAAAAAAAAAAAAAAAAAA",
      version: "1",
    }),
  },
  {
    name: "the likely duplicates",
    permission: "mergeCustomers",
    call: page(duplicatesLoader, "/admin/customers/duplicates"),
  },
  {
    name: "merging two customers",
    permission: "mergeCustomers",
    call: form(mergeAction, "/admin/customers/duplicates", {
      keepId: "999998",
      mergeId: "999999",
      keepVersion: "1",
      mergeVersion: "1",
    }),
  },
  // The buyback grid (issue 33): owners and managers change it; every role reads it and the offers.
  { name: "the trade-in offers", call: page(tradeInsLoader, "/admin/trade-ins") },
  { name: "the buyback grid", call: page(gridLoader, "/admin/trade-ins/grid") },
  {
    name: "adding a grid row",
    permission: "editBuybackGrid",
    call: page(gridNewLoader, "/admin/trade-ins/grid/new"),
  },
  {
    name: "saving a grid row",
    permission: "editBuybackGrid",
    call: form(gridEditAction, "/admin/trade-ins/grid/999999/edit", { version: "1" }, missing),
  },
  {
    name: "importing the grid",
    permission: "editBuybackGrid",
    call: form(gridAction, "/admin/trade-ins/grid", {}),
  },
];

describe(`what each role may do, on ${testDriver}`, () => {
  describe.each(staffRoles)("as %s", (role) => {
    it.each(doors)("$name", async ({ permission, call }) => {
      const answer = await call(callers[role]);
      if (!permission || may(role, permission)) {
        expect(answer.status).not.toBe(403);
        expect(answer.status).toBeLessThan(500);
      } else {
        expect(answer).toEqual({ status: 403, message: refusedMessage(role, permission) });
      }
    });

    it("sees in the menu only what it may open, and the dashboard's reports only with seeReports", async () => {
      const layout = dataOf(
        (await layoutLoader(routeArgs(withCookie("/admin", callers[role].cookie)))) as never,
      ) as { role: string };
      expect(layout.role).toBe(role);
      const dashboard = (await dashboardLoader(
        routeArgs(withCookie("/admin/dashboard", callers[role].cookie)),
      )) as { cards: unknown; charts: unknown; workload: unknown[] };
      expect(dashboard.workload.length).toBeGreaterThan(0);
      expect(Boolean(dashboard.cards) && Boolean(dashboard.charts)).toBe(may(role, "seeReports"));
    });
  });
});

function withCookie(url: string, cookie: string) {
  const request = new Request(`http://localhost${url}`);
  request.headers.set("cookie", cookie);
  return request;
}
