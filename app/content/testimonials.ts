export type Testimonial = {
  name: string;
  rating: 1 | 2 | 3 | 4 | 5;
  comment: string;
  device: string;
};

export const testimonials: Testimonial[] = [
  {
    name: "Priya S.",
    rating: 5,
    comment:
      "Dropped my phone on the way to work and the screen was shattered. I walked in on my lunch break and picked it up the same afternoon. It looks brand new, and they explained the price before doing anything.",
    device: "iPhone 14 Pro",
  },
  {
    name: "Mark T.",
    rating: 5,
    comment:
      "My laptop wouldn't charge and another shop told me I needed a new one. The team here found the real problem, gave me a fair quote and had it working again within a day. Friendly, honest and quick.",
    device: "MacBook Air M1",
  },
  {
    name: "Jasmine L.",
    rating: 5,
    comment:
      "My son's console kept shutting off and the HDMI port was loose. They fixed both, cleaned it out and even called to let me know it was ready early. Great service and great communication.",
    device: "PlayStation 5",
  },
];
