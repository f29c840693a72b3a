import { address, brand, warranty } from "~/config/shop";
import type { BlogPost } from "./types";

export const post: BlogPost = {
  slug: "top-5-iphone-repair-tips",
  title: "Top 5 iPhone Repair Tips",
  excerpt:
    "Five practical habits that save iPhone owners time and money, from checking battery health to handling liquid damage the right way.",
  publishedAt: "2025-02-12",
  author: `The ${brand.name} Team`,
  readingMinutes: 4,
  html: `
<p>Most iPhone problems we see at our ${address.city} shop on ${address.street} did not start as big problems. A small crack, a battery that was already struggling, or a phone that went for a swim and was charged too soon. The good news is that a few simple habits can prevent a lot of damage and make any repair that you do need faster and smoother. Here are our top five tips.</p>

<h2>1. Back up before anything else</h2>
<p>Whether your iPhone is headed to a repair shop or you are just worried it might be failing, make a fresh backup first. The easiest option is iCloud: go to <strong>Settings &gt; [your name] &gt; iCloud &gt; iCloud Backup</strong> and tap <em>Back Up Now</em> while on Wi-Fi. If you would rather keep a copy on your own computer, connect the phone to a Mac and use Finder, or use the Apple Devices app (or iTunes) on Windows.</p>
<p>Most repairs do not touch your data, but a backup means a failing screen or a dead battery never turns into lost photos. Also make sure you know your passcode and Apple Account password, since you will need them to sign back in and confirm everything works when you pick the phone up.</p>

<h2>2. Check your battery health before you blame the phone</h2>
<p>A tired battery causes many of the symptoms people assume are something worse: random shutdowns in the cold, sluggish performance, or a phone that cannot make it to dinner. iOS shows you the numbers. Open <strong>Settings &gt; Battery &gt; Battery Health</strong> (called <em>Battery Health &amp; Charging</em> on some iOS versions) and look at two things:</p>
<ul>
<li><strong>Maximum Capacity</strong>: how much charge the battery holds compared to when it was new. As it drops, your day gets shorter.</li>
<li><strong>Peak Performance Capability</strong>: if iOS says it has applied performance management after an unexpected shutdown, or recommends service, the battery is usually the culprit.</li>
</ul>
<p>On iPhone 15 and later you can also see the cycle count under <strong>Settings &gt; General &gt; About</strong>. Leaving <em>Optimized Battery Charging</em> (or the 80% limit option on newer models) turned on helps slow wear. If the battery is the problem, a replacement is usually far cheaper than a new phone and can make an older iPhone feel new again.</p>

<h2>3. Handle liquid damage the right way (skip the rice)</h2>
<p>If your iPhone gets wet, speed matters, but so does doing the right things:</p>
<ol>
<li>Take it out of any case and wipe it dry.</li>
<li><strong>Do not charge it.</strong> If you see a <em>Liquid Detected</em> alert, unplug the cable and leave it unplugged.</li>
<li>Tap the phone gently against your hand with the charging port facing down to let water drain, then leave it in a dry spot with some airflow.</li>
<li>Do not put it in rice, use a hair dryer, or push cotton swabs or paper towel into the port. Apple itself advises against rice, because small grains and starch can end up inside the phone.</li>
</ol>
<p>Water resistance is not permanent. Seals weaken with age, drops and heat, and liquid damage is generally not covered by Apple's standard warranty. If the phone was in salt water, pool water or a drink, or if it acts strangely after drying, have it looked at quickly. Corrosion keeps working even when the phone seems fine.</p>

<h2>4. Do not ignore small cracks, and protect what you have</h2>
<p>A hairline crack in the corner often spreads after the next bump, and a badly cracked screen can let in dust and moisture or start registering phantom touches. Cracked back glass and camera lens covers can also leave sharp edges and let debris reach the camera. A good case with a raised lip and a tempered glass screen protector are the cheapest insurance you can buy.</p>
<p>While you are at it, check the charging port. Pocket lint packs in over time and causes loose or intermittent charging. With the phone off, you can gently loosen it with a wooden or plastic toothpick. Never use metal pins or paper clips.</p>

<h2>5. Know your coverage and ask about parts</h2>
<p>Before paying for a repair, check whether you still have Apple's limited warranty or AppleCare+ under <strong>Settings &gt; General &gt; AppleCare &amp; Warranty</strong>. If your phone is out of coverage, an independent repair is often the quicker option. Keep in mind that Apple's warranty does not cover damage caused by service from anyone other than Apple or an authorized provider.</p>
<p>After a repair, iOS may list replaced parts under <strong>Settings &gt; General &gt; About &gt; Parts and Service History</strong>, where parts can appear as genuine or as unknown. Whichever shop you choose, ask what grade of part it uses and how that affects features like True Tone or battery health readings. Our <a href="/faq">FAQ</a> covers the most common questions, and our free diagnostic is a good time to ask.</p>

<h2>When it is time for a repair</h2>
<p>If you notice a problem, it usually pays to act sooner rather than later. Browse our <a href="/services">repair services</a> to see what we fix, use the <a href="/service-model-selector">model selector</a> to find your exact iPhone, then <a href="/book-appointment">book an appointment</a> or just walk in. Most repairs are done the same day, every repair comes with a ${warranty.days}-day warranty on ${warranty.covers}, and you can check on your device anytime with <a href="/track-repair">repair tracking</a>.</p>
`,
};
