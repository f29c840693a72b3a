import { testimonials } from "~/content/testimonials";
import { reviews } from "~/config/shop";

function Stars({ rating }: { rating: number }) {
  return (
    <p className="flex gap-0.5 text-accent-600">
      <span className="sr-only">Rated {rating} out of 5</span>
      {Array.from({ length: 5 }, (_, i) => (
        <svg
          key={i}
          viewBox="0 0 20 20"
          width="20"
          height="20"
          aria-hidden
          fill={i < rating ? "currentColor" : "none"}
          stroke="currentColor"
        >
          <path d="M10 1.5l2.6 5.4 5.9.8-4.3 4.1 1 5.9L10 14.9l-5.2 2.8 1-5.9L1.5 7.7l5.9-.8z" />
        </svg>
      ))}
    </p>
  );
}

/** Three customers in their own words, and the way to every public review. */
export function Testimonials() {
  return (
    <section aria-labelledby="testimonials-heading" className="mx-auto max-w-7xl px-4 py-16">
      <h2 id="testimonials-heading" className="text-3xl font-bold text-slate-900">
        What our customers say
      </h2>
      <ul className="mt-8 grid gap-6 md:grid-cols-3">
        {testimonials.map((t) => (
          <li
            key={t.name}
            className="flex flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
          >
            <figure className="flex flex-1 flex-col">
              <Stars rating={t.rating} />
              <blockquote className="mt-4 flex-1 text-slate-700">
                <p>&ldquo;{t.comment}&rdquo;</p>
              </blockquote>
              <figcaption className="mt-4">
                <span className="font-semibold text-slate-900">{t.name}</span>
                <span className="block text-sm text-slate-600">{t.device}</span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
      <a
        href={reviews.href}
        target="_blank"
        rel="noopener noreferrer"
        className="mt-8 inline-block rounded-md bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800"
      >
        Read all {reviews.count.toLocaleString("en-CA")}+ reviews
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    </section>
  );
}
