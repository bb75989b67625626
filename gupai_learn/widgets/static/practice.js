// Practice board: what is due, why this puzzle, the rating chart, the stars per theme.
// Python chooses every puzzle; the page only draws what it sends and reports button presses.
// (sender, commandButtons and listen come from commands.js, bundled in front of this file.)

function node(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

const LABELS = { "next": "Next puzzle ▶", "all themes": "Every theme" };

function render({ model, el }) {
  const root = node("section", "gupai-practice");
  root.setAttribute("aria-label", "practice");
  const head = node("div", "gupai-practice-head");
  const title = node("h4", "gupai-practice-title");
  const summary = node("p", "gupai-practice-summary");
  head.append(title, summary);
  const status = node("p", "gupai-practice-status");
  status.setAttribute("aria-live", "polite");
  const actions = node("div", "gupai-practice-actions");
  const message = node("p", "gupai-practice-message");
  message.setAttribute("aria-live", "polite");
  const chart = node("div", "gupai-practice-chart");
  const themes = node("div", "gupai-practice-themes");
  root.append(head, status, actions, message, chart, themes);
  el.appendChild(root);
  const send = sender(model);

  function drawHead() {
    const theme = model.get("theme");
    title.textContent = "Practice · " + model.get("scope") + (theme ? " · theme: " + theme : "");
    summary.textContent = model.get("summary");
  }
  function drawActions() {
    actions.replaceChildren();
    for (const name of model.get("buttons")) {
      const b = node("button", "gupai-practice-" + name.replace(/\W+/g, "-"), LABELS[name] || name);
      b.addEventListener("click", () => send("command", name));
      actions.appendChild(b);
    }
  }
  function drawThemes() {
    themes.replaceChildren();
    const rows = model.get("themes");
    if (!rows.length) return;  // no puzzle carries a theme yet: nothing to show
    themes.appendChild(node("h5", "", "Stars per theme"));
    const table = node("table", "gupai-practice-theme-table");
    let game = null;
    for (const row of rows) {
      if (row.game !== game) {
        game = row.game;
        const tr = node("tr");
        const th = node("th", "", game);
        th.colSpan = 3;
        tr.appendChild(th);
        table.appendChild(tr);
      }
      const tr = node("tr");
      const name = node("td", "gupai-practice-theme-name", row.theme);
      const stars = node("td", "gupai-practice-theme-stars");
      const track = node("span", "gupai-practice-bar");
      track.setAttribute("role", "img");
      track.setAttribute("aria-label", `${row.earned} of ${row.possible} stars`);
      const fill = node("span", "gupai-practice-fill");
      fill.style.width = (row.possible ? Math.round(100 * row.earned / row.possible) : 0) + "%";
      track.appendChild(fill);
      stars.append(track, document.createTextNode(` ★ ${row.earned}/${row.possible}`));
      const cell = node("td");
      const b = node("button", "gupai-practice-theme-button", "Practise");
      b.setAttribute("aria-label", "practise the theme " + row.theme);
      b.setAttribute("aria-pressed", model.get("theme") === row.theme ? "true" : "false");
      b.addEventListener("click", () => send("command", row.key));
      cell.appendChild(b);
      tr.append(name, stars, cell);
      table.appendChild(tr);
    }
    themes.appendChild(table);
  }
  const drawStatus = () => { status.textContent = model.get("status"); };
  const drawMessage = () => { message.textContent = model.get("message"); };
  const drawChart = () => { chart.innerHTML = model.get("chart_html"); };
  // "n" anywhere on the board (outside a text field) asks for the next puzzle
  root.addEventListener("keydown", (event) => {
    if (event.key === "n" && !event.ctrlKey && !event.metaKey && !event.altKey
        && !["INPUT", "TEXTAREA"].includes(event.target.tagName)) {
      event.preventDefault();
      send("command", "next");
    }
  });
  drawHead(); drawActions(); drawThemes(); drawStatus(); drawMessage(); drawChart();
  return listen(model, [
    ["change:summary", drawHead], ["change:scope", drawHead], ["change:theme", drawHead],
    ["change:theme", drawThemes], ["change:buttons", drawActions], ["change:themes", drawThemes],
    ["change:status", drawStatus], ["change:message", drawMessage],
    ["change:chart_html", drawChart],
  ]);
}

export default { render };
