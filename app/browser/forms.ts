const pendingButtons = (form: HTMLFormElement) =>
  form.querySelectorAll<HTMLButtonElement>("button[data-pending]");

/** The form's buttons ready again: its post was kept on the phone, or the page came back. */
export function formIdle(form: HTMLFormElement) {
  for (const button of pendingButtons(form)) {
    button.disabled = false;
    if (button.dataset.label !== undefined) button.textContent = button.dataset.label;
  }
}

/**
 * The public forms post as they do without JavaScript; this adds what the page can tell while
 * they do. The buttons marked `data-pending` wait disabled, with their pending label where they
 * have one ("Booking..."), once the browser has read the form: disabled before, the pressed
 * button's own name and value (the quote's answer) would not be sent. A form the browser's checks
 * stop (the HTML constraints the server drew) never gets here. After an error answer the browser
 * itself focuses the form's error summary (its autofocus), with or without this script. The
 * booking form's time list loads its part.
 */
export function forms(page: Document) {
  page.addEventListener("submit", (event) => {
    const form = event.target as HTMLFormElement;
    if (event.defaultPrevented) return;
    setTimeout(() => {
      for (const button of pendingButtons(form)) {
        button.disabled = true;
        if (button.dataset.pending) {
          button.dataset.label = button.textContent ?? "";
          button.textContent = button.dataset.pending;
        }
      }
    });
  });
  // Back to a page the browser kept as it was left, mid-post.
  window.addEventListener("pageshow", (event) => {
    if (event.persisted) page.querySelectorAll("form").forEach(formIdle);
  });

  const schedule = page.querySelector<HTMLElement>("[data-schedule]");
  if (schedule)
    void import("./booking-times").then(
      ({ bookingTimes }) => bookingTimes(schedule),
      () => undefined,
    );
}
