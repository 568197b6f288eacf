import { describe, expect, it } from "vitest";
import { withHeadTags } from "./head-tags.ts";

const tags = {
  title: "Joe's <Diner>",
  description: "Dish rating 4.3 from 12 reviews · 123 Main St",
  url: "https://tasted.example/b/r/joes-diner",
  type: "website" as const,
  imageUrl: "https://tasted.example/uploads/a-1280.webp?x=1&y=2",
};

describe("head tags in the built page", () => {
  it("replaces the default title, description and preview tags, keeping the rest", () => {
    const page = `<!doctype html>
<html>
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Default text" />
    <meta property="og:title" content="Default" />
    <meta name="twitter:card" content="summary" />
    <title>Tasted: Track what you try</title>
    <script src="/theme-init.js"></script>
  </head>
</html>`;
    expect(withHeadTags(page, tags)).toBe(`<!doctype html>
<html>
  <head>
    <meta charset="UTF-8" />
    <title>Joe&#39;s &lt;Diner&gt; · Tasted</title>
    <meta name="description" content="Dish rating 4.3 from 12 reviews · 123 Main St" />
    <link rel="canonical" href="https://tasted.example/b/r/joes-diner" />
    <meta property="og:site_name" content="Tasted" />
    <meta property="og:type" content="website" />
    <meta property="og:title" content="Joe&#39;s &lt;Diner&gt;" />
    <meta property="og:description" content="Dish rating 4.3 from 12 reviews · 123 Main St" />
    <meta property="og:url" content="https://tasted.example/b/r/joes-diner" />
    <meta property="og:image" content="https://tasted.example/uploads/a-1280.webp?x=1&amp;y=2" />
    <meta name="twitter:card" content="summary_large_image" />
    <script src="/theme-init.js"></script>
  </head>
</html>`);
  });

  it("adds the tags to a page without a title, and a small card without an image", () => {
    const page = withHeadTags("<html><head></head><body></body></html>", {
      ...tags,
      imageUrl: undefined,
    });
    expect(page).toMatch(/^<html><head><title>Joe&#39;s &lt;Diner&gt; · Tasted<\/title>\n/);
    expect(page).toContain('<meta name="twitter:card" content="summary" />\n</head><body>');
    expect(page).not.toContain("og:image");
  });

  it("keeps descriptions to one line of a preview's length, cut at a word", () => {
    const page = withHeadTags("<title>x</title>", {
      ...tags,
      description: `Line one\n\n  line two ${"word ".repeat(60)}`,
    });
    const description = /name="description" content="([^"]*)"/.exec(page)?.[1] ?? "";
    expect(description).toMatch(/^Line one line two word word/);
    expect(description).toMatch(/ word…$/);
    expect(description.length).toBeLessThanOrEqual(200);
  });
});
