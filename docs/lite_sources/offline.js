// Loaded by each page of the in-browser app before anything else
// (docs/lite_site.py puts the import in): registers the app's service worker
// (service-worker.js) and waits until it controls the page, so that every
// file the app then loads passes through it, is kept for a reload without a
// server, and comes gzipped.  Where no service worker can run (a private
// window in some browsers), the app loads as before.

// The address JupyterLite registers its worker at, so the two are one.
const WORKER = new URL("service-worker.js?enableCache=false", import.meta.url).href;
// JupyterLite unregisters a worker it finds controlling the page unless it
// recorded its own version for that address.
const JUPYTERLITE_VERSION = "@JUPYTERLITE_VERSION@";
const WAIT_MS = 10000; // at most, for a worker that does not take over
// The rest of the app is fetched for later (the other interface, the other
// notebooks) this long after the page has loaded, once Python has started.
const PRECACHE_AFTER_MS = 20000;

async function takeOver() {
  const workers = navigator.serviceWorker;
  if (!workers) return;
  try {
    localStorage.setItem(`${WORKER}-version`, JUPYTERLITE_VERSION);
    if (workers.controller) return;
    let settle;
    const controlled = new Promise((resolve) => {
      settle = resolve;
      workers.addEventListener("controllerchange", resolve, { once: true });
      setTimeout(resolve, WAIT_MS);
    });
    const starting = (await workers.register(WORKER)).installing;
    starting?.addEventListener("statechange", () => starting.state === "redundant" && settle()); // it failed
    await controlled;
  } catch (error) {
    console.warn("the app works online only here: its service worker did not start", error);
  }
}

export const ready = takeOver();

function precacheLater() {
  setTimeout(() => navigator.serviceWorker?.controller?.postMessage("precache"), PRECACHE_AFTER_MS);
}

if (document.readyState === "complete") precacheLater(); // this module may come after the page's load
else window.addEventListener("load", precacheLater, { once: true });
