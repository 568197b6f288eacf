import { describe, expect, it } from "vitest";
import { ERASED_SUBJECT_LABELS } from "#domain/account-deletion.ts";
import { activityWording } from "./activity-wording.ts";

describe("activity wording", () => {
  it("quotes content and names its kind", () => {
    expect(
      activityWording({ action: "content_hidden", subjectType: "post", subjectLabel: "Pasta" }),
    ).toEqual({ before: "hid the post", subject: "“Pasta”", after: "" });
    expect(
      activityWording({
        action: "report_reviewed",
        subjectType: "post_comment",
        subjectLabel: "Nice",
      }),
    ).toEqual({
      before: "marked a report on the comment",
      subject: "“Nice”",
      after: "as reviewed",
    });
    expect(
      activityWording({ action: "content_unhidden", subjectType: "review", subjectLabel: "Ramen" }),
    ).toEqual({ before: "made the review", subject: "“Ramen”", after: "visible again" });
  });

  it("names people by their label, unquoted", () => {
    expect(
      activityWording({ action: "role_granted", subjectType: "user", subjectLabel: "@ann" }),
    ).toEqual({ before: "made", subject: "@ann", after: "a moderator" });
    expect(
      activityWording({ action: "role_revoked", subjectType: "user", subjectLabel: "@ann" }),
    ).toEqual({ before: "made", subject: "@ann", after: "a regular user again" });
    expect(
      activityWording({ action: "report_resolved", subjectType: "user", subjectLabel: "@bo" }),
    ).toEqual({ before: "resolved a report on the user", subject: "@bo", after: "" });
  });

  it("tells an erasure without naming anyone, and erased subjects unquoted", () => {
    expect(
      activityWording({
        action: "account_deleted",
        subjectType: "user",
        subjectLabel: "an account created in March 2026",
      }),
    ).toEqual({
      actor: "Tasted",
      before: "erased",
      subject: "an account created in March 2026",
      after: "at its owner's request",
    });
    expect(
      activityWording({
        action: "content_hidden",
        subjectType: "review",
        subjectLabel: ERASED_SUBJECT_LABELS.content,
      }),
    ).toEqual({ before: "hid the review", subject: "of an erased account", after: "" });
    expect(
      activityWording({
        action: "role_granted",
        subjectType: "user",
        subjectLabel: ERASED_SUBJECT_LABELS.account,
      }),
    ).toEqual({ before: "made", subject: "an erased account", after: "a moderator" });
  });
});
