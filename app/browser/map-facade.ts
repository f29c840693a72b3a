/**
 * The map's facade (components/public/map-facade.tsx): reveals "Show interactive map", which puts
 * the third party's frame from its <template> in place of the picture and the button, and moves
 * focus to the frame, where the button that had it was.
 */
export function mapFacade(page: Document) {
  for (const facade of page.querySelectorAll<HTMLElement>("[data-map-facade]")) {
    const button = facade.querySelector("button");
    const template = facade.querySelector("template");
    if (!button || !template) continue;
    button.hidden = false;
    button.addEventListener("click", () => {
      const source = template.content.querySelector("iframe");
      if (!source) return;
      const frame = page.importNode(source, true);
      facade.replaceChildren(frame);
      frame.focus();
    });
  }
}
