import type { CategorySlug } from "~/config/shop";

/** What each repair category covers, in a customer's words. */
export const categoryDescriptions: Record<CategorySlug, string> = {
  mobile:
    "Cracked screens, tired batteries, shattered back glass, loose charging ports and blurry cameras. Most phone repairs are done the same day.",
  tablet:
    "Screen and digitizer replacements, batteries and charging ports, including the larger Pro and Ultra sizes.",
  laptop:
    "Screens, batteries, keyboards, trackpads and charging ports, plus diagnostics for laptops that won't power on or charge.",
  watch:
    "Cracked displays and batteries that no longer last the day. Bring your watch in with its charger so we can test it properly.",
  console:
    "HDMI ports, disc drives, overheating and fan cleaning for home and handheld consoles, and joystick drift and charging repairs for controllers.",
};

/** The finder on the services page looks up phones, the devices customers ask about most. */
export const finderCategory: CategorySlug = "mobile";
