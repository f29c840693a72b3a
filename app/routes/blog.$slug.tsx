import { data, type LoaderFunctionArgs, type MetaFunction } from "react-router";
import { Link, useLoaderData } from "react-router";
import { JsonLd } from "~/components/public/json-ld";
import { Photo } from "~/components/public/photo";
import { PostDate } from "~/components/public/post-date";
import { RichText } from "~/components/public/rich-text";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { findBlogPost } from "~/content/blog";
import { blogCoverSlot } from "~/config/photos";
import { slotPicture } from "~/utils/picture";
import { contact } from "~/config/shop";
import { blogPostingJsonLd, errorMeta, pageMeta } from "~/utils/seo";
import { publicOrigin } from "~/server/env.server";

export function loader({ params }: LoaderFunctionArgs) {
  const post = findBlogPost(params.slug ?? "");
  if (!post) throw data("Blog post not found.", { status: 404 });
  return { post, origin: publicOrigin() };
}

export default function BlogPostPage() {
  const { post, origin } = useLoaderData<typeof loader>();
  return (
    <article>
      <JsonLd data={blogPostingJsonLd(post, origin)} />
      <header className="bg-gradient-to-br from-brand-700 to-brand-900 text-white">
        <div className="mx-auto max-w-3xl px-4 pt-12 pb-24 sm:pt-16">
          <p>
            <Link
              to="/blog"
              className="inline-block py-2.5 text-sm font-semibold text-brand-100 hover:text-white hover:underline"
            >
              ← Back to the blog
            </Link>
          </p>
          <h1 className="mt-4 text-4xl font-extrabold tracking-tight sm:text-5xl">{post.title}</h1>
          <p className="mt-4 text-brand-100">
            {post.author} · <PostDate date={post.publishedAt} /> · {post.readingMinutes} min read
          </p>
        </div>
      </header>
      <div className="mx-auto max-w-3xl px-4 pb-12">
        <Photo
          picture={slotPicture(blogCoverSlot(post.slug))}
          sizes="(min-width: 800px) 736px, calc(100vw - 2rem)"
          priority
          className="-mt-16 mb-10 h-auto w-full rounded-xl shadow-lg"
        />
        <RichText html={post.html} />
        <aside className="mt-12 rounded-xl bg-brand-50 p-6">
          <h2 className="text-xl font-bold text-slate-900">Need a hand with your device?</h2>
          <p className="mt-2 text-slate-700">
            Diagnostics are free and most repairs are done the same day.
          </p>
          <div className="mt-4 flex flex-wrap gap-3">
            <Link
              to="/book-appointment"
              className="rounded-md bg-accent-500 px-5 py-3 font-semibold text-slate-900 hover:bg-accent-600"
            >
              Book a Repair
            </Link>
            <a
              href={contact.phone.href}
              className="rounded-md border border-slate-300 bg-white px-5 py-3 font-semibold text-slate-800 hover:bg-slate-50"
            >
              Call {contact.phone.display}
            </a>
          </div>
        </aside>
      </div>
    </article>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return errorMeta("Blog post not found");
  const { post, origin } = data;
  return [
    ...pageMeta({
      title: post.title,
      description: post.excerpt,
      origin,
      path: `/blog/${post.slug}`,
      type: "article",
    }),
    { property: "article:published_time", content: post.publishedAt },
    ...(post.updatedAt ? [{ property: "article:modified_time", content: post.updatedAt }] : []),
  ];
};

export const ErrorBoundary = RouteErrorBoundary;
