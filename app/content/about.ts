import { address, brand, claims, warranty } from "~/config/shop";

export const story: string[] = [
  `${brand.name} opened its doors on ${address.street} in ${address.city} in ${brand.foundedYear} with a simple idea: getting a phone, tablet or laptop fixed shouldn't be confusing, slow or expensive. We wanted a local shop where you could walk in, talk to the person actually doing the repair and get a straight answer about what's wrong and what it will cost.`,
  `Since then we've grown from mostly screen and battery replacements into a full repair shop for phones, tablets, laptops, game consoles and smart watches, including board-level and water-damage work. Along the way we've added second-hand devices and accessories, so you can leave with a case, a charger or a replacement device if you need one.`,
  `What hasn't changed is how we work. Every diagnostic is free, most repairs are done the same day, and every repair is backed by our ${warranty.days}-day warranty. Whether you live in ${address.city} or are just passing through, we'd love to help get your device working again.`,
];

export const stats = [
  { value: claims.happyCustomers, suffix: "+", label: "Happy Customers" },
  { value: claims.yearsExperience, suffix: "+", label: "Years Experience" },
  { value: claims.successRate, suffix: "%", label: "Success Rate" },
  { value: warranty.days, suffix: " Day", label: "Warranty" },
] as const;

export const values: { title: string; description: string }[] = [
  {
    title: "Honest Pricing",
    description:
      "Free diagnostics, clear quotes and no surprises. We only start work once you've approved the price, and we never charge for work you didn't agree to.",
  },
  {
    title: "Quality Workmanship",
    description: `We use original parts where available and high-quality parts otherwise, test every device before it goes back to you, and stand behind our work with a ${warranty.days}-day warranty.`,
  },
  {
    title: "Respect for Your Data",
    description:
      "Your phone holds your life. We only access your device as far as needed to test the repair, and we never open, copy or keep your personal files.",
  },
  {
    title: "Fast, Friendly Service",
    description:
      "Walk-ins are welcome and most repairs are done the same day. We explain things in plain language and keep you updated from drop-off to pickup.",
  },
];

export const technicians: {
  name: string;
  role: string;
  experience: string;
  specialization: string;
}[] = [
  {
    name: "Daniel Tremblay",
    role: "Lead Technician",
    experience: "8 years",
    specialization: "Micro-soldering and board-level repair",
  },
  {
    name: "Aisha Rahman",
    role: "Mobile and Tablet Technician",
    experience: "6 years",
    specialization: "Screen, battery and charging port repairs for phones and tablets",
  },
  {
    name: "Marcus Chen",
    role: "Laptop and Console Technician",
    experience: "5 years",
    specialization: "Laptop diagnostics, HDMI port repairs and console cleaning and cooling",
  },
];

export const certifications: string[] = [
  "Trained in micro-soldering and board-level diagnostics",
  "Follows IPC-7711/7721 rework and repair practices",
  "ESD-safe workbenches and static-control handling for every device",
  "Ongoing training on new phone, tablet and laptop models",
  "Electronics recycling through an Ontario-registered processor",
];
