import { describe, expect, it } from "vitest";
import { mapsSearchUrl, oneDecimal, telUrl, websiteLabel, websiteUrl } from "./restaurant-links.ts";

describe("restaurant links", () => {
  it("opens a maps search for the address text", () => {
    expect(mapsSearchUrl("575 Henry St, Brooklyn, NY")).toBe(
      "https://www.google.com/maps/search/?api=1&query=575%20Henry%20St%2C%20Brooklyn%2C%20NY",
    );
  });

  it("adds https to a website without a scheme and keeps one that has it", () => {
    expect(websiteUrl("lucali.com")).toBe("https://lucali.com");
    expect(websiteUrl("http://example.com/menu")).toBe("http://example.com/menu");
    expect(websiteUrl("HTTPS://Example.com")).toBe("HTTPS://Example.com");
    expect(websiteLabel("https://www.example.com/")).toBe("www.example.com");
  });

  it("dials only digits and a leading plus", () => {
    expect(telUrl("(718) 858-4086")).toBe("tel:7188584086");
    expect(telUrl("+1 718 858 4086")).toBe("tel:+17188584086");
  });

  it("shows ratings with one decimal", () => {
    expect(oneDecimal(4.64)).toBe("4.6");
    expect(oneDecimal(5)).toBe("5.0");
  });
});
