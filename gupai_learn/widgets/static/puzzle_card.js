// Puzzle card: draws the puzzle Python sends and the answer form; Python checks every answer.
// (pieceButtons and toggled come from pieces.js, bundled in front of this file by Python.)

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

function render({ model, el: host }) {
  const card = el("div", "gupai-card");
  const title = el("h4", "", model.get("title"));
  const prompt = el("p", "gupai-card-prompt", model.get("prompt"));
  const picture = el("div", "gupai-card-picture");
  picture.innerHTML = model.get("picture_html");
  const form = el("div", "gupai-card-form");
  const buttons = el("div", "gupai-card-buttons");
  const feedback = el("div", "gupai-card-feedback");
  feedback.setAttribute("aria-live", "polite");
  const hints = el("ul", "gupai-card-hints");
  const solution = el("div", "gupai-card-solution");
  card.append(title, prompt, picture, form, buttons, feedback, hints, solution);
  host.appendChild(card);
  const send = (name, value) => {
    // a press of the button just pressed: the browser may still hold that name (Python clears
    // it, but the browser site can miss the clearing), and setting an unchanged value sends
    // nothing, so the name is cleared first and the press always reaches Python
    if (name === "command" && model.get(name) === value) {
      model.set(name, "");
      model.save_changes();
    }
    model.set(name, value);
    model.save_changes();
  };

  function drawChoices() {
    const name = "gupai-choice-" + Math.random().toString(36).slice(2);
    const group = el("div", "gupai-card-choices");
    group.setAttribute("role", "radiogroup");
    group.setAttribute("aria-label", "answers to choose from");
    form.appendChild(group);
    for (const option of model.get("choices")) {
      const label = el("label", "gupai-card-choice");
      const input = el("input");
      input.type = "radio"; input.name = name; input.value = option;
      input.checked = model.get("choice") === option;
      input.addEventListener("change", () => send("choice", option));
      label.append(input, document.createTextNode(option));
      group.appendChild(label);
    }
  }

  function drawForm() {
    form.replaceChildren();
    const kind = model.get("kind");
    if (kind === "tiles" || kind === "move") {
      const caption = el("div", "gupai-card-pool-caption",
        model.get("pool_caption") + " click the tiles to select them");
      form.appendChild(caption);
      const pool = el("div", "gupai-card-pool");
      pool.setAttribute("role", "group");
      pool.setAttribute("aria-label", "tiles to choose from");
      pieceButtons(pool, model.get("pool"), model.get("selected"),
        (i) => send("selected", toggled(model.get("selected"), i)), "gupai-card-tile");
      form.appendChild(pool);
      if (kind === "move") drawChoices();  // a line game's move: where the tile goes
    } else if (kind === "choice") {
      drawChoices();
    } else if (kind === "numbers") {
      model.get("labels").forEach((labelText, i) => {
        const label = el("label", "", labelText + " ");
        const input = el("input");
        input.type = "number"; input.value = model.get("numbers")[i] || "";
        input.setAttribute("aria-label", labelText);
        input.addEventListener("input", () => {
          const values = [...model.get("numbers")];
          values[i] = input.value;
          send("numbers", values);
        });
        label.appendChild(input);
        form.appendChild(label);
      });
    }
  }

  function drawButtons() {
    buttons.replaceChildren();
    const make = (text, command, enabled) => {
      const b = el("button", "gupai-card-" + command, text);
      b.disabled = !enabled;
      b.addEventListener("click", () => send("command", command));
      buttons.appendChild(b);
    };
    make("Check", "check", true);
    make("Hint", "hint", model.get("has_more_hints"));
    make("Show solution", "solution", true);
    const count = model.get("attempts");
    if (count) buttons.appendChild(el("span", "gupai-card-attempts", ` attempts: ${count}`));
  }

  const drawFeedback = () => { feedback.innerHTML = model.get("feedback_html"); };
  const drawHints = () => {
    hints.replaceChildren(...model.get("hints").map((h) => el("li", "", h)));
  };
  const drawSolution = () => { solution.innerHTML = model.get("solution_html"); };
  drawForm(); drawButtons(); drawFeedback(); drawHints(); drawSolution();
  const events = [
    ["change:pool", drawForm], ["change:has_more_hints", drawButtons],
    ["change:attempts", drawButtons], ["change:feedback_html", drawFeedback],
    ["change:hints", drawHints], ["change:solution_html", drawSolution],
  ];
  for (const [name, f] of events) model.on(name, f);
  return () => { for (const [name, f] of events) model.off(name, f); };
}

export default { render };
