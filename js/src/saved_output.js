// What a notebook keeps of a table when it is saved (saved_output.py says why
// the page does it). Where the table shows in a notebook that JupyterLab or
// Notebook 7 saves (jupyterlab_widgets' manager knows the document), each
// view asks the kernel for the table's fallback (a picture of the position
// and the text table) and gets it again after each change (requests.js
// hears it). When the notebook is saved, the copy of each table's output
// that goes to the file holds the latest fallback and, unless the widget
// state saved with it holds the table, no widget view: opened again without
// its kernel the notebook shows the picture, not "Error displaying widget:
// model not found". The output on the page stays as it was (the live table).

/** @typedef {import("./model.js").Model} Model */

export const VIEW_MIME = "application/vnd.jupyter.widget-view+json";
export const STATE_MIME = "application/vnd.jupyter.widget-state+json";

/**
 * The latest fallback of one table, the version of the position it shows,
 * and whether the last save wrote an older one than the table showed then.
 * @typedef {{model: Model, version: number, data: Record<string, string>, behind: boolean}} Fallback
 */

/**
 * The parts of a JupyterLab document context this module uses (public API
 * of @jupyterlab/docregistry, @jupyterlab/notebook and @jupyter/ydoc).
 * @typedef {{saveState: {connect: (slot: (sender: any, state: string) => void, thisArg?: any) => void},
 *   model: {cells: Iterable<any>, collaborative?: boolean, dirty: boolean,
 *   getMetadata?: (key: string) => any}}} NotebookContext
 */

/**
 * The notebook document `model`'s view is in, or null where there is none
 * the page can keep (another host, or a collaborative document: a change
 * there reaches every other page at once).
 * @param {Model} model
 * @returns {NotebookContext | null}
 */
export function notebookContext(model) {
  const context = /** @type {any} */ (model).widget_manager?.context;
  const notebook = context?.model;
  if (typeof context?.saveState?.connect !== "function" || !notebook?.cells || notebook.collaborative) return null;
  return context;
}

/**
 * Whether `cell`'s outputs can be written in the saved document without
 * the page drawing them anew: a transaction of origin "silent-change" is
 * not echoed back to the output area, unless the notebook records every
 * change for its document-wide undo (then it is).
 * @param {any} cell
 */
function writesSilently(cell) {
  const shared = cell?.sharedModel;
  return typeof shared?.updateOutputs === "function" && shared.notebook?.disableDocumentWideUndoRedo !== false;
}

/** The fallbacks of the tables of one notebook, written into it as it is saved. */
export class NotebookSaves {
  /** @param {NotebookContext} context */
  constructor(context) {
    this.context = context;
    /** @type {Map<string, Fallback>} model id -> its table's latest fallback */
    this.fallbacks = new Map();
    context.saveState.connect((_sender, state) => {
      if (state === "started") this.beforeSave();
    });
  }

  /**
   * A fallback message of the kernel: `{type: "saved_output", model_id, version}`
   * and its gzipped JSON bundle.
   * @param {Model} model
   * @param {{model_id: string, version: number}} msg
   * @param {ArrayBuffer | ArrayBufferView} buffer
   */
  async receive(model, msg, buffer) {
    const data = await decode(buffer);
    const known = this.fallbacks.get(msg.model_id);
    if (known && known.version > msg.version) return; // an older one decoded last
    const newer = known !== undefined && msg.version !== known.version;
    // The last save wrote an older position than the table showed then: the
    // file is behind, as after an edit (and autosave or Ctrl+S catch up).
    if (known?.behind && newer) this.context.model.dirty = true;
    this.fallbacks.set(msg.model_id, { model, version: msg.version, data, behind: Boolean(known?.behind) && !newer });
  }

  /**
   * The save is about to read the document: write each table's output as
   * the file is to hold it, and put the page's own back once the save has
   * read it (the save reads it at once, Save As once the document manager
   * is ready: both before a task queued now).
   */
  beforeSave() {
    const notebook = this.context.model;
    const saved = notebook.getMetadata?.("widgets")?.[STATE_MIME]?.state ?? {};
    /** @type {Array<() => void>} */
    const restore = [];
    const shown = new Set();
    for (const cell of notebook.cells) {
      if (cell.type !== "code" || !writesSilently(cell)) continue;
      for (let i = 0; i < cell.outputs.length; i++) {
        const output = cell.outputs.get(i).toJSON();
        const id = output.data?.[VIEW_MIME]?.model_id;
        const fallback = typeof id === "string" ? this.fallbacks.get(id) : undefined;
        if (!fallback) continue;
        shown.add(id);
        const data = { ...output.data, ...fallback.data };
        if (!(id in saved)) delete data[VIEW_MIME]; // no state to draw the table from: the picture shows
        const written = { ...output, data };
        const shared = cell.sharedModel;
        shared.updateOutputs(i, i + 1, [written], "silent-change");
        restore.push(() => {
          // Not if the cell's outputs changed meanwhile (it ran again): the document has the page's new ones.
          if (sameOutput(shared.getOutputs()[i], written)) shared.updateOutputs(i, i + 1, [output], "silent-change");
        });
        fallback.behind = Number(fallback.model.get("version")) !== fallback.version;
      }
    }
    for (const id of [...this.fallbacks.keys()]) if (!shown.has(id)) this.fallbacks.delete(id);
    if (restore.length) setTimeout(() => restore.forEach((put) => put()), 0);
  }
}

/**
 * Whether the document's output `now` is still the table output `written` (its kind, its view, its fallback).
 * @param {any} now
 * @param {any} written
 */
function sameOutput(now, written) {
  const [a, b] = [now?.data ?? {}, written.data];
  return now?.output_type === written.output_type && a[VIEW_MIME]?.model_id === b[VIEW_MIME]?.model_id
    && a["text/plain"] === b["text/plain"] && a["text/html"] === b["text/html"];
}

/**
 * A gzipped JSON buffer, read.
 * @param {ArrayBuffer | ArrayBufferView} buffer
 * @returns {Promise<Record<string, string>>}
 */
async function decode(buffer) {
  const bytes = new Blob([/** @type {BlobPart} */ (buffer)]).stream().pipeThrough(new DecompressionStream("gzip"));
  return JSON.parse(await new Response(bytes).text());
}

/** @type {WeakMap<object, NotebookSaves>} one per notebook document */
const saves = new WeakMap();

/**
 * The version of the latest fallback the page holds for table `modelId` of
 * the notebook `context` (undefined: none yet): a fallback is decoded some
 * time after it arrives (a stream).
 * @param {any} context
 * @param {string} modelId
 * @returns {number | undefined}
 */
export function heldFallback(context, modelId) {
  return saves.get(context)?.fallbacks.get(modelId)?.version;
}

/**
 * Keep the saved copy of `model`'s output current where its view shows in a
 * notebook that saves (see the module): ask the kernel, through the view's
 * `requests`, for the table's fallback, now and after each change. Returns
 * the cleanup.
 * @param {Model} model
 * @param {import("./requests.js").RequestQueue} requests
 * @returns {() => void}
 */
export function keepSavedOutput(model, requests) {
  const context = notebookContext(model);
  if (!context || requests.closed || typeof DecompressionStream === "undefined") return () => {};
  let notebook = saves.get(context);
  if (!notebook) saves.set(context, (notebook = new NotebookSaves(context)));
  const kept = notebook;
  const stop = requests.listen("saved_output", (msg, buffers) => {
    if (typeof msg.model_id !== "string" || typeof msg.version !== "number" || !buffers.length) return;
    kept.receive(model, msg, buffers[0]).catch((err) => console.warn("solitaire_widgets: a table's fallback could not be read", err));
  });
  void requests.send("saved_output");
  return stop;
}
