// The bench's follow graph as numbers: the generator draws its rows from these, and
// `npm run bench:simulate` extrapolates the same graph to millions of people. Kept apart from
// generate.ts so the simulation can read them without loading the server.

/** Follows per person on average (1.5M follows among 50k people at scale 1). */
export const FOLLOWS_PER_PERSON = 30;
/**
 * How many people each account follows: Pareto weights of this shape, so most follow a few and
 * some follow many, up to FOLLOW_CAP (or half of everyone, in a small data set).
 */
export const FOLLOW_COUNT_SHAPE = 1.5;
export const FOLLOW_CAP = 2_000;
/**
 * Whom they follow: a popularity rank drawn as Random.rank(n, k) with this k, so the chance of
 * rank r falls as r^(1/k - 1) and a few accounts gather tens of thousands of followers.
 */
export const FOLLOWED_POPULARITY_K = 4;
/** Follow counts of the bench readers (BENCH_READERS): the Following feed is timed at both. */
export const READER_FOLLOWS = [100, 1_200] as const;
