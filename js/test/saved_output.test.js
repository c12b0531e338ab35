// The saved copy of a table's output (saved_output.js), against a stand-in
// for the notebook document JupyterLab's widget manager gives a view: its
// cells' outputs as the page shows them and as the saved document holds them.
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { FakeModel } from "./fake-model.js";
import { RequestQueue } from "../src/requests.js";
import { STATE_MIME, VIEW_MIME, heldFallback, keepSavedOutput, notebookContext } from "../src/saved_output.js";

const PICTURE = { "text/html": '<img alt="Cruel  seed 7  ·  Moves 3">', "text/plain": "Cruel  seed 7  Moves 3" };

/** A table's output as the cell ran: the widget view and the fallback of then. @param {string} id */
const tableOutput = (id) => ({
  output_type: "display_data", metadata: {},
  data: { [VIEW_MIME]: { version_major: 2, version_minor: 0, model_id: id }, "text/html": "<img alt=\"Moves 0\">", "text/plain": "Moves 0" },
});

/**
 * A code cell: the page's outputs and the saved document's copy of them.
 * @param {any[]} outputs @param {{documentWideUndo?: boolean}} [options]
 */
function codeCell(outputs, { documentWideUndo = false } = {}) {
  const page = structuredClone(outputs);
  /** @type {any[]} */
  const doc = structuredClone(outputs);
  /** @type {string[]} */
  const origins = [];
  return {
    type: "code", doc, origins,
    outputs: { get length() { return page.length; }, get: (/** @type {number} */ i) => ({ toJSON: () => page[i] }) },
    sharedModel: {
      notebook: { disableDocumentWideUndoRedo: !documentWideUndo },
      getOutputs: () => structuredClone(doc),
      updateOutputs(/** @type {number} */ start, /** @type {number} */ end, /** @type {any[]} */ values, /** @type {string} */ origin) {
        doc.splice(start, end - start, ...structuredClone(values));
        origins.push(origin);
      },
    },
  };
}

/** A notebook document of `cells`, its saved widget state holding `savedIds`. @param {any[]} cells @param {string[]} [savedIds] */
function notebook(cells, savedIds = []) {
  /** @type {Array<[Function, any]>} */
  const slots = [];
  const context = {
    saveState: { connect: (/** @type {Function} */ slot, /** @type {any} */ self) => slots.push([slot, self]) },
    model: {
      cells, dirty: false, collaborative: false,
      getMetadata: (/** @type {string} */ key) => key === "widgets"
        ? { [STATE_MIME]: { state: Object.fromEntries(savedIds.map((id) => [id, { state: {} }])) } } : undefined,
    },
    /** What a save does: "started", then it reads the document at once. */
    save() {
      for (const [slot, self] of slots) slot.call(self, context, "started");
      return cells.map((cell) => structuredClone(cell.doc));
    },
  };
  return context;
}

/** A model whose view shows in `context`, and the requests its view sent. @param {any} context */
function view(context, version = 3) {
  const model = new FakeModel({ version });
  /** @type {any} */ (model).widget_manager = { context };
  const requests = new RequestQueue(model, "v", (fn, ms) => setTimeout(fn, ms), () => {});
  const cleanup = keepSavedOutput(model, requests);
  return { model, cleanup, asked: () => model.sent.filter((m) => m.request === "saved_output").length };
}

/** The kernel's fallback message for model `id`. @param {FakeModel} model @param {string} id */
async function sendFallback(model, id, version = 3, data = PICTURE) {
  model.emit("msg:custom", { type: "saved_output", model_id: id, version }, [gzipSync(JSON.stringify(data))]);
  // decoded by a stream, on a busy machine some time later: wait for it (2 s at most)
  const context = /** @type {any} */ (model).widget_manager.context;
  for (let i = 0; i < 400 && (heldFallback(context, id) ?? -1) < version; i++) {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** One task later: the page's own outputs are back in the document. */
const aTaskLater = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("the saved copy of a table's output", () => {
  it("is kept only where the view shows in a notebook document that saves and is not collaborative", () => {
    expect(notebookContext(new FakeModel({}))).toBeNull();
    const context = notebook([]);
    const model = new FakeModel({});
    /** @type {any} */ (model).widget_manager = { context };
    expect(notebookContext(model)).toBe(context);
    context.model.collaborative = true;
    expect(notebookContext(model)).toBeNull();
    const elsewhere = new FakeModel({ version: 0 });
    keepSavedOutput(elsewhere, new RequestQueue(elsewhere, "v", (fn, ms) => setTimeout(fn, ms), () => {}));
    expect(elsewhere.sent).toEqual([]); // marimo, VS Code: nothing asked of the kernel
  });

  it("with no saved widget state, saves the latest picture and no widget view; the page keeps its own", async () => {
    const cell = codeCell([{ output_type: "stream", name: "stdout", text: "hi\n" }, tableOutput("m1")]);
    const context = notebook([cell]);
    const { model, asked } = view(context);
    expect(asked()).toBe(1);
    await sendFallback(model, "m1");
    const [saved] = context.save();
    expect(saved[0]).toEqual({ output_type: "stream", name: "stdout", text: "hi\n" });
    expect(saved[1]).toEqual({ output_type: "display_data", metadata: {}, data: PICTURE });
    expect(cell.origins).toEqual(["silent-change"]); // not echoed back to the page's output area
    await aTaskLater();
    expect(cell.doc).toEqual([{ output_type: "stream", name: "stdout", text: "hi\n" }, tableOutput("m1")]);
    expect(context.model.dirty).toBe(false);
  });

  it("leaves the outputs of a cell that ran again before it could put its own back", async () => {
    const cell = codeCell([tableOutput("m1")]);
    const context = notebook([cell]);
    const { model } = view(context);
    await sendFallback(model, "m1");
    context.save();
    cell.doc.splice(0, 1); // the cell ran again: its outputs cleared in the document
    await aTaskLater();
    expect(cell.doc).toEqual([]);
  });

  it("keeps the widget view where the saved widget state holds the table, with the latest picture", async () => {
    const cell = codeCell([tableOutput("m1")]);
    const context = notebook([cell], ["m1"]);
    const { model } = view(context);
    await sendFallback(model, "m1");
    const [[saved]] = context.save();
    expect(saved.data).toEqual({ ...tableOutput("m1").data, ...PICTURE });
  });

  it("leaves alone outputs of other widgets, tables it has no picture of, and notebooks that undo document-wide", async () => {
    const other = codeCell([tableOutput("slider")]);
    const undoing = codeCell([tableOutput("m2")], { documentWideUndo: true });
    const context = notebook([other, undoing]);
    const { model } = view(context);
    await sendFallback(model, "m2");
    expect(context.save()).toEqual([[tableOutput("slider")], [tableOutput("m2")]]);
    expect([...other.origins, ...undoing.origins]).toEqual([]);
  });

  it("takes the newest picture, whatever order they are read in, and ignores other messages", async () => {
    const cell = codeCell([tableOutput("m1")]);
    const context = notebook([cell]);
    const { model } = view(context, 5);
    await sendFallback(model, "m1", 5, { "text/plain": "Moves 5" });
    await sendFallback(model, "m1", 4, { "text/plain": "Moves 4" });
    model.emit("msg:custom", { type: "result", id: "x", ok: true });
    model.emit("msg:custom", { type: "saved_output", model_id: "m1", version: 9 }, []);
    expect(context.save()[0][0].data["text/plain"]).toBe("Moves 5");
  });

  it("says the notebook is unsaved when the save wrote a picture older than the table, once the new one comes", async () => {
    const cell = codeCell([tableOutput("m1")]);
    const context = notebook([cell]);
    const { model } = view(context, 3);
    await sendFallback(model, "m1", 2, { "text/plain": "Moves 2" });
    model.update({ version: 3 }); // a move the kernel's next picture will show
    context.save();
    await aTaskLater();
    expect(context.model.dirty).toBe(false);
    await sendFallback(model, "m1", 2, { "text/plain": "Moves 2" }); // sent again (another view asked): still behind
    expect(context.model.dirty).toBe(false);
    await sendFallback(model, "m1", 3, { "text/plain": "Moves 3" });
    expect(context.model.dirty).toBe(true);
  });

  it("forgets a table no output shows any more, and stops hearing the kernel when its view goes", async () => {
    const cell = codeCell([tableOutput("m1")]);
    const context = notebook([cell]);
    const { model, cleanup } = view(context);
    await sendFallback(model, "m1");
    const shows = cell.outputs.get;
    cell.outputs.get = () => ({ toJSON: () => ({ output_type: "stream", name: "stdout", text: "" }) }); // the cell ran again
    context.save();
    cell.outputs.get = shows;
    expect(context.save()).toEqual([[tableOutput("m1")]]); // its picture is gone
    cleanup();
    model.emit("msg:custom", { type: "saved_output", model_id: "m1", version: 3 }, [gzipSync(JSON.stringify(PICTURE))]);
    await new Promise((resolve) => setTimeout(resolve, 50)); // (time for a stream to decode, were it heard)
    expect(context.save()).toEqual([[tableOutput("m1")]]); // not heard any more
  });
});
