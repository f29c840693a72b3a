import { index, prefix, route, type RouteConfig } from "@react-router/dev/routes";

/*
 * Every address the site answers, in four groups: the public site, the staff pages under /admin,
 * the endpoints other programs call, and the legacy `.php` doors. Each entry names its module in
 * app/routes/, whose file name follows React Router's flat-route convention (`.` for a slash, `$`
 * for a parameter, a trailing `_` for "not nested in the route before", `[.]` for a literal dot):
 * a route's id is its file name, and the router's data requests name routes by id (`?_routes=`),
 * so the names stay as they were when the routes were found from the files. A `*.server.ts` file
 * in app/routes/ is a helper of these routes, never a route itself.
 */

/** The shop's pages for customers: every one works without JavaScript. */
const publicSite = [
  index("routes/_index.tsx"),
  route("about", "routes/about.tsx"),
  route("faq", "routes/faq.tsx"),
  route("privacy-policy", "routes/privacy-policy.tsx"),
  route("terms", "routes/terms.tsx"),
  ...prefix("services", [
    index("routes/services._index.tsx"),
    route(":category", "routes/services.$category.tsx"),
  ]),
  route("service-model-selector", "routes/service-model-selector.tsx"),
  route("price-list/:category", "routes/price-list.$category.tsx"),
  ...prefix("blog", [index("routes/blog._index.tsx"), route(":slug", "routes/blog.$slug.tsx")]),

  // Booking: the form, its time list, a booking the offline queue sends, whether a booking sent
  // under a key was stored, the confirmation and its calendar file.
  route("book-appointment", "routes/book-appointment.tsx"),
  route("book-appointment/availability", "routes/book-appointment_.availability.ts"),
  route("book-appointment/queued", "routes/book-appointment_.queued.ts"),
  route("book-appointment/landed", "routes/book-appointment_.landed.ts"),
  route(
    "book-appointment/confirmation/:token",
    "routes/book-appointment_.confirmation.$token.tsx",
    [route("appointment.ics", "routes/book-appointment_.confirmation.$token.appointment[.ics].ts")],
  ),

  // Contact: the form, a message the offline queue sends, and whether one sent under a key was
  // stored.
  route("sell", "routes/sell.tsx"),
  route("sell/queued", "routes/sell_.queued.ts"),
  route("sell/landed", "routes/sell_.landed.ts"),
  route("sell/offer/:token", "routes/sell_.offer.$token.tsx"),
  route("contact", "routes/contact.tsx"),
  route("contact/queued", "routes/contact_.queued.ts"),
  route("contact/landed", "routes/contact_.landed.ts"),

  // Tracking: by reference or phone, by the secret link, the answer to a quote, moving or
  // cancelling the appointment, the photos shown, and the label's link.
  route("track-repair", "routes/track-repair.tsx"),
  route("track-repair/:token", "routes/track-repair_.$token.tsx"),
  route("track-repair/:token/quote", "routes/track-repair_.$token_.quote.tsx"),
  route("track-repair/:token/receipt", "routes/track-repair_.$token_.receipt.tsx"),
  // Moving or cancelling the appointment (decision 0056).
  route("track-repair/:token/reschedule", "routes/track-repair_.$token_.reschedule.tsx"),
  route("track-repair/:token/cancel", "routes/track-repair_.$token_.cancel.tsx"),
  // Paying the invoice's balance online through Stripe Checkout (decision 0067).
  route("track-repair/:token/pay", "routes/track-repair_.$token_.pay.tsx"),
  route(
    "track-repair/:token/photos/:publicId/:variant?",
    "routes/track-repair_.$token_.photos.$publicId.ts",
  ),
  // The device label's QR code: the repair's staff page for staff, its tracking page for others.
  route("r/:token", "routes/r.$token.ts"),

  // Refurbished devices for sale (issue 33): the listing, a device's page with "Reserve for
  // pickup", and the reservation's confirmation.
  ...prefix("shop", [
    index("routes/shop._index.tsx"),
    route("reserved/:reference", "routes/shop_.reserved.$reference.tsx"),
    route(":slug", "routes/shop.$slug.tsx"),
  ]),

  // A stored photo: staff only, but for the shop's own photos marked shown (decision 0043).
  route("photos/:publicId/:variant?", "routes/photos.$publicId.ts"),

  // The page the service worker shows offline, and the 404 page for any other address.
  route("offline", "routes/offline.tsx"),
  route("*", "routes/$.tsx"),
];

/**
 * The staff pages. Inside the /admin layout (its menu and counts) the signed-in pages; outside
 * it the login steps and the print pages, which carry no menu.
 */
const admin = [
  route("admin", "routes/admin.tsx", [
    index("routes/admin._index.tsx"),
    route("dashboard", "routes/admin.dashboard.tsx"),
    route("agenda", "routes/admin.agenda.tsx"),
    route("repairs", "routes/admin.repairs.tsx"),
    route("repairs.csv", "routes/admin.repairs[.csv].ts"),
    route("repairs/new", "routes/admin.repairs_.new.tsx"),
    route("repairs/new/prices", "routes/admin.repairs_.new_.prices.ts"),
    route("repairs/:id", "routes/admin.repairs_.$id.tsx"),
    route("repairs/:id/photos", "routes/admin.repairs_.$id_.photos.tsx"),
    route("repairs/:id/invoice", "routes/admin.repairs_.$id_.invoice.tsx"),
    route("repairs/:id/warranty", "routes/admin.repairs_.$id_.warranty.tsx"),
    route("invoices", "routes/admin.invoices.tsx"),
    route("invoices/:id", "routes/admin.invoices_.$id.tsx"),
    route("customers", "routes/admin.customers.tsx"),
    route("customers/duplicates", "routes/admin.customers_.duplicates.tsx"),
    route("customers/lookup", "routes/admin.customers_.lookup.ts"),
    route("customers/:id", "routes/admin.customers_.$id.tsx"),
    route("devices/:id", "routes/admin.devices.$id.tsx"),
    // The price list's editor: the add, edit and delete dialogs open over the list.
    route("repair-items", "routes/admin.repair-items.tsx", [
      route("new", "routes/admin.repair-items.new.tsx"),
      route(":id/edit", "routes/admin.repair-items.$id.edit.tsx"),
      route(":id/delete", "routes/admin.repair-items.$id.delete.tsx"),
    ]),
    route("repair-items.csv", "routes/admin.repair-items[.csv].ts"),
    route("trade-ins", "routes/admin.trade-ins.tsx"),
    route("trade-ins/grid", "routes/admin.trade-ins.grid.tsx", [
      route("new", "routes/admin.trade-ins.grid.new.tsx"),
      route(":id/edit", "routes/admin.trade-ins.grid.$id.edit.tsx"),
    ]),
    route("trade-ins/grid.csv", "routes/admin.trade-ins.grid[.csv].ts"),
    route("trade-ins/:id", "routes/admin.trade-ins_.$id.tsx"),
    route("messages", "routes/admin.messages.tsx"),
    route("outbox", "routes/admin.outbox.tsx"),
    route("analytics", "routes/admin.analytics.tsx"),
    route("reports", "routes/admin.reports.tsx"),
    route("security", "routes/admin.security.tsx"),
    route("staff", "routes/admin.staff.tsx"),
    route("settings", "routes/admin.settings.tsx"),
    route("hours", "routes/admin.hours.tsx"),
    route("photos", "routes/admin.photos.tsx"),
    route("audit", "routes/admin.audit.tsx"),
    route("reservations", "routes/admin.reservations.tsx"),
    // The day's close and the bookkeeper's files (decision 0066).
    route("close", "routes/admin.close.tsx"),
    route("close/invoices.csv", "routes/admin.close_.invoices[.csv].ts"),
    route("close/payments.csv", "routes/admin.close_.payments[.csv].ts"),
    // Buying devices at the counter and the devices for sale (issue 33, decision 0072).
    route("purchases", "routes/admin.purchases.tsx"),
    route("purchases/new", "routes/admin.purchases_.new.tsx"),
    route("stock", "routes/admin.stock.tsx"),
    route("stock/new", "routes/admin.stock_.new.tsx"),
    route("stock/:id", "routes/admin.stock_.$id.tsx"),
    route("stock/:id/photos", "routes/admin.stock_.$id_.photos.tsx"),
  ]),
  route("admin/login", "routes/admin_.login.tsx"),
  route("admin/login/code", "routes/admin_.login_.code.tsx"),
  route("admin/logout", "routes/admin_.logout.tsx"),
  route("admin/repairs/:id/ticket", "routes/admin_.repairs.$id.ticket.tsx"),
  route("admin/repairs/:id/label", "routes/admin_.repairs.$id.label.tsx"),
  route("admin/repairs/:id/print", "routes/admin_.repairs.$id.print.tsx"),
  route("admin/invoices/:id/receipt", "routes/admin_.invoices.$id.receipt.tsx"),
  route("admin/invoices/:id/receipt/roll", "routes/admin_.invoices.$id.receipt_.roll.tsx"),
  route("admin/close/:date/report", "routes/admin_.close.$date.report.tsx"),
  route("admin/purchases/:id/record", "routes/admin_.purchases.$id.record.tsx"),
];

/**
 * What programs read or call: the analytics beacon, Twilio's webhook for texts the shop
 * receives, Stripe's for payments made online, the load balancer's health check, and the files crawlers and browsers ask for.
 */
const endpoints = [
  route("api/analytics", "routes/api.analytics.ts"),
  route("api/sms/incoming", "routes/api.sms.incoming.ts"),
  route("api/stripe/webhook", "routes/api.stripe.webhook.ts"),
  route("healthz", "routes/healthz.ts"),
  route("robots.txt", "routes/robots[.]txt.ts"),
  route("sitemap.xml", "routes/sitemap[.]xml.ts"),
  route("site.webmanifest", "routes/site[.]webmanifest.ts"),
  route("favicon.ico", "routes/favicon[.]ico.ts"),
];

/**
 * The legacy doors: the JSON endpoints of the PHP site this one replaced, at their old addresses
 * and in their old shapes, for the clients that still call them (docs/features.md). The
 * public three take bookings, messages and tracking lookups; the /api/admin ones sign staff in
 * with a bearer token and manage bookings and the price list.
 */
const legacyDoors = [
  ...prefix("api/endpoints", [
    route("submit_booking.php", "routes/api.endpoints.submit_booking[.php].ts"),
    route("send_contact_message.php", "routes/api.endpoints.send_contact_message[.php].ts"),
    route("track_repair.php", "routes/api.endpoints.track_repair[.php].ts"),
  ]),
  ...prefix("api/admin", [
    route("login.php", "routes/api.admin.login[.php].ts"),
    route("logout.php", "routes/api.admin.logout[.php].ts"),
    route("get_bookings.php", "routes/api.admin.get_bookings[.php].ts"),
    route("get_bookings_by_brand.php", "routes/api.admin.get_bookings_by_brand[.php].ts"),
    route("get_bookings_by_category.php", "routes/api.admin.get_bookings_by_category[.php].ts"),
    route("get_bookings_by_issue.php", "routes/api.admin.get_bookings_by_issue[.php].ts"),
    route("update_booking.php", "routes/api.admin.update_booking[.php].ts"),
    route("get_repair_items.php", "routes/api.admin.get_repair_items[.php].ts"),
    route("add_repair_item.php", "routes/api.admin.add_repair_item[.php].ts"),
    route("update_repair_item.php", "routes/api.admin.update_repair_item[.php].ts"),
    route("delete_repair_item.php", "routes/api.admin.delete_repair_item[.php].ts"),
  ]),
];

export default [...publicSite, ...admin, ...endpoints, ...legacyDoors] satisfies RouteConfig;
