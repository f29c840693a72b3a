import { address, brand, warranty } from "~/config/shop";
import type { BlogPost } from "./types";

export const post: BlogPost = {
  slug: "top-7-signs-phone-needs-repair",
  title: "Top 7 Signs Your Phone Needs Repair",
  excerpt:
    "From ghost touch to a swelling battery, these seven warning signs mean your phone needs attention before a small fault becomes a costly one.",
  publishedAt: "2025-05-20",
  author: `The ${brand.name} Team`,
  readingMinutes: 4,
  html: `
<p>Phones rarely fail all at once. Most give warning signs for days or weeks before something stops working completely, and catching them early often means a simpler repair and less risk to your data. Whether you carry an iPhone, a Samsung Galaxy or a Google Pixel, here are the seven signs we see most often at our ${address.city} shop, plus what you can safely check at home first.</p>

<h2>1. The battery drains fast or the phone shuts off early</h2>
<p>If your phone dies at 20 or 30%, restarts when you open the camera, or needs a top-up by early afternoon, the battery is probably worn. Batteries are consumable parts, and their capacity drops with every charge cycle. On an iPhone, check <strong>Settings &gt; Battery &gt; Battery Health</strong>. On a Samsung, the Samsung Members app can run a battery check. Before blaming the hardware, look at battery usage in Settings for a misbehaving app, but if the battery itself is worn, a replacement is the real fix.</p>

<h2>2. The battery is swelling</h2>
<p>This is the one sign you should never ignore. A swollen lithium-ion battery can push the screen up from the frame, lift the back glass, or make the phone rock when it lies flat on a table. You might also notice the screen showing pressure marks or the case suddenly fitting tightly.</p>
<p>If you see any of this, <strong>stop charging and using the phone</strong>, keep it away from heat, and do not press on it or try to open it yourself. A swollen battery can be a fire hazard, so bring it to a technician promptly.</p>

<h2>3. Charging is unreliable</h2>
<p>Does the cable only work at a certain angle, or does the charger connect and disconnect? Before assuming the port is broken, check for lint. Pocket fluff packs into the bottom of the port over months and stops the plug from seating fully. With the phone off, use a wooden or plastic toothpick to gently loosen it, and never use metal. Also try a different cable and adapter.</p>
<p>If you see a <em>Liquid Detected</em> alert on an iPhone or a <em>moisture detected</em> warning on a Samsung and the phone has not been near water, the port may be dirty or corroded. If cleaning does not help, the charging port or its connector likely needs replacement.</p>

<h2>4. The screen has cracks, lines or ghost touch</h2>
<p>Obvious cracks are easy to spot, but watch for subtler screen problems too:</p>
<ul>
<li><strong>Ghost touch</strong>: the phone opens apps, types or scrolls on its own.</li>
<li><strong>Dead zones</strong>: part of the screen does not respond to your finger.</li>
<li><strong>Lines, flicker or spreading black spots</strong>: often a sign that the OLED panel was damaged by a drop or pressure.</li>
</ul>
<p>Remove your screen protector and case first, clean the screen, and restart, since a poorly fitted protector can cause touch issues. If the problem stays, the display likely needs replacing. Do not wait too long with a cracked screen, since cracks spread and let in dust and moisture.</p>

<h2>5. Callers cannot hear you, or you cannot hear them</h2>
<p>Muffled calls, crackling audio or people saying you sound far away usually point to a blocked grille or a failing speaker or microphone. Record a quick voice memo and play it back to see which part is affected. Gently brush the speaker and microphone openings with a soft, dry toothbrush, and check that your case is not covering them. If audio is still poor after cleaning, the component may need to be replaced.</p>

<h2>6. The camera is blurry, shaky or buzzing</h2>
<p>A cracked camera lens cover causes hazy or flared photos and can let debris reach the lens. If the camera cannot focus, shows a black screen, or makes a faint buzzing or rattling sound, the stabilization or focus mechanism may be damaged. Drops can cause this, and Apple also warns that strong vibrations, such as mounting a phone on a high-powered motorcycle, can affect iPhone camera systems.</p>

<h2>7. It got wet, even if it seems fine</h2>
<p>Water resistance ratings describe phones in new condition, and seals weaken with age and drops. After a dunk in the lake, the pool or a glass of pop, the phone may work perfectly for a few days while corrosion quietly builds on the board. Random restarts, a foggy camera, weak audio or charging problems days later are all classic signs. Power the phone off, do not charge it, skip the rice, and get it checked sooner rather than later.</p>

<h2>What to do next</h2>
<p>Whatever the symptom, back up your phone first if it still turns on. Then let us take a look: our diagnostic is free, walk-ins are welcome, and most repairs are completed the same day. Browse our <a href="/services">repair services</a>, find your device with the <a href="/service-model-selector">model selector</a>, or <a href="/book-appointment">book an appointment</a> at ${address.full}. Every repair includes a ${warranty.days}-day warranty on ${warranty.covers}, and you can follow progress with <a href="/track-repair">repair tracking</a>. Questions first? Reach us through our <a href="/contact">contact page</a>.</p>
`,
};
