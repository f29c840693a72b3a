import { address, brand, warranty } from "~/config/shop";
import type { BlogPost } from "./types";

export const post: BlogPost = {
  slug: "samsung-battery-drain-fix",
  title: "How to Fix Samsung Battery Drain",
  excerpt:
    "Galaxy battery dying too fast? Work through these One UI settings and checks, and learn the signs that point to a worn or swollen battery.",
  publishedAt: "2025-04-08",
  author: `The ${brand.name} Team`,
  readingMinutes: 4,
  html: `
<p>Few things are more frustrating than a Samsung Galaxy that was at 100% in the morning and is begging for a charger by lunch. Battery drain usually comes from one of two places: software and settings, or a battery that has simply worn out. The steps below go from quick, free fixes to the point where a repair makes sense. Menu names vary a little between One UI versions, so if something is not exactly where we say, use the search icon in Settings.</p>

<h2>Step 1: Find out what is actually using the battery</h2>
<p>Open <strong>Settings &gt; Battery</strong> (on older One UI versions, <strong>Settings &gt; Battery and device care &gt; Battery</strong>) and look at the usage since the last full charge. Look for anything out of proportion, such as an app you barely opened using a large share of the battery.</p>
<p>If one app is the problem, update it through Google Play or the Galaxy Store, clear its cache under <strong>Settings &gt; Apps</strong>, or uninstall and reinstall it.</p>

<h2>Step 2: Let Device care and adaptive battery do their job</h2>
<p>Samsung builds in tools that manage background activity for you:</p>
<ul>
<li><strong>Device care</strong>: open <strong>Settings &gt; Device care</strong> and tap <em>Optimize now</em>. It closes background apps and flags problems such as apps using too much battery.</li>
<li><strong>Adaptive battery</strong>: this learns which apps you use and limits the rest. Look for it in the Battery settings; on some versions it sits under <em>More battery settings</em>.</li>
<li><strong>Background usage limits</strong>: turn on <em>Put unused apps to sleep</em>, and move apps you rarely need into <em>Sleeping apps</em> or <em>Deep sleeping apps</em>. Keep messaging and alarm apps in <em>Never sleeping apps</em> so you do not miss notifications.</li>
</ul>

<h2>Step 3: Adjust the biggest power users</h2>
<p>The display and the radios use most of your power. A few changes can make a noticeable difference:</p>
<ul>
<li><strong>Motion smoothness</strong> (<strong>Settings &gt; Display</strong>): <em>Adaptive</em> looks great but uses more power; <em>Standard</em> (60 Hz) saves battery.</li>
<li><strong>Always On Display</strong>: switch it off, or set it to show only when you tap the screen.</li>
<li><strong>Brightness and dark mode</strong>: keep adaptive brightness on and use dark mode, which helps on Galaxy OLED screens.</li>
<li><strong>Connectivity</strong>: in areas with weak 5G coverage the phone works harder searching for signal. Switching the network mode to LTE can help if you notice heavy drain in certain spots.</li>
<li><strong>Location scanning</strong>: under <strong>Settings &gt; Location &gt; Location services</strong>, turn off Wi-Fi scanning and Bluetooth scanning if you do not need them.</li>
</ul>

<h2>Step 4: Update, restart and test in Safe mode</h2>
<p>Install the latest update under <strong>Settings &gt; Software update</strong>. Right after a major update it is normal for the battery to seem worse for a few days while the phone re-indexes and optimizes, so give it time before judging.</p>
<p>If drain continues, restart the phone, then try <strong>Safe mode</strong>: open the power menu, press and hold <em>Power off</em>, and tap <em>Safe mode</em>. Safe mode disables downloaded apps. If battery life is much better there, a third-party app is the cause. A factory reset is the last software step, so back up with Samsung Cloud, Google or Smart Switch first.</p>

<h2>Step 5: Check battery health and protect it</h2>
<p>Samsung does not show a capacity percentage in Settings the way iPhones do, but the <strong>Samsung Members</strong> app can run a battery check under its diagnostics section. If it reports the battery as weak, software tweaks will not bring the lost capacity back.</p>
<p>To slow future wear, turn on <strong>Battery protection</strong> (called <em>Protect battery</em> on older versions) in the Battery settings. Depending on your version, it can cap charging at around 80 to 85% or adapt charging to your routine. Also avoid leaving your phone on a hot dashboard in summer. Canadian winters matter too: cold temporarily reduces what any lithium-ion battery can deliver, and a worn battery feels it most, so a phone that keeps shutting off on minus-20 mornings at the GO station may be due for a new one.</p>

<h2>Signs it is a hardware problem</h2>
<p>Settings cannot fix a battery that is physically failing. Consider a battery replacement if you notice:</p>
<ul>
<li>The phone shuts down with 20 or 30% still showing.</li>
<li>It gets warm while sitting idle or charges unusually slowly.</li>
<li>The percentage jumps around, for example from 40% to 10% in minutes.</li>
<li>The back panel is lifting, the screen is being pushed up, or there is a new gap along the frame.</li>
</ul>
<p>That last one is a <strong>swollen battery</strong>, and it is a safety issue. Stop using and charging the phone, do not press on or puncture it, and bring it in as soon as you can.</p>

<h2>Get your Galaxy looked at in ${address.city}</h2>
<p>If you have tried the steps above and your battery still will not last the day, our technicians can confirm the cause with a free diagnostic. See our full list of <a href="/services">repair services</a>, find your exact Galaxy model in the <a href="/service-model-selector">model selector</a>, and <a href="/book-appointment">book an appointment</a> at our ${address.street} shop, or simply walk in. Most repairs are completed the same day, and current pricing is on our <a href="/price-list/mobile">mobile price list</a>. Every repair includes a ${warranty.days}-day warranty on ${warranty.covers}.</p>
`,
};
