export type BlogPost = {
  slug: string;
  title: string;
  excerpt: string;
  publishedAt: string /* YYYY-MM-DD */;
  updatedAt?: string;
  author: string;
  readingMinutes: number;
  html: string;
};
