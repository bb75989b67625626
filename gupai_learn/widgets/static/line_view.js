// Line view: draws the line, its open ends and the hand Python sends; reports clicks back.
// No rule lives here: Python judges every selection and decides which ends may be clicked.
// (pieceButtons and part come from pieces.js; sender, commandButtons and listen from
// commands.js: Python bundles both in front of this file.)

function render({ model, el }) {
  const root = part("gupai-line-view");
  const line = part("gupai-line");
  const pile = part("gupai-line-pile");
  const ends = part("gupai-line-ends", { role: "group", "aria-label": "the open ends of the line" });
  const hand = part("gupai-hand", { role: "group", "aria-label": "your tiles: click one, then an end" });
  const actions = part("gupai-actions");
  const verdict = part("gupai-verdict", { "aria-live": "polite" });
  const message = part("gupai-message", { "aria-live": "polite" });
  root.append(line, pile, ends, hand, actions, verdict, message);
  el.appendChild(root);

  const send = sender(model);
  // The line comes in parts: SVG text, or [opening <g> tag, key] for a placed tile whose
  // drawing was sent once under that key (kept here); a key this view lacks is asked for.
  const bodies = new Map();
  const asked = new Set();  // each missing key is asked for once
  function drawLine() {
    const drawn = model.get("line") || {};
    for (const [key, body] of Object.entries(drawn.bodies || {})) bodies.set(key, body);
    const parts = drawn.parts || [];
    const missing = parts.filter((p) => Array.isArray(p) && !bodies.has(p[1])).map((p) => p[1]);
    if (missing.length) {
      const ask = missing.filter((key) => !asked.has(key));
      ask.forEach((key) => asked.add(key));
      if (ask.length) model.send({ want: ask });
      return;
    }
    const text = parts.map((p) => (Array.isArray(p) ? p[0] + bodies.get(p[1]) + "</g>" : p));
    line.innerHTML = (drawn.head || "") + text.join("") + (drawn.head ? "</svg>" : "");
  }
  function received(msg) {
    if (!msg || !msg.bodies) return;
    for (const [key, body] of Object.entries(msg.bodies)) bodies.set(key, body);
    drawLine();
  }
  const drawPile = () => { pile.innerHTML = model.get("pile_svg"); };
  const drawHand = () => pieceButtons(hand, model.get("pieces"), model.get("selected"),
    (i) => send("selected", model.get("selected").includes(i) ? [] : [i]), "gupai-hand-tile");

  function drawEnds() {
    ends.replaceChildren();
    for (const end of model.get("ends")) {
      const b = document.createElement("button");
      b.className = "gupai-line-end-button gupai-end-" + end.end;
      b.textContent = end.end === "left" ? "◀ " + end.label : end.label + " ▶";
      b.disabled = !end.enabled;
      b.setAttribute("aria-label", "place the selected tile: " + end.label);
      b.addEventListener("click", () => send("command", end.end));
      ends.appendChild(b);
    }
  }

  const drawActions = () => commandButtons(actions, model.get("buttons"), send);

  const drawVerdict = () => { verdict.innerHTML = model.get("verdict_html"); };
  // Python escapes the message and draws its rule ids (each opens its rule): see link_rules
  const drawMessage = () => { message.innerHTML = model.get("message_html"); };
  drawLine(); drawPile(); drawEnds(); drawHand(); drawActions(); drawVerdict(); drawMessage();
  return listen(model, [["change:line", drawLine], ["msg:custom", received],
    ["change:pile_svg", drawPile], ["change:ends", drawEnds],
    ["change:pieces", drawHand], ["change:buttons", drawActions],
    ["change:verdict_html", drawVerdict], ["change:message_html", drawMessage]]);
}

export default { render };
