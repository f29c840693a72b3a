import { Form } from "react-router";

/**
 * Deleting one photo, behind a second step: "Delete…" opens the button that does it, a plain form
 * that works without JavaScript. It posts `intent=photo_delete` and the photo's public id to
 * `action` (the page's own address by default).
 */
export function PhotoDeleteStep({ publicId, action }: { publicId: string; action?: string }) {
  return (
    <details className="text-sm">
      <summary className="cursor-pointer rounded-md px-2 py-1.5 font-semibold text-red-700 hover:bg-red-50">
        Delete…
      </summary>
      <Form method="post" action={action} preventScrollReset className="mt-1">
        <input type="hidden" name="intent" value="photo_delete" />
        <input type="hidden" name="photo" value={publicId} />
        <button
          type="submit"
          className="rounded-md bg-red-700 px-3 py-1.5 font-semibold text-white hover:bg-red-800"
        >
          Delete this photo
        </button>
      </Form>
    </details>
  );
}
