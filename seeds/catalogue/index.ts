import { consoleCatalogue } from "./console";
import { laptopCatalogue } from "./laptop";
import { mobileCatalogue } from "./mobile";
import { tabletCatalogue } from "./tablet";
import type { CategoryCatalogue } from "./types";
import { watchCatalogue } from "./watch";

/** The whole price catalogue, in the order the categories are shown. */
export const catalogue: CategoryCatalogue[] = [
  mobileCatalogue,
  tabletCatalogue,
  laptopCatalogue,
  watchCatalogue,
  consoleCatalogue,
];
