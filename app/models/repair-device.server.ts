import { eq } from "drizzle-orm";
import { bookings, devices } from "#db/schema";
import { recordAudit } from "~/models/audit.server";
import { nextVersion, refuseIfChanged } from "~/models/booking-changes.server";
import { deviceFor } from "~/models/customer-match.server";
import { deviceLine, identifierOf } from "~/models/customer.server";
import { database } from "~/server/db.server";
import type { DeviceLine } from "~/types/customers";
import { bookingReference } from "~/utils/booking-reference";
import { formatDeviceIdentifier, type DeviceIdentifier } from "~/utils/device-identifier";

/** How the repair's history and the audit trail name the change (decision 0042). */
const identifierField = "IMEI or serial number";

/** The customer a repair belongs to and the device it is, for the repair's page. */
export async function repairCustomerAndDevice(
  bookingId: number,
): Promise<{ customerId: number | null; device: DeviceLine | null }> {
  const db = await database();
  const [row] = await db
    .select({ customerId: bookings.customerId, device: devices })
    .from(bookings)
    .leftJoin(devices, eq(devices.id, bookings.deviceId))
    .where(eq(bookings.id, bookingId));
  return {
    customerId: row?.customerId ?? null,
    device: row?.device ? deviceLine(row.device) : null,
  };
}

const shown = (identifier: DeviceIdentifier | null) =>
  identifier ? formatDeviceIdentifier(identifier) : null;

/**
 * Sets or clears a repair's IMEI or serial number: the device holding that number is found (or
 * made, the repair's customer's) and the repair points at it, so its history follows. An edit of
 * the repair like its details: refused on an older version (decision 0039), one more version,
 * one `repair.edit` audit entry. Undefined when there is no such booking.
 */
export async function updateRepairDevice(
  id: number,
  identifier: DeviceIdentifier | undefined,
  staffId: number,
  readVersion: number | undefined,
) {
  const db = await database();
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(bookings).where(eq(bookings.id, id)).for("update");
    if (!current) return undefined;
    await refuseIfChanged(tx, current, readVersion);
    const [before] = current.deviceId
      ? await tx.select().from(devices).where(eq(devices.id, current.deviceId))
      : [];
    const was = before ? identifierOf(before) : null;
    if ((was?.value ?? null) === (identifier?.value ?? null)) return current;
    const deviceId = identifier
      ? await deviceFor(tx, current.customerId, {
          identifier,
          category: current.deviceCategory,
          brand: current.deviceBrand,
          model: current.deviceModel,
        })
      : null;
    const [updated] = await tx
      .update(bookings)
      .set({ deviceId, version: nextVersion, updatedAt: new Date() })
      .where(eq(bookings.id, id))
      .returning();
    await recordAudit(tx, staffId, {
      action: "repair.edit",
      entity: "booking",
      entityId: id,
      summary: `${bookingReference(id)}: ${identifierField} ${identifier ? "set" : "cleared"}`,
      details: { [identifierField]: { from: shown(was), to: shown(identifier ?? null) } },
    });
    return updated;
  });
}
