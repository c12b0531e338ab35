// The in-browser app's service worker (docs/lite_site.py puts it in place of
// JupyterLite's own, at the address JupyterLite registers).
//
// * Every file of the app it serves from its cache once fetched, so a reload
//   with the server gone starts and plays.  offline.js registers it before the
//   app loads anything, so all a visit fetches passes through here; the pages
//   and offline.js, fetched before, are cached when it installs; the rest of
//   the app (the other interface, the other notebooks) when the page asks,
//   once it has started (offline.js says when).
// * A file the build also wrote gzipped is fetched as FILE.gz, kept so (half
//   the writes to the cache) and unpacked as the page reads it: a visit
//   downloads about half the bytes from any static host, compressing or not.
// * As JupyterLite's own worker does, it answers the kernel's file and input
//   requests (/api/drive, /api/stdin/) through the page, and its heartbeat.
//
// The app's files are those of one build: APP.version names the cache, and a
// new build (a new worker) starts a new cache and deletes the old ones.

const APP = "@APP@"; // {version, files, gzipped, shell, unused}: filled in by docs/lite_site.py

const PREFIX = "solitaire-widgets-lite-";
const CACHE = PREFIX + APP.version;
const BASE = new URL("./", self.location).pathname; // the app's folder
const FILES = new Set(APP.files);
const GZIPPED = new Set(APP.gzipped);
const UNUSED = new Set(APP.unused); // files no browser loads: not precached
const TYPES = {
  css: "text/css", html: "text/html; charset=utf-8", ico: "image/x-icon", ipynb: "application/json",
  js: "text/javascript", json: "application/json", mjs: "text/javascript", png: "image/png",
  svg: "image/svg+xml", wasm: "application/wasm", webmanifest: "application/manifest+json",
  zip: "application/zip",
};
const PACKED = "X-Gzipped"; // on a response whose body is the file's gzipped copy
const broadcast = new BroadcastChannel("/sw-api.v1"); // JupyterLite's channel to its pages

self.addEventListener("install", (event) => {
  self.skipWaiting();
  event.waitUntil(caches.open(CACHE).then((cache) => Promise.all(APP.shell.map((path) => store(cache, path)))));
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  if (event.data === "precache") event.waitUntil(precache());
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (url.pathname === "/api/service-worker-heartbeat") {
    event.respondWith(new Response("ok"));
  } else if (url.origin === location.origin && /\/api\/(drive|stdin\/)/.test(url.pathname)) {
    event.respondWith(throughThePage(request, url));
  } else if (request.method === "GET" && url.origin === location.origin) {
    const path = appFile(url);
    if (path !== null) event.respondWith(cached(event, path));
  }
});

/** The app's file a URL names (its folder's index.html for a folder), or null. */
function appFile(url) {
  if (!url.pathname.startsWith(BASE)) return null;
  let path = decodeURIComponent(url.pathname.slice(BASE.length));
  if (path === "" || path.endsWith("/")) path += "index.html";
  return FILES.has(path) ? path : null;
}

// path -> its download on the way into the cache, true once there (a failed
// one is forgotten): a file is downloaded once however many ask for it at once
// (the app asks for some many times; the page and the precache may meet).
const storing = new Map();

function remember(path, stored) {
  const done = stored.then(() => true, () => false);
  storing.set(path, done);
  done.then((ok) => ok || storing.delete(path));
  return done;
}

/** The cache's copy of ``path`` (whatever the query: it names one build's file), else the network's, kept. */
async function cached(event, path) {
  const key = BASE + path;
  let hit = await caches.match(key, { cacheName: CACHE });
  if (!hit && storing.has(path) && (await storing.get(path))) hit = await caches.match(key, { cacheName: CACHE });
  if (hit) return unpacked(hit);
  const response = download(path);
  event.waitUntil(remember(path, response.then(async (got) => {
    if (!got.ok) throw new Error(`${path}: ${got.status}`);
    const copy = got.clone(); // before the page reads it
    await (await caches.open(CACHE)).put(key, copy);
  })));
  return unpacked(await response);
}

/** A response as the page reads it: a gzipped copy unpacked. */
function unpacked(response) {
  if (!response.headers.has(PACKED)) return response;
  const body = response.body.pipeThrough(new DecompressionStream("gzip"));
  return new Response(body, { headers: { "Content-Type": response.headers.get("Content-Type") } });
}

let precaching = null;

/** Every file of the app the cache lacks, three at a time. */
function precache() {
  precaching ??= (async () => {
    const cache = await caches.open(CACHE);
    const kept = new Set((await cache.keys()).map((request) => new URL(request.url).pathname.slice(BASE.length)));
    const todo = APP.files.filter((path) => !kept.has(path) && !UNUSED.has(path));
    const next = async () => {
      while (todo.length) { // a file that fails is left for the next visit
        const path = todo.shift();
        await (storing.get(path) ?? remember(path, store(cache, path)));
      }
    };
    await Promise.all([next(), next(), next()]);
  })().finally(() => {
    precaching = null;
  });
  return precaching;
}

async function store(cache, path) {
  const response = await download(path);
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  await cache.put(BASE + path, response);
}

/** ``path`` from the server: its gzipped copy where the build wrote one (marked ``PACKED``). */
async function download(path) {
  if (GZIPPED.has(path)) {
    try {
      const packed = await fetch(BASE + path + ".gz");
      if (packed.ok) {
        const headers = { "Content-Type": TYPES[path.split(".").pop()] || "" };
        // A host that labels .gz files as gzip-encoded has the browser unpack them already.
        if (!packed.headers.get("Content-Encoding")) headers[PACKED] = "1";
        return new Response(packed.body, { headers });
      }
    } catch (error) {
      // offline, or no .gz on this host: the file itself below
    }
  }
  return fetch(BASE + path);
}

/** JupyterLite's protocol: the request goes to the page whose kernel asked, and its answer comes back. */
async function throughThePage(request, url) {
  const message = await request.json();
  const requestId = message.requestId ?? crypto.randomUUID();
  message.requestId = requestId;
  message.pathname = url.pathname;
  const answer = new Promise((resolve) => {
    const listen = (event) => {
      const data = event.data;
      if (data.browsingContextId !== message.browsingContextId || data.requestId !== requestId) return;
      broadcast.removeEventListener("message", listen);
      resolve(new Response(JSON.stringify(data.response)));
    };
    broadcast.addEventListener("message", listen);
  });
  broadcast.postMessage(message);
  return answer;
}
