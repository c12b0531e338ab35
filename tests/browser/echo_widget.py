"""A bare anywidget that only echoes a click: the page sends a message, Python
bumps a synced counter, the page writes it into the DOM.  It checks the harness
and gives the latency floor the benchmark compares our table against.

Kept free of test imports so a notebook kernel can import it
(``from tests.browser.echo_widget import EchoWidget`` with the repo on sys.path).
"""

import anywidget
import traitlets

ESM = """
export default {
  render({ model, el }) {
    const root = document.createElement("div");
    root.className = "echo-root";
    const button = document.createElement("button");
    button.className = "echo-button";
    button.textContent = "echo";
    const out = document.createElement("span");
    out.className = "echo-count";
    const show = () => {
      root.dataset.count = String(model.get("count"));
      out.textContent = String(model.get("count"));
    };
    button.addEventListener("click", () => model.send({ type: "click", seen: model.get("count") }));
    model.on("change:count", show);
    show();
    root.append(button, out);
    el.append(root);
    return () => model.off("change:count", show);
  },
};
"""


class EchoWidget(anywidget.AnyWidget):
    _esm = ESM
    count = traitlets.Int(0).tag(sync=True)

    def __init__(self) -> None:
        super().__init__()
        self.on_msg(self._on_page_message)

    def _on_page_message(self, _widget, content, _buffers) -> None:
        if isinstance(content, dict) and content.get("type") == "click":
            self.count += 1
