import { describe, expect, it } from "vitest";
import { createToastHeaders, getToast, redirectWithToast } from "~/server/toast.server";

function requestWith(setCookie: string | null) {
  const cookie = setCookie?.split(";")[0] ?? "";
  return new Request("http://localhost/", { headers: { cookie } });
}

describe("flash toasts", () => {
  it("carries a toast through a redirect and clears it once read", async () => {
    const response = await redirectWithToast("/contact", {
      type: "success",
      title: "Message Sent Successfully!",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/contact");
    const setCookie = response.headers.get("set-cookie");
    expect(setCookie).toMatch(/wf_toast=.*HttpOnly.*SameSite=Lax/i);

    const { toast, headers } = await getToast(requestWith(setCookie));
    expect(toast).toMatchObject({ type: "success", title: "Message Sent Successfully!" });
    expect(toast?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(headers?.get("set-cookie")).toMatch(/wf_toast=;.*Expires=Thu, 01 Jan 1970/);
  });

  it("ignores requests without a toast and tampered cookies", async () => {
    expect(await getToast(requestWith(null))).toEqual({ toast: null, headers: null });
    const headers = await createToastHeaders({ title: "Hello" });
    const forged = headers
      .get("set-cookie")!
      .replace(/wf_toast=([^;.]+)/, "wf_toast=eyJ0b2FzdCI6e319");
    expect((await getToast(requestWith(forged))).toast).toBeNull();
  });
});
