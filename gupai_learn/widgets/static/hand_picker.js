// Hand picker: draws the pieces Python sends, reports clicks and key presses back.
// No rule lives here: Python judges every selection and sends the verdict and the buttons.
// (pieceButtons, toggled and part come from pieces.js, bundled in front of this file by Python.)

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

  const send = (name, value) => { model.set(name, value); model.save_changes(); };
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
    actions.replaceChildren();
    for (const name of model.get("buttons")) {
      const b = document.createElement("button");
      b.textContent = name;
      b.className = "gupai-action";
      b.addEventListener("click", () => send("command", name));
      actions.appendChild(b);
    }
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
  const events = [["change:pieces", drawHand], ["change:verdict_html", drawVerdict],
    ["change:buttons", drawActions], ["change:message", drawMessage],
    ["change:reference_html", drawReference]];
  for (const [name, f] of events) model.on(name, f);
  return () => { for (const [name, f] of events) model.off(name, f); };
}

export default { render };
