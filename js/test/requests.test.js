// The request protocol on its own: one request at a time, each promise
// resolving to its whole reply (or to null when none comes).
import { readFileSync, readdirSync } from "node:fs";
import { describe, expect, it, vi } from "vitest";
import { FakeModel } from "./fake-model.js";
import { REPLY_TIMEOUT_MS, RequestQueue, requestPile } from "../src/requests.js";

/** A queue on a fake model, with the callbacks it made recorded. */
function queue() {
  const model = new FakeModel({ version: 3 });
  /** @type {any[]} */
  const replies = [];
  /** @type {unknown[]} */
  const lost = [];
  const q = new RequestQueue(model, "v", (fn, ms) => setTimeout(fn, ms), (r) => replies.push(r), () => {}, (e) => lost.push(e));
  /** Answer the request sent last, with extra fields. @param {Record<string, any>} fields */
  const answer = (fields) => model.emit("msg:custom", { type: "result", id: model.sent.at(-1).id, reason: "", version: 3, ...fields });
  return { model, q, replies, lost, answer };
}

describe("request queue", () => {
  it("resolves a request to the whole reply: ok, reason, version and its extra fields", async () => {
    const { model, q, replies, answer } = queue();
    const explain = { pile: "t3", card: "9♥", targets: { f0: null }, version: 3 };
    const asked = q.send("explain", { pile: "t3" });
    expect(model.sent).toEqual([{ request: "explain", pile: "t3", id: "v-1", version: 3 }]);
    answer({ ok: true, explain });
    const reply = await asked;
    expect(reply).toMatchObject({ id: "v-1", request: "explain", ok: true, reason: "", version: 3, pile: "t3", explain });
    expect(replies).toEqual([reply]); // the view's own hook saw the same reply
  });

  it("sends one request at a time, the next with the version the reply told", async () => {
    const { model, q, answer } = queue();
    const first = q.send("move", { move: "t0 t3" });
    const second = q.send("move", { move: "draw" });
    expect(model.sent).toHaveLength(1);
    expect(q.busy).toBe(true);
    answer({ ok: false, reason: "7♣ cannot go on 9♥", version: 5 });
    expect(model.sent.at(-1)).toMatchObject({ move: "draw", version: 5 });
    answer({ ok: true, version: 6 });
    expect(await first).toMatchObject({ ok: false, reason: "7♣ cannot go on 9♥", pile: "t3" });
    expect(await second).toMatchObject({ ok: true, pile: null });
    expect(q.busy).toBe(false);
  });

  it("ignores other views' replies and messages that are not replies", async () => {
    const { model, q } = queue();
    let settled = false;
    q.send("undo").then(() => { settled = true; });
    model.emit("msg:custom", { type: "result", id: "other-1", ok: true, reason: "", version: 9 });
    model.emit("msg:custom", { type: "ping" });
    model.emit("msg:custom", null);
    await Promise.resolve();
    expect(settled).toBe(false);
    expect(q.busy).toBe(true);
  });

  it("hands a message that answers no request, with its buffers, to whoever listens to its type", () => {
    const { model, q } = queue();
    /** @type {any[]} */
    const heard = [];
    const stop = q.listen("saved_output", (msg, buffers) => heard.push([msg.version, buffers.length]));
    model.emit("msg:custom", { type: "saved_output", version: 4 }, [new Uint8Array(2)]);
    model.emit("msg:custom", { type: "other" }, []);
    stop();
    model.emit("msg:custom", { type: "saved_output", version: 5 }, []);
    expect(heard).toEqual([[4, 1]]);
  });

  it("resolves to null when no reply comes in time, and sends the next", async () => {
    vi.useFakeTimers();
    try {
      const { model, q, replies } = queue();
      const late = q.send("hint");
      q.send("undo");
      vi.advanceTimersByTime(REPLY_TIMEOUT_MS);
      expect(await late).toBeNull();
      expect(model.sent.map((m) => m.request)).toEqual(["hint", "undo"]);
      // the late reply changes nothing
      model.emit("msg:custom", { type: "result", id: model.sent[0].id, ok: true, reason: "", version: 3 });
      expect(replies).toHaveLength(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it("resolves everything to null once closed, stops listening and sends nothing more", async () => {
    const { model, q } = queue();
    const waiting = q.send("move", { move: "draw" });
    const queued = q.send("move", { move: "draw" });
    q.close();
    expect(await waiting).toBeNull();
    expect(await queued).toBeNull();
    expect(await q.send("undo")).toBeNull();
    expect(model.sent).toHaveLength(1);
    expect(model.listenerCount()).toBe(0);
  });

  it("reports a kernel that is gone (a send that throws) and resolves to null", async () => {
    const { model, q, lost } = queue();
    model.send = () => { throw new Error("Cannot send"); };
    expect(await q.send("ping")).toBeNull();
    expect(lost).toHaveLength(1);
    expect(q.closed).toBe(true);
  });

  it("names the pile a request is about", () => {
    expect(requestPile({ move: "t0 t3" })).toBe("t3");
    expect(requestPile({ move: "draw" })).toBeNull();
    expect(requestPile({ pile: "waste" })).toBe("waste");
  });
});

describe("the kernel's messages", () => {
  it("are heard by requests.js alone: a module that asks gets its reply from its request", () => {
    const dir = new URL("../src/", import.meta.url);
    const listeners = readdirSync(dir).filter((f) => f.endsWith(".js") && readFileSync(new URL(f, dir), "utf8").includes("msg:custom"));
    expect(listeners).toEqual(["requests.js"]);
  });
});
