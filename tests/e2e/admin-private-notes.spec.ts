import type { Page } from "@playwright/test";
import { expect, phone, test } from "./fixtures";
import { axeViolations } from "./support/axe";
import { admin, openRepair } from "./support/admin";
import { bookViaApi } from "./support/api";

const notes = (page: Page) => page.getByRole("region", { name: "Private Notes" });

// Without JavaScript the form posts and the page comes back: tests/html/admin-private-notes.spec.ts.
// Here: the router's submission, the form emptied for the next note, the server's message in place
// of the browser's, and axe.
test(
  "a private note added with JavaScript joins the timeline, the form empties, and axe finds nothing",
  { tag: "@js-only" },
  async ({ page, request }) => {
    const booked = await bookViaApi(request);
    await openRepair(page, booked.id);
    const section = notes(page);
    await expect(section).toContainText("Only staff see these notes.");

    await section.getByRole("button", { name: "Add Note" }).click();
    await expect(section.getByText("Please write the note.").first()).toBeVisible();
    await expect(section.getByRole("alert")).toBeFocused();
    expect(await axeViolations(page, { label: "with an error" })).toEqual([]);

    await section.getByLabel("New private note").fill("Pre-existing Face ID fault.\nTold them.");
    await section.getByRole("button", { name: "Add Note" }).click();
    await expect(page.getByTestId("toast")).toContainText("Private note added.");
    const entry = section.getByTestId("private-note");
    await expect(entry).toHaveCount(1);
    await expect(entry).toContainText(admin.username);
    await expect(entry).toContainText("Pre-existing Face ID fault.");
    await expect(section.getByLabel("New private note")).toHaveValue("");
    await expect(section.getByText("Please write the note.")).toHaveCount(0);
    await expect(section.getByRole("alert")).toHaveCount(0);

    await page.setViewportSize(phone);
    expect(await axeViolations(page, { label: "phone" })).toEqual([]);
  },
);
