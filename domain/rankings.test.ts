import { describe, expect, it } from "vitest";
import { dishScore, type Insertion } from "./rankings.ts";
import { narrow, nextComparison } from "./rankings-rules.ts";

describe("dish scores (ADR 0030)", () => {
  it("keeps each star count in its band: a 5-star dish never below a 3-star one", () => {
    expect(dishScore(5, 9, 10)).toBe(8);
    expect(dishScore(3, 0, 10)).toBe(6);
    expect(dishScore(1, 0, 1)).toBe(1);
    expect(dishScore(4, 1, 3)).toBe(7);
    expect(dishScore(4, 1, 4)).toBe(7.3);
  });
});

describe("binary insertion", () => {
  /** Places a dish whose true place among `count` others is `truth`, counting the questions. */
  function insert(count: number, truth: number) {
    let range: Insertion = { lo: 0, hi: count };
    let questions = 0;
    for (let asked = nextComparison(range); asked !== null; asked = nextComparison(range)) {
      questions += 1;
      range = narrow(range, asked, truth <= asked ? "better" : "worse");
    }
    return { place: range.lo, questions };
  }

  it("finds every place with at most ⌈log2 n⌉ questions for n dishes", () => {
    for (let count = 0; count <= 40; count++) {
      for (let truth = 0; truth <= count; truth++) {
        const { place, questions } = insert(count, truth);
        expect(place).toBe(truth);
        expect(questions).toBeLessThanOrEqual(Math.ceil(Math.log2(count + 1)));
      }
    }
  });
});
