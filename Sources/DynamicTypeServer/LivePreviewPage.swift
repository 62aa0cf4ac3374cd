/// The page `dyntype serve` serves at `/`: a text-size slider (an `<input type="range">`,
/// keyboard accessible, labelled with the SwiftUI names), device, orientation, Bold Text, profile,
/// keyboard and locale controls, one tile per view with its findings beside it, a sweep view of
/// every view at every size (click a cell to go to that size), and a WebSocket that refreshes
/// the tiles whose files changed.
enum LivePreviewPage {
    static let html = #"""
<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>dyntype serve</title>
<style>
  body { font: 14px system-ui, sans-serif; margin: 0; background: #f2f2f7; color: #1c1c1e; }
  header { position: sticky; top: 0; background: #fff; padding: 10px 16px; border-bottom: 1px solid #d1d1d6; z-index: 2;
           display: flex; flex-wrap: wrap; gap: 12px 20px; align-items: center; }
  header h1 { font-size: 16px; margin: 0 12px 0 0; }
  label { display: inline-flex; gap: 6px; align-items: center; }
  #size { width: 320px; }
  #sizeName { font-weight: 600; min-width: 9em; display: inline-block; }
  #errors { background: #ffe5e5; color: #8a0000; padding: 8px 16px; white-space: pre-wrap; display: none; }
  main { display: flex; flex-wrap: wrap; gap: 16px; padding: 16px; }
  .tile { background: #fff; border-radius: 10px; padding: 10px; display: flex; gap: 12px; box-shadow: 0 1px 2px #0001; }
  .tile h2 { font-size: 14px; margin: 0 0 6px; }
  .tile img { width: 240px; border: 1px solid #d1d1d6; background: #fff; display: block; }
  .frame { position: relative; align-self: flex-start; }
  .outline { position: absolute; border: 2px solid #ff9f0a; pointer-events: none; box-sizing: border-box; }
  .outline.error { border-color: #ff3b30; }
  .tile ul { margin: 0; padding-left: 18px; max-width: 300px; font-size: 12px; }
  .warning { color: #a05a00; } .error { color: #c00; } .info { color: #8e8e93; }
  .ok { color: #248a3d; font-size: 12px; }
  #sweep { display: none; padding: 16px; overflow-x: auto; }
  #sweep table { border-collapse: collapse; background: #fff; }
  #sweep th { position: sticky; left: 0; background: #fff; text-align: left; padding: 4px 8px; font-weight: 500; }
  #sweep td { padding: 2px; } #sweep img { width: 70px; border: 2px solid transparent; cursor: pointer; display: block; }
  #sweep img.flag { border-color: #ff9f0a; } #sweep img.bad { border-color: #ff3b30; }
</style>
</head>
<body>
<header>
  <h1>dyntype serve</h1>
  <label for="size">Text size <input id="size" type="range" min="0" max="11" step="1" value="3"
         aria-valuetext="large"></label>
  <span id="sizeName" aria-live="polite">large</span>
  <label>Device <select id="device"></select></label>
  <label>Orientation <select id="orientation"><option>portrait</option><option>landscape</option></select></label>
  <label><input id="boldText" type="checkbox"> Bold Text</label>
  <label>Profile <select id="profile"></select></label>
  <label>Keyboard <select id="keyboard"><option value="none">hidden</option><option value="device">up</option></select></label>
  <label>Locale <select id="locale"><option value="">all</option></select></label>
  <label><input id="sweepToggle" type="checkbox"> Sweep</label>
  <span id="status" class="info"></span>
</header>
<div id="errors" role="alert"></div>
<main id="tiles"></main>
<section id="sweep"><table id="sweepTable"></table></section>
<script>
const state = { categories: [], views: [], generation: 0, lastRenderMs: null, loads: 0 };
window.dyntypeState = state;
const $ = (id) => document.getElementById(id);
function settingsQuery() {
  const q = new URLSearchParams({ device: $("device").value || "", orientation: $("orientation").value,
    boldText: $("boldText").checked ? "true" : "false", profile: $("profile").value || "", keyboard: $("keyboard").value });
  for (const [k, v] of [...q]) if (!v) q.delete(k);
  return q;
}
function category() { return state.categories[+$("size").value] || "large"; }
function words(f) { return `${f.element}: ${f.message}`; }
function renderTiles(views) {
  const main = $("tiles"); main.innerHTML = "";
  const cat = category(), q = settingsQuery(); q.set("g", state.generation);
  const locale = $("locale").value;
  for (const view of views) {
    if (locale && view.locale && view.locale !== locale) continue;
    const tile = document.createElement("section"); tile.className = "tile"; tile.dataset.view = view.id;
    const img = document.createElement("img");
    img.alt = `${view.title} at ${cat}`;
    const frame = document.createElement("div"); frame.className = "frame"; frame.appendChild(img);
    const started = performance.now();
    img.onload = () => {
      state.lastRenderMs = performance.now() - started; state.loads += 1; img.dataset.loaded = cat;
      outline(frame, img, view.findings[cat] || []);
    };
    img.src = `/render/${encodeURIComponent(view.id)}/${cat}.png?${q}`;
    const side = document.createElement("div");
    const h = document.createElement("h2"); h.textContent = view.title; side.appendChild(h);
    const findings = (view.findings[cat] || []);
    const shown = findings.filter(f => f.severity !== "info");
    // A view that cannot be drawn says why; the other views go on.
    if (view.error) { const p = document.createElement("p"); p.className = "error"; p.textContent = view.error; side.appendChild(p); }
    else if (!shown.length) { const p = document.createElement("p"); p.className = "ok"; p.textContent = "No warnings at " + cat; side.appendChild(p); }
    const ul = document.createElement("ul"); ul.className = "findings";
    for (const f of findings) { const li = document.createElement("li"); li.className = f.severity; li.textContent = words(f); ul.appendChild(li); }
    side.appendChild(ul);
    tile.append(frame, side); main.appendChild(tile);
  }
}
// Findings with an area are outlined on the image (points → pixels of the shown image).
function outline(frame, img, findings) {
  for (const old of frame.querySelectorAll(".outline")) old.remove();
  const points = img.naturalWidth / (+(state.scale || 2));
  const factor = img.clientWidth / points;
  for (const f of findings) {
    if (!f.area || f.severity === "info") continue;
    const box = document.createElement("div"); box.className = "outline " + f.severity; box.title = words(f);
    Object.assign(box.style, { left: `${f.area.x * factor}px`, top: `${f.area.y * factor}px`,
      width: `${Math.max(4, f.area.width * factor)}px`, height: `${Math.max(4, f.area.height * factor)}px` });
    frame.appendChild(box);
  }
}
function renderSweep(views) {
  const table = $("sweepTable"); table.innerHTML = "";
  const head = document.createElement("tr"); head.appendChild(document.createElement("th"));
  for (const c of state.categories) { const th = document.createElement("th"); th.textContent = c; head.appendChild(th); }
  table.appendChild(head);
  const q = settingsQuery(); q.set("scale", "1"); q.set("g", state.generation);
  for (const view of views) {
    const tr = document.createElement("tr"); const th = document.createElement("th"); th.textContent = view.title; tr.appendChild(th);
    if (view.error) { th.className = "error"; th.title = view.error; }
    state.categories.forEach((c, i) => {
      const td = document.createElement("td"); const img = document.createElement("img");
      const f = view.findings[c] || [];
      if (f.some(x => x.severity === "error")) img.className = "bad"; else if (f.some(x => x.severity === "warning")) img.className = "flag";
      img.title = f.map(words).join("\n") || "no findings"; img.alt = `${view.title} at ${c}`;
      img.loading = "lazy"; img.src = `/render/${encodeURIComponent(view.id)}/${c}.png?${q}`;
      img.onclick = () => { $("size").value = i; $("sweepToggle").checked = false; update(); };
      td.appendChild(img); tr.appendChild(td);
    });
    table.appendChild(tr);
  }
}
async function load() {
  const sweep = $("sweepToggle").checked;
  const q = settingsQuery(); if (!sweep) q.set("category", category());
  $("status").textContent = "rendering…";
  const response = await fetch(`/api/views?${q}`);
  const body = await response.json();
  if (!response.ok) { $("status").textContent = body.error; return; }
  state.generation = body.generation; state.views = body.views; state.scale = body.settings.scale;
  if (!$("device").options.length) {
    for (const d of body.devices) $("device").add(new Option(d, d));
    for (const p of body.profiles) $("profile").add(new Option(p, p));
    $("device").value = body.settings.device; $("profile").value = body.settings.profile;
    $("orientation").value = body.settings.orientation; $("boldText").checked = body.settings.boldText;
    const locales = [...new Set(body.views.map(v => v.locale).filter(Boolean))];
    for (const l of locales) $("locale").add(new Option(l, l));
  }
  if (JSON.stringify(state.categories) !== JSON.stringify(body.categories)) {
    state.categories = body.categories; $("size").max = body.categories.length - 1;
  }
  $("errors").style.display = body.errors.length ? "block" : "none";
  $("errors").textContent = body.errors.join("\n");
  $("sweep").style.display = sweep ? "block" : "none"; $("tiles").style.display = sweep ? "none" : "flex";
  if (sweep) renderSweep(body.views); else renderTiles(body.views);
  $("status").textContent = `generation ${body.generation}`;
}
function update() {
  const name = category(); $("sizeName").textContent = name; $("size").setAttribute("aria-valuetext", name); load();
}
for (const id of ["size"]) $(id).addEventListener("input", update);
for (const id of ["device", "orientation", "boldText", "profile", "keyboard", "locale", "sweepToggle"]) $(id).addEventListener("change", update);
function connect() {
  const socket = new WebSocket(`ws://${location.host}/ws`);
  socket.onmessage = (event) => { const message = JSON.parse(event.data); if (message.type === "changed") load(); };
  socket.onclose = () => setTimeout(connect, 1000);
}
state.categories = ["xSmall","small","medium","large","xLarge","xxLarge","xxxLarge","accessibility1","accessibility2","accessibility3","accessibility4","accessibility5"];
update(); connect();
</script>
</body>
</html>
"""#
}
