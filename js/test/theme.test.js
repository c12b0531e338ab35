// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { followHostTheme, hostTheme } from "../src/theme.js";

afterEach(() => {
  document.body.className = "";
  document.documentElement.className = "";
  document.body.removeAttribute("data-vscode-theme-kind");
});

/** MutationObserver callbacks run as microtasks. */
const observed = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("the host page's theme", () => {
  it("is light unless the page marks itself dark", () => {
    expect(hostTheme(document)).toBe("light");
    document.body.classList.add("dark"); // marimo's dark theme
    expect(hostTheme(document)).toBe("dark");
    document.body.className = "";
    document.documentElement.classList.add("dark");
    expect(hostTheme(document)).toBe("dark");
    document.documentElement.className = "";
    document.body.setAttribute("data-vscode-theme-kind", "vscode-dark");
    expect(hostTheme(document)).toBe("dark");
    document.body.setAttribute("data-vscode-theme-kind", "vscode-light");
    expect(hostTheme(document)).toBe("light");
  });

  it("is followed as the page switches, until the table is gone", async () => {
    const el = document.createElement("div");
    const stop = followHostTheme(el);
    expect(el.dataset.hostTheme).toBe("light");
    document.body.classList.add("dark");
    await observed();
    expect(el.dataset.hostTheme).toBe("dark");
    document.body.classList.remove("dark");
    await observed();
    expect(el.dataset.hostTheme).toBe("light");
    stop();
    document.body.classList.add("dark");
    await observed();
    expect(el.dataset.hostTheme).toBe("light");
  });
});
