import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { TEST_ORIGIN, useTestApp } from "#server/test/app.ts";
import { createRestaurant, createUser } from "#server/test/factories.ts";
import { request } from "#server/test/request.ts";
import { sitemapXml } from "./site-index.service.ts";

const testApp = useTestApp();

/** The <loc> addresses of a sitemap, in order. */
const locations = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);

describe("GET /robots.txt", () => {
  it("lets crawlers read public pages but not the API or anyone's own screens", async () => {
    const { app } = await testApp.start();
    const response = await request(app, "GET", "/robots.txt");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/plain; charset=utf-8");
    const rules = response.body.split("\n");
    expect(rules).toContain("User-agent: *");
    expect(rules).toContain("Allow: /");
    for (const path of [
      "/api/",
      "/auth",
      "/setup",
      "/profile$",
      "/post",
      "/notifications",
      "/settings/",
      "/admin",
      "/map",
      "/lists/",
    ]) {
      expect(rules).toContain(`Disallow: ${path}`);
    }
    // Restaurants, people and reviews stay crawlable.
    expect(response.body).not.toMatch(/Disallow: \/(b|restaurant|user|view)\b/);
    expect(rules).toContain(`Sitemap: ${TEST_ORIGIN}/sitemap.xml`);
  });
});

describe("GET /sitemap.xml", () => {
  it("lists restaurant pages and the profiles visitors may open", async () => {
    const { app } = await testApp.start();
    const bySlug = await createRestaurant(testApp.db, { name: "Ichiran" });
    await testApp.db.execute(
      sql`update restaurants set slug = 'ichiran-brooklyn' where id = ${bySlug.id}`,
    );
    const byId = await createRestaurant(testApp.db, { name: "No slug yet" });
    await createUser(testApp.db, { username: "ann_lee" });
    await createUser(testApp.db, { username: "user_3fa9c2" });
    const leaving = await createUser(testApp.db, { username: "leaving" });
    await testApp.db.execute(sql`
      insert into account_deletions (user_id, erase_after)
      values (${leaving.id}, now() + interval '30 days')`);

    const response = await request(app, "GET", "/sitemap.xml");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/xml; charset=utf-8");
    expect(response.body).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    const listed = locations(response.body);
    expect(listed).toEqual(
      expect.arrayContaining([
        `${TEST_ORIGIN}/b/r/ichiran-brooklyn`,
        `${TEST_ORIGIN}/restaurant/${byId.id}`,
        `${TEST_ORIGIN}/user/ann_lee`,
      ]),
    );
    // An account waiting to be deleted and one still at /setup have no public page to list.
    expect(listed).not.toContain(`${TEST_ORIGIN}/user/leaving`);
    expect(listed.filter((loc) => loc?.includes("user_3fa9c2"))).toEqual([]);
    expect(listed).toHaveLength(3);
  });

  it("stays within its bounds however many pages there are", async () => {
    await testApp.start();
    for (let index = 0; index < 3; index++) {
      await createRestaurant(testApp.db);
      await createUser(testApp.db);
    }
    const xml = await sitemapXml(testApp.db, TEST_ORIGIN, { restaurants: 2, profiles: 1 });
    const listed = locations(xml);
    expect(listed.filter((loc) => loc?.includes("/restaurant/"))).toHaveLength(2);
    expect(listed.filter((loc) => loc?.includes("/user/"))).toHaveLength(1);
  });
});
