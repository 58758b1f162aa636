// A flood of failures writes a bounded log: each failure a few times a minute, the log a bounded number of
// rows a minute, and one row afterwards saying how many were left out.
import { describe, expect, it } from "vitest";
import { SYSTEM_LOG_PER_MINUTE, SYSTEM_LOG_SAME_PER_MINUTE, SystemLogThrottle } from "./service.ts";

describe("the system log's throttle", () => {
  const minute = 60_000;

  it("writes one failure a few times a minute, then counts it; the next minute says how many", () => {
    const t = new SystemLogThrottle();
    const at = 10 * minute;
    const answers = Array.from({ length: 50 }, (_, i) => t.admit("boom", at + i));
    expect(answers.filter((a) => a.write)).toHaveLength(SYSTEM_LOG_SAME_PER_MINUTE);
    expect(answers.every((a) => a.leftOut === 0)).toBe(true);
    expect(t.admit("boom", at + minute)).toEqual({ write: true, leftOut: 50 - SYSTEM_LOG_SAME_PER_MINUTE });
    expect(t.admit("boom", at + minute + 1)).toEqual({ write: true, leftOut: 0 });
  });

  it("other failures still get in, up to the minute's bound for the whole log", () => {
    const t = new SystemLogThrottle();
    const written = Array.from({ length: SYSTEM_LOG_PER_MINUTE + 30 }, (_, i) => t.admit(`failure ${i}`, i))
      .filter((a) => a.write);
    expect(written).toHaveLength(SYSTEM_LOG_PER_MINUTE);
    expect(t.admit("late", minute).leftOut).toBe(30);
  });
});
