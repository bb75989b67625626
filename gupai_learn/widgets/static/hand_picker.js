// Hand picker: draws the pieces Python sends, reports clicks and key presses back.
// No rule lives here: Python judges every selection and sends the verdict and the buttons.
// (pieceButtons, toggled and part come from pieces.js; sender, commandButtons and listen from
// commands.js: Python bundles both in front of this file.)

function render({ model, el }) {
  const root = part("gupai-picker");
  const hand = part("gupai-hand", {
    role: "group",
    "aria-label": "your pieces: click, or Tab then Space, to select",
  });
  const verdict = part("gupai-verdict", { "aria-live": "polite" });
  const actions = part("gupai-actions");
  const message = part("gupai-message", { "aria-live": "polite" });
  const reference = part("gupai-picker-reference");
  root.append(hand, verdict, actions, message, reference);
  el.appendChild(root);

  const send = sender(model);
  // A click shows at once the verdict Python computed ahead for that piece (when it was computed
  // for the selection on screen), then sends the selection; Python's answer confirms it.
  function choose(i) {
    const now = model.get("selected");
    const next = toggled(now, i);
    const ahead = model.get("ahead") || {};
    if (ahead.for === now.join(",") && ahead[String(i)] !== undefined) {
      verdict.innerHTML = ahead[String(i)];
      const b = hand.querySelector(`button[data-index="${i}"]`);
      if (b) b.setAttribute("aria-pressed", next.includes(i) ? "true" : "false");
    }
    send("selected", next);
  }
  const drawHand = () => pieceButtons(hand, model.get("pieces"), model.get("selected"),
    choose, "gupai-hand-tile");

  function drawActions() {
    commandButtons(actions, model.get("buttons"), send);
    if (model.get("has_reference")) {
      const shown = model.get("reference_html") !== "";
      const r = document.createElement("button");
      r.textContent = "Reference card";
      r.className = "gupai-reference-toggle";
      r.setAttribute("aria-expanded", shown ? "true" : "false");
      r.title = shown ? "hide the ranking card" : "show the ranking card";
      r.addEventListener("click", () => send("command", "Reference card"));
      actions.appendChild(r);
    }
  }
  const drawReference = () => { reference.innerHTML = model.get("reference_html"); drawActions(); };

  const drawVerdict = () => { verdict.innerHTML = model.get("verdict_html"); };
  const drawMessage = () => { message.textContent = model.get("message"); };
  drawHand(); drawVerdict(); drawMessage(); drawReference();
  return listen(model, [["change:pieces", drawHand], ["change:verdict_html", drawVerdict],
    ["change:buttons", drawActions], ["change:message", drawMessage],
    ["change:reference_html", drawReference]]);
}

export default { render };
