import { isLightOnData } from "./light-on-data";

const shown = ["opacity-100"];
const hiddenImage = ["opacity-0"];
const hiddenHeadline = ["invisible", "opacity-0"];

/** Shows or hides an element with the classes the server drew. */
function show(element: HTMLElement, on: boolean, hidden: readonly string[]) {
  element.classList.remove(...shown, ...hidden);
  element.classList.add(...(on ? shown : hidden));
}

/**
 * The home page's rotating headline and picture (components/public/hero.tsx): two clocks, a
 * pause/play button, still under reduced motion (followed live), and pictures kept still with
 * Save-Data or a slow connection. Each later picture comes out of its <template> one step before
 * it shows, so only the next one is fetched ahead.
 */
export function hero(page: Document) {
  const section = page.querySelector<HTMLElement>("[data-hero]");
  const toggle = section?.querySelector<HTMLButtonElement>("[data-hero-toggle]");
  const images = section?.querySelector<HTMLElement>('[data-testid="hero-images"]');
  if (!section || !toggle || !images) return;
  const headlines = [...section.querySelectorAll<HTMLElement>("[data-hero-headline]")];
  const slots: (HTMLTemplateElement | HTMLImageElement)[] = [
    ...images.querySelectorAll<HTMLTemplateElement | HTMLImageElement>(
      ":scope > picture > img, :scope > template[data-hero-picture]",
    ),
  ];
  const picturesStill = isLightOnData();
  let headline = 0;
  let image = 0;
  let paused = false;
  let timers: ReturnType<typeof setInterval>[] = [];

  /** The picture at `index`, taken out of its template the first time. */
  const picture = (index: number) => {
    const slot = slots[index];
    if (!(slot instanceof HTMLTemplateElement)) return slot;
    const content = slot.content.cloneNode(true) as DocumentFragment;
    const img = content.querySelector("img");
    // An owner's photo is described (decision 0062): only the one in view is read out.
    img?.setAttribute("aria-hidden", "true");
    slot.replaceWith(content);
    if (img) slots[index] = img;
    return img ?? undefined;
  };
  const mountNext = () => picture((image + 1) % slots.length);

  const showHeadline = () =>
    headlines.forEach((text, i) => {
      show(text, i === headline, hiddenHeadline);
      text.setAttribute("aria-hidden", String(i !== headline));
    });
  const showImage = () => {
    const current = picture(image);
    for (const slot of slots)
      if (slot instanceof HTMLImageElement) {
        slot.dataset.current = String(slot === current);
        show(slot, slot === current, hiddenImage);
        if (slot === current) slot.removeAttribute("aria-hidden");
        else slot.setAttribute("aria-hidden", "true");
      }
    mountNext();
  };

  const stop = () => {
    timers.forEach(clearInterval);
    timers = [];
  };
  const reducedMotion = matchMedia("(prefers-reduced-motion: reduce)");
  const update = () => {
    stop();
    toggle.hidden = reducedMotion.matches;
    toggle.textContent = paused ? "Play slideshow" : "Pause slideshow";
    if (reducedMotion.matches || paused) return;
    timers.push(
      setInterval(() => {
        headline = (headline + 1) % headlines.length;
        showHeadline();
      }, Number(section.dataset.headlineMs)),
    );
    if (picturesStill || slots.length < 2) return;
    mountNext();
    timers.push(
      setInterval(() => {
        image = (image + 1) % slots.length;
        showImage();
      }, Number(section.dataset.imageMs)),
    );
  };

  toggle.addEventListener("click", () => {
    paused = !paused;
    update();
  });
  reducedMotion.addEventListener("change", update);
  update();
}
