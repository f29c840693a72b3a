import type { MetaFunction } from "react-router";
import { Link, useLoaderData } from "react-router";
import { PageIntro } from "~/components/page-intro";
import { Photo } from "~/components/public/photo";
import { PostDate } from "~/components/public/post-date";
import { blogPosts } from "~/content/blog";
import { blogCoverSlot } from "~/config/photos";
import { slotPicture } from "~/utils/picture";
import { address, brand } from "~/config/shop";
import { pageMeta } from "~/utils/seo";
import { publicOrigin } from "~/server/env.server";

export function loader() {
  const posts = blogPosts.map(({ slug, title, excerpt, publishedAt, readingMinutes }) => ({
    slug,
    title,
    excerpt,
    publishedAt,
    readingMinutes,
  }));
  return { posts, origin: publicOrigin() };
}

export default function BlogPage() {
  const { posts } = useLoaderData<typeof loader>();
  return (
    <>
      <PageIntro
        title="Our Blog"
        shortLead="Tech news and repair tips."
        lead="Stay updated with the latest tech news and repair tips."
      />
      <section aria-label="Posts" className="mx-auto max-w-7xl px-4 py-16">
        <ul className="grid gap-6 md:grid-cols-2">
          {posts.map((post, index) => (
            <li key={post.slug}>
              <article className="flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
                <Photo
                  picture={slotPicture(blogCoverSlot(post.slug))}
                  sizes="(min-width: 1280px) 600px, (min-width: 768px) 50vw, 100vw"
                  // The first card is the first screen's largest picture on a phone.
                  priority={index === 0}
                  className="h-auto w-full"
                />
                <div className="flex flex-1 flex-col p-6">
                  <p className="text-sm text-slate-600">
                    <PostDate date={post.publishedAt} /> · {post.readingMinutes} min read
                  </p>
                  <h2 className="mt-2 text-2xl font-bold text-slate-900">
                    <Link to={`/blog/${post.slug}`} className="hover:text-brand-700">
                      {post.title}
                    </Link>
                  </h2>
                  <p className="mt-3 flex-1 text-slate-700">{post.excerpt}</p>
                  <Link
                    to={`/blog/${post.slug}`}
                    className="mt-4 font-semibold text-brand-700 hover:underline"
                  >
                    Read more<span className="sr-only"> about {post.title}</span>
                  </Link>
                </div>
              </article>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta({
    title: "Our Blog",
    description: `Repair tips and tech news from the ${brand.name} technicians in ${address.city}: iPhone and Samsung care, battery advice and signs your phone needs a repair.`,
    origin: data?.origin ?? "",
    path: "/blog",
  });
