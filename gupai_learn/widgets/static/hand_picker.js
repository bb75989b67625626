// Hand picker: draws the pieces Python sends, reports clicks and key presses back.
// No rule lives here: Python judges every selection and sends the verdict and the buttons.
// (pieceButtons and toggled come from pieces.js, bundled in front of this file by Python.)

function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "gupai-picker";
  const hand = document.createElement("div");
  hand.className = "gupai-hand";
  hand.setAttribute("role", "group");
  hand.setAttribute("aria-label", "your pieces: click, or Tab then Space, to select");
  const verdict = document.createElement("div");
  verdict.className = "gupai-verdict";
  verdict.setAttribute("aria-live", "polite");
  const actions = document.createElement("div");
  actions.className = "gupai-actions";
  const message = document.createElement("div");
  message.className = "gupai-message";
  message.setAttribute("aria-live", "polite");
  root.append(hand, verdict, actions, message);
  el.appendChild(root);

  const send = (name, value) => { model.set(name, value); model.save_changes(); };
  const drawHand = () => pieceButtons(hand, model.get("pieces"), model.get("selected"),
    (i) => send("selected", toggled(model.get("selected"), i)), "gupai-hand-tile");

  function drawActions() {
    actions.replaceChildren();
    for (const name of model.get("buttons")) {
      const b = document.createElement("button");
      b.textContent = name;
      b.className = "gupai-action";
      b.addEventListener("click", () => send("command", name));
      actions.appendChild(b);
    }
  }

  const drawVerdict = () => { verdict.innerHTML = model.get("verdict_html"); };
  const drawMessage = () => { message.textContent = model.get("message"); };
  drawHand(); drawVerdict(); drawActions(); drawMessage();
  const events = [["change:pieces", drawHand], ["change:verdict_html", drawVerdict],
    ["change:buttons", drawActions], ["change:message", drawMessage]];
  for (const [name, f] of events) model.on(name, f);
  return () => { for (const [name, f] of events) model.off(name, f); };
}

export default { render };
