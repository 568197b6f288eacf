/**
 * A vitest reporter beside the default one for the browser suite (scripts/test.ts adds it): at the
 * end of a run it lists every test that needed a retry (CI retries a failed browser test once),
 * so the output shows whether a run was clean. The retry goes once three full CI runs in a row
 * print "no test needed a retry".
 */
import type { Reporter, TestModule } from "vitest/node";

export default class RetryReport implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const retried = testModules.flatMap((testModule) =>
      [...testModule.children.allTests()].flatMap((testCase) => {
        const retries = testCase.diagnostic()?.retryCount ?? 0;
        if (retries === 0) return [];
        const outcome = testCase.result().state === "passed" ? "passed on retry" : "failed";
        return [`  ${testModule.relativeModuleId} > ${testCase.fullName}: ${outcome}`];
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
