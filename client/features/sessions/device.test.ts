import { describe, expect, it } from "vitest";
import { deviceOf } from "./device.ts";

describe("a sign-in's device", () => {
  it("names the browser and the system as people know them, look-alikes told apart", () => {
    expect(deviceOf(
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36 Edg/126.0",
    )).toBe("Edge, Windows");
    expect(deviceOf(
      "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36",
    )).toBe("Chrome, Android");
    expect(deviceOf(
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
    )).toBe("Safari, iOS");
    expect(deviceOf("Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0")).toBe(
      "Firefox, Linux",
    );
    expect(
      deviceOf(
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 Version/17.5 Safari/605.1.15",
      ),
    )
      .toBe("Safari, macOS");
  });

  it("shows a script's own name, and nothing for none", () => {
    expect(deviceOf("Deno/2.1.4")).toBe("Deno/2.1.4");
    expect(deviceOf("curl/8.5.0 extra")).toBe("curl/8.5.0");
    expect(deviceOf(null)).toBe("");
  });
});
