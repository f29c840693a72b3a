import { address, brand, warranty } from "~/config/shop";
import type { BlogPost } from "./types";

export const post: BlogPost = {
  slug: "iphone-vs-samsung-repair-canada-2025",
  title: "iPhone vs Samsung: Which Is Cheaper to Repair in Canada in 2025?",
  excerpt:
    "Repairability, parts, turnaround, AppleCare+, Samsung Care+ and Canada's new right-to-repair rules: what really drives iPhone and Galaxy repair costs in 2025.",
  publishedAt: "2025-07-15",
  author: `The ${brand.name} Team`,
  readingMinutes: 4,
  html: `
<p>It is one of the questions we hear most at the counter in ${address.city}: "Is an iPhone or a Samsung cheaper to fix?" The honest answer is that it depends far more on the specific model and the specific repair than on the logo on the back. A flagship with a large OLED screen costs more to repair than a mid-range phone, whichever brand made it. Still, there are real differences between the two in 2025 worth knowing.</p>

<h2>What actually drives the cost of a repair</h2>
<p>For either brand, the price of a repair comes down to a handful of factors:</p>
<ul>
<li><strong>The model tier.</strong> Pro, Pro Max, Ultra and foldable models use larger, more advanced displays and cameras, and their parts cost more. Foldables like the Galaxy Z Fold and Z Flip have inner screens that are among the most expensive phone parts to replace.</li>
<li><strong>The part itself.</strong> Screens are usually the most expensive common repair, batteries and charging ports much less so.</li>
<li><strong>Part grade.</strong> Genuine manufacturer parts, refurbished originals and aftermarket parts differ in price, and sometimes in brightness, colour accuracy and battery life.</li>
<li><strong>Labour and design.</strong> How a phone is glued and assembled determines how long a repair takes and how much risk is involved.</li>
</ul>
<p>You can see current prices for your model on our <a href="/price-list/mobile">mobile price list</a>, or use the <a href="/service-model-selector">model selector</a> to see which repairs are available for your exact phone.</p>

<h2>Repairability: how the phones are built</h2>
<p><strong>iPhone.</strong> Apple has made some welcome changes. Starting with the iPhone 14 and 14 Plus, and extended across later models, the back glass can be removed on its own, so a cracked back is no longer the heavy job it was on iPhone 8 through 13 models. The iPhone 16 family also introduced new battery adhesive designed to make battery removal easier.</p>
<p><strong>Samsung Galaxy.</strong> Galaxy phones are opened from the back, and the back glass is glued in place. On many Galaxy models, a genuine replacement screen comes as an assembly with the frame attached, which can make screen repairs cost more than you might expect for a mid-range phone. Battery swaps require careful removal of strong adhesive. On models with an under-display fingerprint sensor, you will usually need to re-register your fingerprints after a screen replacement.</p>

<h2>Parts availability and "parts pairing"</h2>
<p>Both brands use software checks to identify replacement parts. On iPhones, <strong>Settings &gt; General &gt; About &gt; Parts and Service History</strong> shows whether key parts are genuine and, in some cases, whether they are new or used. With iOS 18, Apple added an on-device <em>Repair Assistant</em> that can calibrate genuine Apple parts, including used ones, on iPhone 15 and later. Non-genuine parts still work for most repairs but may trigger an "Unknown Part" notice, and some features can behave differently.</p>
<p>Samsung phones show fewer of these notices, and Samsung sells genuine parts through its service network. In practice, parts availability in the GTA is good for both brands' recent popular models, while parts for older or less common models, and for foldables, can take longer to source.</p>

<h2>Turnaround time</h2>
<p>Turnaround depends mostly on where you go. Manufacturer mail-in service can mean days without your phone. An independent shop with parts on hand can often finish common repairs like screens, batteries and charging ports while you wait or the same day, for either brand. At ${brand.name}, most repairs are completed the same day, and you can check progress with <a href="/track-repair">repair tracking</a>.</p>

<h2>Warranty, AppleCare+ and Samsung Care+</h2>
<p>Both Apple and Samsung include a limited manufacturer's warranty that covers defects, not drops or liquid damage. Both also sell optional protection plans in Canada, <strong>AppleCare+</strong> and <strong>Samsung Care+</strong>, which cover accidental damage for a service fee per claim, with limits on how many claims you can make. Each can only be bought within a limited window after you purchase the phone, so check the terms on the manufacturer's site before you decide.</p>
<p>If you have one of these plans, using it is often the cheapest route for a major repair. If you do not, or your coverage has ended, an independent repair is often quicker and more affordable. Keep in mind that manufacturers generally will not cover damage caused by third-party work, so choose a shop that stands behind its repairs. Every ${brand.name} repair comes with a ${warranty.days}-day warranty on ${warranty.covers} from ${warranty.startsFrom}.</p>

<h2>Canada's right-to-repair context</h2>
<p>In November 2024, federal Bill C-244 amended the Copyright Act so that getting around digital locks solely for diagnosis, maintenance or repair is no longer prohibited. A companion bill, C-294, did the same for interoperability. That removes a legal barrier for independent repairers, though it does not force manufacturers to sell parts or tools. Quebec has gone further with its own law on planned obsolescence and repairability, while Ontario has not passed a comparable law at the time of writing.</p>

<h2>So which is cheaper?</h2>
<p>There is no universal winner. Recent iPhones have become easier to repair, particularly for back glass and batteries, while Samsung screen repairs can cost more when the part comes with the frame. The best approach is to compare the exact repair on your exact model. Browse our <a href="/services">repair services</a>, get a free diagnostic, and <a href="/book-appointment">book an appointment</a> at ${address.street}, or simply walk in.</p>
`,
};
