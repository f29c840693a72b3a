import type { BlogPost } from "./types";
import { post as iphoneVsSamsungRepairCanada2025 } from "./iphone-vs-samsung-repair-canada-2025";
import { post as samsungBatteryDrainFix } from "./samsung-battery-drain-fix";
import { post as top5IphoneRepairTips } from "./top-5-iphone-repair-tips";
import { post as top7SignsPhoneNeedsRepair } from "./top-7-signs-phone-needs-repair";

export type { BlogPost } from "./types";

/** All blog posts, newest first. */
export const blogPosts: BlogPost[] = [
  iphoneVsSamsungRepairCanada2025,
  top7SignsPhoneNeedsRepair,
  samsungBatteryDrainFix,
  top5IphoneRepairTips,
].sort((a, b) => b.publishedAt.localeCompare(a.publishedAt));

export function findBlogPost(slug: string): BlogPost | undefined {
  return blogPosts.find((p) => p.slug === slug);
}
