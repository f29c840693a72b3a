import { deviceCategories } from "~/config/shop";

/**
 * The public booking form sends a category's title, as the legacy form did; staff forms send its
 * slug.
 */
export function DeviceCategoryOptions({ value }: { value: "slug" | "title" }) {
  return (
    <>
      <option value="">Select a category</option>
      {deviceCategories.map((c) => (
        <option key={c.slug} value={c[value]}>
          {c.title}
        </option>
      ))}
    </>
  );
}
