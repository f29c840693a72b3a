/** A photo staff chose to show the customer, as the tracking page links it. */
export type TrackedPhoto = {
  href: string;
  thumb: string;
  alt: string;
  caption: string | null;
  width: number;
  height: number;
};

/**
 * The photos of the device that the shop shows its customer (its condition at intake, what the
 * technician found), on the secret-link tracking page only. Each opens the full photo.
 */
export function TrackedPhotos({ photos }: { photos: TrackedPhoto[] }) {
  if (!photos.length) return null;
  return (
    <section
      aria-labelledby="tracked-photos-heading"
      className="mt-6 rounded-2xl border border-slate-200 p-4 shadow-sm sm:p-6"
    >
      <h2 id="tracked-photos-heading" className="text-lg font-semibold text-slate-900">
        Photos of your device
      </h2>
      <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3">
        {photos.map((photo) => (
          <li key={photo.href}>
            <a href={photo.href} className="block">
              <img
                src={photo.thumb}
                alt={photo.alt}
                width={photo.width}
                height={photo.height}
                loading="lazy"
                className="h-32 w-full rounded bg-slate-100 object-contain sm:h-40"
              />
            </a>
            {photo.caption ? (
              <p className="mt-1 text-sm [overflow-wrap:anywhere] text-slate-700">
                {photo.caption}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
