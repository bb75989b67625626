// Hand picker: draws the tiles Python sends, reports clicks and key presses back.
// No rule lives here: Python judges every selection and sends the verdict.

function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "gupai-picker";
  const hand = document.createElement("div");
  hand.className = "gupai-hand";
  hand.setAttribute("role", "group");
  hand.setAttribute("aria-label", "your tiles: click or press Space to select");
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

  function toggle(i) {
    const chosen = new Set(model.get("selected"));
    if (chosen.has(i)) chosen.delete(i); else chosen.add(i);
    model.set("selected", [...chosen].sort((a, b) => a - b));
    model.save_changes();
  }

  function drawHand() {
    const focused = document.activeElement && document.activeElement.dataset
      ? document.activeElement.dataset.index : undefined;
    const chosen = new Set(model.get("selected"));
    const labels = model.get("tile_labels");
    hand.replaceChildren();
    model.get("tiles_svg").forEach((svg, i) => {
      const b = document.createElement("button");
      b.className = "gupai-hand-tile";
      b.dataset.index = String(i);
      b.innerHTML = svg;
      b.setAttribute("aria-pressed", chosen.has(i) ? "true" : "false");
      b.setAttribute("aria-label", labels[i] || "tile");
      b.addEventListener("click", () => toggle(i));
      b.addEventListener("keydown", (e) => {
        const tiles = hand.querySelectorAll("button");
        if (e.key === "ArrowRight" && tiles[i + 1]) { tiles[i + 1].focus(); e.preventDefault(); }
        if (e.key === "ArrowLeft" && tiles[i - 1]) { tiles[i - 1].focus(); e.preventDefault(); }
      });
      hand.appendChild(b);
    });
    if (focused !== undefined) {
      const again = hand.querySelector(`button[data-index="${focused}"]`);
      if (again) again.focus();
    }
  }

  function drawActions() {
    actions.replaceChildren();
    for (const name of model.get("buttons")) {
      const b = document.createElement("button");
      b.textContent = name;
      b.className = "gupai-action";
      b.addEventListener("click", () => { model.set("command", name); model.save_changes(); });
      actions.appendChild(b);
    }
  }

  const drawVerdict = () => { verdict.innerHTML = model.get("verdict_html"); };
  const drawMessage = () => { message.textContent = model.get("message"); };
  drawHand(); drawVerdict(); drawActions(); drawMessage();
  model.on("change:tiles_svg", drawHand);
  model.on("change:verdict_html", drawVerdict);
  model.on("change:buttons", drawActions);
  model.on("change:message", drawMessage);
  return () => {
    model.off("change:tiles_svg", drawHand);
    model.off("change:verdict_html", drawVerdict);
    model.off("change:buttons", drawActions);
    model.off("change:message", drawMessage);
  };
}

export default { render };
