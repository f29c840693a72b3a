import type { Locator, Page } from "@playwright/test";

/**
 * Layout checks run inside the page, each returning one line per problem that names the element
 * (tag, id or label, text) and its box in CSS px, so a failure says what to fix without a trace.
 * The functions passed to page.evaluate are serialised, so each carries its own small helpers.
 */

export type Box = { x: number; y: number; width: number; height: number };

export const formatBox = (box: Box) =>
  `${Math.round(box.width)}×${Math.round(box.height)} at (${Math.round(box.x)}, ${Math.round(box.y)})`;

/** The page is wider than the window, or a box inside it (a table's wrapper) scrolls sideways. */
export function sidewaysScrolling(page: Page) {
  return page.evaluate(() => {
    const name = (el: Element) => {
      const text = (el as HTMLElement).innerText?.trim().replace(/\s+/g, " ").slice(0, 40);
      const label = el.getAttribute("aria-label");
      return `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}${label ? ` "${label}"` : ""}> class="${(el.getAttribute("class") ?? "").slice(0, 80)}"${text ? ` "${text}"` : ""}`;
    };
    const box = (r: DOMRect) =>
      `${Math.round(r.width)}×${Math.round(r.height)} at (${Math.round(r.x)}, ${Math.round(r.y + scrollY)})`;
    const root = document.scrollingElement ?? document.documentElement;
    const width = root.clientWidth;
    const problems: string[] = [];

    if (root.scrollWidth > width) {
      const sticksOut = (el: Element) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && (r.right > width + 0.5 || r.left < -0.5) && el.checkVisibility();
      };
      /**
       * Inside a box that clips it sideways; an absolutely placed element escapes boxes below its
       * containing block.
       */
      const clipped = (el: Element) => {
        let position = getComputedStyle(el).position;
        for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
          const style = getComputedStyle(a);
          if (position === "fixed" && style.transform === "none") continue;
          if (position === "absolute" && style.position === "static") continue;
          if (style.overflowX !== "visible") return true;
          position = style.position;
        }
        return false;
      };
      // The outermost elements that stick out (their parent does not), widest reach first.
      const offenders = new Set(
        [...document.body.querySelectorAll("*")].filter((el) => sticksOut(el) && !clipped(el)),
      );
      const outermost = [...offenders]
        .filter((el) => !(el.parentElement && offenders.has(el.parentElement)))
        .sort((a, b) => b.getBoundingClientRect().right - a.getBoundingClientRect().right);
      const widest = outermost
        .slice(0, 3)
        .map((el) => `${name(el)} ${box(el.getBoundingClientRect())}`);
      const more = outermost.length > 3 ? ` and ${outermost.length - 3} more` : "";
      problems.push(
        `the page is ${root.scrollWidth} px wide in a ${width} px window; widest: ${widest.join("; ") || "(no element found)"}${more}`,
      );
    }
    for (const el of document.body.querySelectorAll<HTMLElement>("*")) {
      const { overflowX } = getComputedStyle(el);
      if (
        (overflowX === "auto" || overflowX === "scroll") &&
        el.scrollWidth > el.clientWidth + 1 &&
        el.checkVisibility({ visibilityProperty: true, opacityProperty: true })
      ) {
        problems.push(
          `${name(el)} ${box(el.getBoundingClientRect())} scrolls sideways: ${el.scrollWidth} px of content in ${el.clientWidth} px`,
        );
      }
    }
    return problems;
  });
}

/**
 * Visible tap targets smaller than 24×24 CSS px (WCAG 2.2 SC 2.5.8), except a link
 * inside a sentence of running text whose box is the text's line. The spacing exception is not
 * taken: every other target is at least 24 px each way.
 */
export function smallTapTargets(page: Page) {
  return page.evaluate(() => {
    const min = 24;
    type Target = { el: Element; rect: DOMRect; small: boolean };
    const visible = (el: Element, rect: DOMRect) =>
      rect.width > 1 &&
      rect.height > 1 &&
      rect.right > 0 &&
      rect.bottom + scrollY > 0 &&
      el.checkVisibility({ opacityProperty: true, visibilityProperty: true });
    const isChoice = (el: Element | null) =>
      el instanceof HTMLInputElement && (el.type === "checkbox" || el.type === "radio");

    /**
     * The box a tap lands in: the element and whatever it contains (an inline link around an
     * image).
     */
    const tapBox = (el: Element) => {
      let { left, top, right, bottom } = el.getBoundingClientRect();
      for (const child of el.querySelectorAll("*")) {
        const r = child.getBoundingClientRect();
        if (r.width < 1 || r.height < 1) continue;
        left = Math.min(left, r.left);
        top = Math.min(top, r.top);
        right = Math.max(right, r.right);
        bottom = Math.max(bottom, r.bottom);
      }
      return new DOMRect(left, top, right - left, bottom - top);
    };

    /**
     * A link in a sentence: inline, its block has words of its own, and the link is no taller than
     * the line.
     */
    const inlineInText = (el: Element) => {
      if (el.tagName !== "A" || getComputedStyle(el).display !== "inline") return false;
      let block = el.parentElement;
      while (block && getComputedStyle(block).display.startsWith("inline"))
        block = block.parentElement;
      if (!block) return false;
      const walker = document.createTreeWalker(block, NodeFilter.SHOW_TEXT);
      let words = false;
      for (let node = walker.nextNode(); node && !words; node = walker.nextNode()) {
        if (!el.contains(node) && /[\p{L}\p{N}]/u.test(node.textContent ?? "")) words = true;
      }
      if (!words) return false;
      const style = getComputedStyle(block);
      const line =
        style.lineHeight === "normal"
          ? parseFloat(style.fontSize) * 1.5
          : parseFloat(style.lineHeight);
      return [...el.getClientRects()].every((r) => r.height <= line + 1);
    };

    const targets: Target[] = [];
    for (const el of document.body.querySelectorAll(
      "a[href], button, input:not([type=hidden]), select, textarea, summary, label",
    )) {
      if (el.tagName === "LABEL" && !isChoice((el as HTMLLabelElement).control)) continue;
      const rect = tapBox(el);
      if (!visible(el, rect)) continue;
      let small = rect.width < min - 0.5 || rect.height < min - 0.5;
      // A checkbox or radio button is as large as the label that also toggles it.
      if (small && isChoice(el))
        small = ![...((el as HTMLInputElement).labels ?? [])].some(
          (label) =>
            label.getBoundingClientRect().width >= min &&
            label.getBoundingClientRect().height >= min,
        );
      targets.push({ el, rect, small });
    }

    const describe = (t: Target) => {
      const text = (
        (t.el as HTMLElement).innerText ||
        t.el.getAttribute("aria-label") ||
        t.el.getAttribute("title") ||
        (t.el as HTMLInputElement).name ||
        ""
      )
        .trim()
        .replace(/\s+/g, " ")
        .slice(0, 40);
      return `<${t.el.tagName.toLowerCase()}${t.el.id ? `#${t.el.id}` : ""}> "${text}" ${Math.round(t.rect.width)}×${Math.round(t.rect.height)} at (${Math.round(t.rect.x)}, ${Math.round(t.rect.y + scrollY)})`;
    };
    return targets.filter((t) => t.small && !inlineInText(t.el)).map(describe);
  });
}

/**
 * The first field a visitor fills in: the first visible, focusable control of the page's first
 * form.
 */
export function firstField(page: Page): Locator {
  return page
    .locator("main form")
    .locator("input:not([type=hidden]):not([tabindex='-1']), select, textarea")
    .filter({ visible: true })
    .first();
}

/** Elements to focus: every match of `selector`, and matches of `withText.selector` whose text starts as `withText.text`. */
export type FocusTargets = { selector: string; withText?: { selector: string; text: RegExp } };

/**
 * Focuses each element, scrolling it into view as focus does (instantly, though the page scrolls
 * smoothly), and looks at what is on top at its centre and near its four corners. Anything there
 * but the element, its label, or the sticky header at the top of the window is a problem; a fixed
 * or sticky element is named as such.
 */
export function coveredWhenFocused(page: Page, targets: FocusTargets) {
  const { selector, withText } = targets;
  return page.evaluate(
    ({ selector, withText }) => {
      const text = withText ? new RegExp(withText.source, withText.flags) : null;
      const elements = new Set(document.querySelectorAll<HTMLElement>(selector));
      if (withText && text)
        for (const el of document.querySelectorAll<HTMLElement>(withText.selector))
          if (text.test(el.innerText)) elements.add(el);

      const header = document.querySelector("body header");
      const name = (el: Element) => {
        const label = (
          (el as HTMLElement).innerText ||
          el.getAttribute("aria-label") ||
          (el as HTMLInputElement).name ||
          ""
        )
          .trim()
          .replace(/\s+/g, " ")
          .slice(0, 40);
        return `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}> "${label}"`;
      };
      const box = (r: DOMRect) =>
        `${Math.round(r.width)}×${Math.round(r.height)} at (${Math.round(r.x)}, ${Math.round(r.y)}) in the window`;
      const pinned = (el: Element) => {
        for (let a: Element | null = el; a && a !== document.body; a = a.parentElement) {
          const { position } = getComputedStyle(a);
          if (position === "fixed" || position === "sticky") return a;
        }
        return null;
      };

      const root = document.documentElement;
      const behaviour = root.style.scrollBehavior;
      root.style.scrollBehavior = "auto";
      const problems: string[] = [];
      for (const el of elements) {
        const initial = el.getBoundingClientRect();
        // A disabled control cannot take focus or a tap; it is not a target.
        if (
          initial.width <= 1 ||
          initial.height <= 1 ||
          el.tabIndex < 0 ||
          el.matches(":disabled") ||
          !el.checkVisibility({ visibilityProperty: true })
        )
          continue;
        el.focus();
        const r = el.getBoundingClientRect();
        const inset = (size: number) =>
          Math.min(size / 4, Math.max(4, parseFloat(getComputedStyle(el).borderRadius) || 0));
        const [dx, dy] = [inset(r.width), inset(r.height)];
        const top = Math.max(r.top + dy, 0);
        const bottom = Math.min(r.bottom - dy, innerHeight - 1);
        const points = [
          { where: "centre", x: r.left + r.width / 2, y: (top + bottom) / 2 },
          { where: "top left", x: r.left + dx, y: top },
          { where: "top right", x: r.right - dx, y: top },
          { where: "bottom left", x: r.left + dx, y: bottom },
          { where: "bottom right", x: r.right - dx, y: bottom },
        ];
        const covers = new Map<Element, string[]>();
        for (const point of points) {
          const hit = document.elementFromPoint(point.x, point.y);
          if (
            !hit ||
            el.contains(hit) ||
            (el instanceof HTMLInputElement &&
              [...(el.labels ?? [])].some((label) => label.contains(hit)))
          )
            continue;
          const over = pinned(hit);
          if (over && over === header && point.y < header.getBoundingClientRect().bottom) continue;
          const culprit = over ?? hit;
          covers.set(culprit, [...(covers.get(culprit) ?? []), point.where]);
        }
        for (const [culprit, where] of covers) {
          const kind = pinned(culprit) ? `${getComputedStyle(culprit).position} ` : "";
          problems.push(
            `${name(el)} ${box(r)} is covered at its ${where.join(", ")} by ${kind}${name(culprit)} ${box(culprit.getBoundingClientRect())}`,
          );
        }
      }
      root.style.scrollBehavior = behaviour;
      return problems;
    },
    {
      selector,
      withText: withText
        ? { selector: withText.selector, source: withText.text.source, flags: withText.text.flags }
        : null,
    },
  );
}

/** The toast's box against what it must leave visible; boxes in window coordinates. */
export async function toastOverlaps(
  page: Page,
  mustStayVisible: { label: string; locator: Locator }[],
) {
  await settled(page);
  const toast = await page.getByTestId("toast").boundingBox();
  if (!toast) return ["no toast is visible"];
  const problems: string[] = [];
  for (const { label, locator } of mustStayVisible) {
    if (!(await locator.count()) || !(await locator.first().isVisible())) continue;
    const other = await locator.first().boundingBox();
    if (!other) continue;
    const overlaps =
      toast.x < other.x + other.width &&
      other.x < toast.x + toast.width &&
      toast.y < other.y + other.height &&
      other.y < toast.y + toast.height;
    if (overlaps)
      problems.push(`the toast ${formatBox(toast)} covers ${label} ${formatBox(other)}`);
  }
  return problems;
}

/**
 * Resolves once the toast and the focused element have held still between two looks: the scroll
 * to the invalid field, the toast's entry and its placement have finished, as they have by the
 * time a person looks. A loaded machine otherwise measures one mid-way. Read from outside the
 * page, as a page without JavaScript runs no callbacks of ours.
 */
async function settled(page: Page) {
  const look = () =>
    page.evaluate(() =>
      JSON.stringify(
        [document.querySelector("[data-testid=toast]"), document.activeElement].map((element) =>
          element?.getBoundingClientRect(),
        ),
      ),
    );
  let last = await look();
  for (let i = 0; i < 20; i++) {
    await page.waitForTimeout(100);
    const now = await look();
    if (now === last) return;
    last = now;
  }
}

/**
 * A screenshot for review. Chromium now and then answers "Unable to capture screenshot" when its
 * compositor has no frame ready (seen once in a CI run, on a page that had loaded); a second
 * request gets one. Any other failure is the test's.
 */
export async function reviewScreenshot(page: Page, options: Parameters<Page["screenshot"]>[0]) {
  try {
    return await page.screenshot(options);
  } catch (error) {
    if (!String(error).includes("Unable to capture screenshot")) throw error;
    return page.screenshot(options);
  }
}
