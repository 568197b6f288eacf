/**
 * A vitest reporter beside the default one for the browser suite (scripts/test.ts adds it): at the
 * end of a run it lists every test that needed a retry (CI retries a failed browser test once),
 * with what its failed attempt threw, so the output shows whether a run was clean and why not.
 * The retry goes once three full CI runs in a row print "no test needed a retry".
 */
import type { Reporter, TestModule } from "vitest/node";

export default class RetryReport implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const retried = testModules.flatMap((testModule) =>
      [...testModule.children.allTests()].flatMap((testCase) => {
        const retries = testCase.diagnostic()?.retryCount ?? 0;
        if (retries === 0) return [];
        const result = testCase.result();
        const outcome = result.state === "passed" ? "passed on retry" : "failed";
        // What the failed attempt threw, kept by the runner even when the retry passed: a
        // flake is traced from here, since the run prints errors only of tests that failed.
        // An assertion's message abbreviates what it compared ("expected [ Array(1) ]…"); its
        // diff holds the values, such as the console errors a page reported.
        const thrown = (result.errors ?? []).map(
          (error) =>
            `\n      ${firstLines(error.message, 3)}${where(error.stack)}` +
            (error.diff ? `\n      ${firstLines(error.diff, 12)}` : ""),
        );
        return [
          `  ${testModule.relativeModuleId} > ${testCase.fullName}: ${outcome}${thrown.join("")}`,
        ];
      }),
    );
    if (retried.length === 0) {
      console.log("\nRetry report: no test needed a retry.\n");
      return;
    }
    console.log(
      `\nRetry report: ${retried.length} test(s) needed a retry:\n${retried.join("\n")}\n`,
    );
  }
}

function firstLines(text: string, count: number): string {
  return text.split("\n").slice(0, count).join(" / ").slice(0, 400);
}

/** The first line of a stack that points into the browser tests, as " (at e2e/x.test.ts:12:3)". */
function where(stack: string | undefined): string {
  const line = stack?.split("\n").find((frame) => frame.includes("/e2e/"));
  const at = line?.match(/(e2e\/[^\s)]+)/)?.[1];
  return at ? ` (at ${at})` : "";
}
