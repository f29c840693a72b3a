/*
 * The public pages' one script. The server draws every public page whole and every form works
 * without JavaScript; this adds what JavaScript makes better to the page as the server drew it,
 * with no React or React Router in the browser (decision 0036: react-dom 19 alone is two thirds of
 * the public pages' 100 KB budget). Each part looks for its own elements and leaves a page without
 * them alone; one part failing never stops the others.
 */

import { countUp } from "./count-up";
import { devicePicker } from "./device-picker";
import { faqFilter } from "./faq-filter";
import { forms } from "./forms";
import { hero } from "./hero";
import { mapFacade } from "./map-facade";
import { navDropdown } from "./nav-dropdown";
import { offlineSide } from "./offline-side";
import { openNow } from "./open-now";
import { pageAnalytics } from "./page-analytics";
import { leftToast } from "./toast";

const parts: ((page: Document) => void)[] = [
  navDropdown,
  hero,
  openNow,
  countUp,
  faqFilter,
  devicePicker,
  mapFacade,
  pageAnalytics,
  leftToast,
  forms,
  offlineSide,
];

for (const enhance of parts) {
  try {
    enhance(document);
  } catch (error) {
    // As an uncaught error would be (the console, window's "error" event), minus the stop.
    reportError(error);
  }
}

// Tests wait for this before they use what the script adds.
document.documentElement.dataset.enhanced = "";
