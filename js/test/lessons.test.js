// @vitest-environment jsdom
// The solver as a teacher on the real table with a fake model: the Winnable
// and Guard toggles, the guard's question before a move that gives up the
// win, What went wrong? (offered once the game is lost, in the toolbar and
// the banner; the report and its picture in a panel; the losing move shown on
// the table), the marks of a mistake, a winnable deal's search that Stop ends,
// and puzzle mode. The lost game and its analysis are the kernel's own
// (js/dev/make_fixtures.py: Cruel seed 2, lost by its eighth move).
import { describe, expect, it } from "vitest";
import states from "./fixtures/states.json";
import { FakeModel, settle } from "./fake-model.js";
import { tap } from "./gestures.js";
import { tableHost } from "./host.js";
import { marksOf } from "../src/assist.js";
import { svgUrl } from "../src/lessons.js";

const table = tableHost();

/** @param {Record<string, any>} state */
function mount(state) {
  const model = new FakeModel({ ...state, assist: {} });
  const root = table.render(model);
  /** @param {string} action */
  const button = (action) => /** @type {HTMLButtonElement} */ (root.querySelector(`button[data-action="${action}"]`));
  /** @param {string} action */
  const panel = (action) => /** @type {HTMLElement | null} */ (root.querySelector(`.sw-panel[data-panel="${action}"]`));
  /** @param {string} id */
  const pile = (id) => /** @type {HTMLElement} */ (root.querySelector(`.sw-pile[data-pile="${id}"]`));
  const line = () => /** @type {HTMLElement} */ (root.querySelector(".sw-assist"));
  return { model, root, button, panel, pile, line };
}

const lesson = states.cruel_lesson.start;
const report = lesson.analysis;

describe("marks", () => {
  it("reads the move to play and the move that lost from assist, for its position only", () => {
    const mistake = { kind: "mistake", move: "redeal", better: "t6 t11", played_source: "", played_target: "",
      source: "t6", target: "t11", version: 7 };
    expect(marksOf(mistake, 7)).toEqual({ source: "t6", target: "t11", action: "", mistakeSource: "",
      mistakeTarget: "", mistakeAction: "redeal", partner: "", mistakePartner: "" });
    expect(marksOf(mistake, 8).source).toBe("");
    const warned = { kind: "guard", state: "warned", move: "t1 t2", better: "redeal", source: "", target: "", version: 3 };
    expect(marksOf(warned, 3)).toMatchObject({ action: "redeal", mistakeSource: "" });
    expect(marksOf({ ...warned, state: "checking" }, 3).action).toBe("");
  });
});

describe("winnable deals and the guard", () => {
  it("turns both on and off from their toggles", async () => {
    const { model, button } = mount(states.cruel.start);
    expect([button("winnable").getAttribute("aria-pressed"), button("guard").getAttribute("aria-pressed")]).toEqual(["false", "false"]);
    button("winnable").click();
    expect(model.sent.at(-1)).toMatchObject({ request: "winnable", on: true });
    model.reply(true);
    button("guard").click();
    expect(model.sent.at(-1)).toMatchObject({ request: "guard", on: true });
    model.reply(true);
    model.update({ winnable: true, difficulty: "hard", guard: true });
    await settle();
    expect(button("winnable").textContent).toBe("Winnable (hard)");
    expect([button("winnable").getAttribute("aria-pressed"), button("guard").getAttribute("aria-pressed")]).toEqual(["true", "true"]);
  });

  it("shows the search for a winnable deal as it goes, and Stop (or a click) ends it", async () => {
    const { model, button, pile, line } = mount({ ...states.cruel.start, winnable: true });
    button("new").click();
    expect(model.sent.at(-1)).toMatchObject({ request: "new_deal" });
    model.reply(true);
    const text = "looking for a winnable deal: 3 deals tried in 1.2 s (Stop ends the search)";
    model.update({ assist: { kind: "winnable", state: "running", text, version: 0 } });
    await settle();
    expect(line().textContent).toBe(`L${text.slice(1)}.`);  // a sentence, as every message
    expect(button("solve").textContent).toBe("Stop");
    pile("t3").dispatchEvent(new PointerEvent("pointerdown", { bubbles: true, button: 0 }));
    pile("t3").dispatchEvent(new PointerEvent("pointerup", { bubbles: true, button: 0 }));
    expect(model.sent.at(-1)).toMatchObject({ request: "stop" });
    model.reply(true);
    model.update({ assist: { kind: "winnable", state: "stopped", text: "stopped: no new deal, this one stays", version: 0 } });
    await settle();
    expect(button("solve").textContent).toBe("Solve");
    expect(line().textContent).toBe("Stopped: no new deal, this one stays.");
  });

  it("asks before a move the guard says gives up the win, and plays it only if told to", async () => {
    const { model, root, pile, line } = mount({ ...states.cruel.start, guard: true });
    for (const id of ["t5", "t6"]) tap(pile(id)); // click-click: t5 onto t6
    const asked = model.sent.at(-1);
    expect(asked).toMatchObject({ request: "move", move: "t5 t6" });
    // (the kernel's words, as check_move writes them)
    const reason = "The move t5 t6 gives up the win: no win is left after it (every line was searched); t8 t7 keeps it.";
    model.update({ assist: { kind: "guard", state: "warned", move: "t5 t6", better: "t8 t7", source: "t8", target: "t7",
      text: reason, cards: [], version: 0 } });
    model.emit("msg:custom", { type: "result", id: asked.id, ok: false, reason, version: 0,
      guard: { move: "t5 t6", better: "t8 t7", ask: "Play t5 t6 anyway?" } });
    await settle();
    const question = /** @type {HTMLElement} */ (root.querySelector(".sw-confirm"));
    expect(question.textContent).toContain(`${reason} Play t5 t6 anyway?`);
    expect(root.querySelector(".sw-message")?.textContent).toBe(""); // asked, not shown as an error
    expect(pile("t8").classList.contains("sw-hinted")).toBe(true); // the move that keeps the win
    expect(pile("t7").classList.contains("sw-hint-target")).toBe(true);
    expect(line().textContent).toBe(reason);
    /** @type {HTMLButtonElement} */ (question.querySelector('[data-confirm="yes"]')).click();
    expect(model.sent.at(-1)).toMatchObject({ request: "move", move: "t5 t6", confirmed: true });
  });
});

describe("what went wrong", () => {
  it("is offered once the game is lost, from the toolbar and the banner, and asks for an analysis", async () => {
    const playing = mount({ ...lesson, status: "playing", analysis: {} });
    expect(playing.button("analyse").disabled).toBe(true);
    table.unmount();
    const { model, root, button, panel } = mount({ ...lesson, analysis: {} });
    expect(button("analyse").disabled).toBe(false);
    const offer = /** @type {HTMLButtonElement} */ (root.querySelector('.sw-banner [data-banner-action="analyse"]'));
    expect(offer.textContent).toBe("What went wrong?");
    offer.click();
    expect(model.sent.at(-1)).toMatchObject({ request: "analyse" });
    expect(panel("analyse")).not.toBeNull();
    model.reply(true);
    model.update({ assist: { kind: "analyse", state: "running", text: "analysing the game: 1 position searched in 0.3 s (Stop ends it)", version: 0 } });
    await settle();
    expect(panel("analyse")?.textContent).toContain("Analysing the game");
    expect(button("solve").textContent).toBe("Stop");
  });

  it("shows the kernel's report with its picture, and the losing move on the table", async () => {
    const { model, root, button, panel, pile } = mount(lesson);
    button("analyse").click();
    expect(model.sent.filter((m) => m.request === "analyse")).toHaveLength(0); // the report is there already
    const el = /** @type {HTMLElement} */ (panel("analyse"));
    expect(el.querySelector(".sw-analysis-head")?.textContent).toBe("Move 8, redeal, gave up the win.");
    expect([...el.querySelectorAll(".sw-analysis-line")].map((p) => p.textContent)).toEqual(report.details);
    const img = /** @type {HTMLImageElement} */ (el.querySelector("img.sw-analysis-picture"));
    expect(img.src).toBe(svgUrl(report.picture));
    expect(img.alt.startsWith(report.caption)).toBe(true);
    expect(el.querySelector("script, iframe, svg")).toBeNull(); // the picture is an image, never markup in the page
    /** @type {HTMLButtonElement} */ (el.querySelector('[data-lesson="show"]')).click();
    expect(model.sent.at(-1)).toMatchObject({ request: "show_mistake" });
    model.reply(true);
    const text = "before move 8: redeal (red, dashed) gave up the win; t6 t11 (marked as a hint) keeps it";
    model.update({ version: 9, status: "playing", assist: { kind: "mistake", move: "redeal", better: "t6 t11", text,
      played_source: "", played_target: "", source: "t6", target: "t11", cards: [], version: 9 } });
    await settle();
    expect(pile("t6").classList.contains("sw-hinted")).toBe(true);
    expect(button("redeal").classList.contains("sw-mistake")).toBe(true); // Cruel's redeal has no pile: its button
    expect(button("analyse").disabled).toBe(false); // the report stays while its moves are the game's
    model.update({ version: 10 });
    await settle();
    expect(root.querySelectorAll(".sw-mistake, .sw-hinted").length).toBe(0);
  });
});

describe("puzzle mode", () => {
  it("opens with the question, says the verdict on the move played, and shows the answer when asked", async () => {
    const puzzle = { title: "Cruel seed 6, after move 32", question: "Find the one move that keeps the win (2 legal moves).",
      state: "asking", text: "" };
    const { model, root, button, panel } = mount({ ...states.cruel.start, features: { ...states.cruel.start.features, puzzle: true }, puzzle });
    const el = /** @type {HTMLElement} */ (panel("puzzle"));
    expect(button("puzzle").getAttribute("aria-expanded")).toBe("true");
    // the question over the felt, where the player starts reading (the panel under the buttons: the verdict)
    const ask = /** @type {HTMLElement} */ (root.querySelector(".sw-puzzle-ask"));
    expect(ask.querySelector(".sw-puzzle-question")?.textContent).toBe(puzzle.question);
    expect(ask.textContent).toContain(puzzle.title);
    expect(ask.nextElementSibling?.classList.contains("sw-felt")).toBe(true);
    expect(el.querySelector(".sw-puzzle-question")).toBeNull();
    const verdict = "Not this one: t1 t7 (moves 3♦ onto 4♦ (t7) and frees J♣ in t1) loses: every line after it was searched.";
    model.update({ version: 1, puzzle: { ...puzzle, state: "wrong", move: "t1 t7", text: verdict } });
    await settle();
    const said = /** @type {HTMLElement} */ (el.querySelector(".sw-puzzle-verdict"));
    expect([said.textContent, said.dataset.state]).toEqual([verdict, "wrong"]);
    /** @type {HTMLButtonElement} */ (el.querySelector('[data-lesson="answer"]')).click();
    expect(model.sent.at(-1)).toMatchObject({ request: "puzzle_answer" });
    model.reply(true);
    model.update({ puzzle: { ...puzzle, answer: "redeal", answer_text: ["Answer: redeal (deals the cards again) …", verdict] } });
    await settle();
    expect([...el.querySelectorAll(".sw-puzzle-answer li")].map((li) => li.textContent)).toHaveLength(2);
    expect(root.querySelector('[data-lesson="answer"]')).toBeNull();
  });

  it("is not on a table that is not set to a puzzle", () => {
    const { button } = mount(states.cruel.start);
    expect(button("puzzle")).toBeNull();
  });
});
